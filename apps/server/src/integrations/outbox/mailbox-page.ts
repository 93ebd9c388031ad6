import type { OutboxMessage } from '@ztart/shared/contracts/auth';
import { escapeHtml } from '../messages/render.ts';

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

/** Escapes the text and turns every URL in it into a link. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f1f5f9; color: #0f172a; }
  header { background: #0f766e; color: #fff; padding: 16px 24px; }
  header h1 { margin: 0; font-size: 20px; }
  header p { margin: 4px 0 0; opacity: .9; font-size: 14px; }
  header a { color: #fff; }
  main { max-width: 860px; margin: 0 auto; padding: 16px; }
  article { background: #fff; border-radius: 10px; padding: 16px 20px; margin: 0 0 16px; box-shadow: 0 1px 2px rgb(0 0 0 / .08); }
  .meta { font-size: 13px; color: #475569; display: flex; gap: 12px; flex-wrap: wrap; }
  .channel { font-weight: 700; text-transform: uppercase; letter-spacing: .05em; }
  .sms .channel { color: #b45309; } .email .channel { color: #0f766e; }
  h2 { font-size: 17px; margin: 8px 0; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
  a { color: #0f766e; }
  .empty { text-align: center; color: #475569; padding: 48px 0; }
`;

/**
 * The outbox as a page for a person (outside production only): newest first, mail and SMS,
 * links clickable. No script at all, so it works under the app's Content Security Policy.
 */
export function renderMailboxPage(messages: OutboxMessage[], filter: string | undefined): string {
  const items = messages.map(
    (message) => `<article class="${message.channel}">
  <div class="meta"><span class="channel">${message.channel === 'sms' ? 'SMS' : 'Email'}</span>
  <span>To: <a href="?to=${encodeURIComponent(message.to)}">${escapeHtml(message.to)}</a></span>
  <time datetime="${message.createdAt}">${escapeHtml(message.createdAt.replace('T', ' ').slice(0, 19))} UTC</time></div>
  ${message.subject ? `<h2>${escapeHtml(message.subject)}</h2>` : ''}
  <pre>${linkify(message.text)}</pre>
</article>`,
  );
  const filterNote = filter
    ? `Only messages to ${escapeHtml(filter)} · <a href="/dev/mailbox">show all</a> · `
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Mailbox · Ztart Tips</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>Ztart Tips mailbox</h1>
<p>Mail and SMS the app would have sent (development only). ${filterNote}<a href="">Refresh</a></p></header>
<main>
${items.length > 0 ? items.join('\n') : '<p class="empty">No messages yet.</p>'}
</main>
</body>
</html>
`;
}

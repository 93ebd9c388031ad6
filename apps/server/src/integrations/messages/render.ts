import type { Language } from '@ztart/shared/languages';
import type { MailContent, MessageCatalogue, TipReceiptSmsParams } from './catalogue.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';

export const CATALOGUES: Record<Language, MessageCatalogue> = { en, es, fr, pt };

/** The mails the server sends, each with the values its text needs. */
export type MailKind = {
  [K in keyof MessageCatalogue]: MessageCatalogue[K] extends (params: infer P) => MailContent
    ? { kind: K; params: P }
    : never;
}[keyof MessageCatalogue];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail(language: Language, mail: MailKind): RenderedMail {
  const catalogue = CATALOGUES[language];
  // Each kind's params match its function; TypeScript cannot follow the union through the index.
  const content = (catalogue[mail.kind] as (params: MailKind['params']) => MailContent)(mail.params);
  return { subject: content.subject, text: textBody(catalogue, content), html: htmlBody(catalogue, content) };
}

export function renderPhoneCodeSms(language: Language, params: { code: string; minutes: number }): string {
  return CATALOGUES[language].phoneCodeSms(params);
}

export function renderTipReceiptSms(language: Language, params: TipReceiptSmsParams): string {
  return CATALOGUES[language].tipReceiptSms(params);
}

function textBody(catalogue: MessageCatalogue, content: MailContent): string {
  const blocks = [catalogue.greeting, ...content.paragraphs];
  if (content.action) blocks.push(`${content.action.label}\n${content.action.url}`);
  blocks.push(...(content.after ?? []), catalogue.signature, `--\n${catalogue.footer}`);
  return `${blocks.join('\n\n')}\n`;
}

/** Inline styles only: mail programs ignore style sheets. Every value is escaped. */
function htmlBody(catalogue: MessageCatalogue, content: MailContent): string {
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(catalogue.linkFallback)}<br><a href="${escapeHtml(content.action.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    paragraph(catalogue.greeting),
    ...content.paragraphs.map(paragraph),
    action,
    ...(content.after ?? []).map(paragraph),
    paragraph(catalogue.signature),
    `<p style="margin:24px 0 0;font-size:12px;color:#64748b">${escapeHtml(catalogue.footer)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

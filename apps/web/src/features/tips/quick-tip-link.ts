/** The quick-tip page: its own light entry (quick-tip.html), loaded with a full page load. */
export const QUICK_TIP_PATH = '/quick-tip';

/** The quick tip of a signed-in person, inside the app: a recipient picker, then the balance first. */
export const SIGNED_IN_QUICK_TIP_PATH = '/quick-tip/send';

/** The link that opens the quick-tip page for this ztartag. */
export function tipLinkOf(tag: string, origin: string = window.location.origin): string {
  return `${origin}${QUICK_TIP_PATH}?to=${encodeURIComponent(tag)}`;
}

/** The tip widget's page: the quick-tip page made compact for an iframe on the receiver's site. */
export function widgetUrlOf(tag: string, origin: string = window.location.origin): string {
  return `${tipLinkOf(tag, origin)}&embed=1`;
}

/** The HTML a receiver pastes into their own site: the quick-tip page in a frame. */
export function iframeSnippetOf(tag: string, title: string, origin: string = window.location.origin): string {
  return `<iframe src="${escapeAttribute(widgetUrlOf(tag, origin))}" title="${escapeAttribute(title)}" width="380" height="720" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/** The lighter option: a plain link styled as a button, opening the quick-tip page. */
export function buttonSnippetOf(tag: string, label: string, origin: string = window.location.origin): string {
  const style =
    'display:inline-block;padding:12px 20px;border-radius:10px;background:#047857;color:#fff;font:600 16px/1.2 system-ui,sans-serif;text-decoration:none';
  return `<a href="${escapeAttribute(tipLinkOf(tag, origin))}" target="_blank" rel="noopener" style="${style}">${escapeText(label)}</a>`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The browser loads `url` as a new document (the light page has no place in the app's router). */
export function loadDocument(url: string): void {
  window.location.assign(url);
}

/**
 * Whether this document was itself loaded at `/quick-tip`: then the server answered with the app
 * (a build without the light page) and loading it again would only loop.
 */
export function documentLoadedAtQuickTip(): boolean {
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  if (!entry) return false;
  try {
    return new URL(entry.name).pathname.replace(/\/$/, '') === QUICK_TIP_PATH;
  } catch {
    return false;
  }
}

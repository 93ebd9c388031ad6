import type { Language } from './languages.ts';

/**
 * The first paint of the app's heaviest first screens (decision 0041). The web build renders each
 * screen's first frame (its header, texts and loading shapes, no personal data) with React's
 * server renderer, once per language, into `dist/.ssr/first-paint.json`. The server puts the one
 * of the browser's language in the app's HTML; the browser shows it until the app has rendered the
 * same screen, then drops it.
 */

/** The element that holds the first paint, before the app's root. */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/** Where the web build leaves the rendered first paints, relative to its output folder. */
export const FIRST_PAINT_FILE = '.ssr/first-paint.json';

export const FIRST_PAINT_SCREENS = ['auth', 'wallet'] as const;
export type FirstPaintScreen = (typeof FIRST_PAINT_SCREENS)[number];

/** What the build writes: each screen's first paint (the element's HTML) per language. */
export type FirstPaints = Record<FirstPaintScreen, Record<Language, string>>;

/**
 * Which first paint a page request gets, or null: none for this path, this query or this visitor.
 * `signedIn`: the request carries a session cookie.
 */
export function firstPaintScreenOf(
  pathname: string,
  search: string,
  signedIn: boolean,
): FirstPaintScreen | null {
  const params = new URLSearchParams(search);
  // Sign-in (the default view) for someone signed out: with a session cookie the screen may send
  // the person on.
  if (pathname === '/auth' && !signedIn && (params.get('mode') ?? 'sign-in') === 'sign-in') return 'auth';
  // The wallet for someone with a session; `?action=` opens a flow in a dialog at once.
  if (pathname === '/wallet' && signedIn && !params.has('action')) return 'wallet';
  return null;
}

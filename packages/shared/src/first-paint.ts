import type { SessionResponse } from './contracts/auth.ts';
import type { DashboardResponse } from './contracts/dashboard.ts';
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

/**
 * The renderer of the first paints, compiled for Node by the web build (apps/web/src/app/first-paint/server.tsx):
 * the build runs it for the screens without personal data, the server for a signed-in person's home
 * (decision 0055).
 */
export const FIRST_PAINT_RENDERER_FILE = '.ssr/first-paint.js';

/**
 * A page that starts the app after its first paint (decision 0054) lists what the app needs in a
 * data block of this id, which its boot script reads and turns into tags, one per task.
 */
export const APP_BOOT_DATA_ID = 'app-boot';

/** What that data block holds. */
export interface AppBoot {
  /** The app's entry script. */
  entry: string;
  /** The modules the screen needs, to preload. */
  modules: string[];
  /** The answers the screen needs (its catalogue, the session, its data), to preload. */
  fetches: string[];
  /** Whether the request carried a session cookie: the app then prepares what signed-in screens show. */
  signedIn: boolean;
}

/**
 * The boot script marks the document element with this attribute, and dispatches this event on the
 * document, once it has added its last tag: from then on the screen's modules are all asked for.
 */
export const APP_BOOTED_ATTRIBUTE = 'data-app-booted';
export const APP_BOOTED_EVENT = 'app-booted';

/** Where a page rendered with a person's first answers hands them to the app (a JSON block, never run). */
export const FIRST_DATA_ELEMENT_ID = 'first-data';

/**
 * A signed-in person's home as the server read it for the page: the answers of
 * `GET /api/auth/session` and `GET /api/dashboard`, which the app then uses instead of asking.
 */
export interface HomeFirstData {
  session: SessionResponse;
  dashboard: DashboardResponse;
}

/** What `FIRST_PAINT_RENDERER_FILE` exports for the server. */
export interface FirstPaintRenderer {
  /**
   * The first paint's element of a signed-in person's home with their figures; `catalogue` is the
   * build's catalogue file of the language (every namespace).
   */
  renderHomeFirstPaint: (
    language: Language,
    catalogue: Record<string, unknown>,
    data: HomeFirstData,
  ) => string;
}

export const FIRST_PAINT_SCREENS = ['auth', 'wallet', 'home'] as const;
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
  // The home screen for someone with a session, as it shows while the session and figures load.
  if (pathname === '/' && signedIn) return 'home';
  return null;
}

/** `GET /api/dashboard`: what the home screen shows first. */
export const DASHBOARD_URL = '/api/dashboard';
/** `GET /api/wallet`: what the wallet screen shows first. */
export const WALLET_URL = '/api/wallet';

/**
 * The answers a signed-in person's screen asks for first, by route: the server has the browser
 * ask for them with the page (a fetch preload), in parallel with the app's code, instead of once
 * that code has run.
 */
export const FIRST_DATA_BY_ROUTE: Readonly<Record<string, readonly string[]>> = {
  '/': [DASHBOARD_URL],
  '/wallet': [WALLET_URL],
};

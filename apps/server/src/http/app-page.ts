import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  FIRST_DATA_BY_ROUTE,
  FIRST_DATA_ELEMENT_ID,
  FIRST_PAINT_ELEMENT_ID,
  FIRST_PAINT_FILE,
  FIRST_PAINT_SCREENS,
  type FirstPaints,
  firstPaintScreenOf,
  type HomeFirstData,
} from '@ztart/shared/first-paint';
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@ztart/shared/languages';
import { jsonForScriptElement } from '@ztart/shared/script-data';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { APP_BOOT_SCRIPT_SOURCE, appBootElements } from './app-boot.ts';
import { createHomeRenderer } from './home-renderer.ts';
import { inlineStylesheets, inlineThemeScript } from './inline-assets.ts';
import { languageTagsOf } from './quick-tip-page.ts';
import { pagePolicyOf } from './security-headers.ts';

/** Written by the web build (apps/web/tooling/route-preloads-plugin.ts); a dot folder, never served. */
export const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');
const EMPTY_ROOT = '<div id="root"></div>';
/** What the app asks for first, whoever is visiting (apps/web/src/lib/auth/session.ts). */
export const SESSION_URL = '/api/auth/session';

interface RoutePreload {
  path: string;
  modules: string[];
  signedInModules: string[];
  styles: string[];
}

interface RoutePreloads {
  locales: Record<string, string>;
  routes: RoutePreload[];
}

/** Asset URLs only: what goes into an attribute must be one of the build's own files. */
const ASSET_URL = /^\/(?:assets\/[\w.-]+\.(?:js|css)|locales\/[a-z]{2}\.json\?v=[0-9a-f]+)$/;

/** The app's entry script and the modules the build preloads with it, as index.html has them. */
const ENTRY_SCRIPT = /^[ \t]*<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\n/m;
const ENTRY_PRELOADS = /^[ \t]*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\n/gm;

/** The build's first paints: an element of ours per screen and language, nothing else. */
function isFirstPaints(value: unknown): value is FirstPaints {
  const candidate = value as Record<string, Record<string, unknown>> | null;
  return FIRST_PAINT_SCREENS.every((screen) =>
    LANGUAGES.every((language) => {
      const paint = candidate?.[screen]?.[language];
      return typeof paint === 'string' && paint.startsWith(`<div id="${FIRST_PAINT_ELEMENT_ID}" `);
    }),
  );
}

function readFirstPaints(distDir: string, log: FastifyBaseLogger): FirstPaints | null {
  const file = path.join(distDir, FIRST_PAINT_FILE);
  if (!existsSync(file)) return null;
  try {
    const paints: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isFirstPaints(paints)) return paints;
  } catch {
    // Logged below.
  }
  log.warn({ file }, 'the app page is sent without its first paints');
  return null;
}

function isRoutePreloads(value: unknown): value is RoutePreloads {
  const candidate = value as Partial<RoutePreloads> | null;
  const urls = (list: unknown) =>
    Array.isArray(list) && list.every((url) => typeof url === 'string' && ASSET_URL.test(url));
  return (
    typeof candidate?.locales === 'object' &&
    candidate.locales !== null &&
    Object.values(candidate.locales).every((url) => urls([url])) &&
    Array.isArray(candidate.routes) &&
    candidate.routes.every(
      (route) =>
        typeof route?.path === 'string' &&
        urls(route.modules) &&
        urls(route.signedInModules) &&
        urls(route.styles),
    )
  );
}

/** `/transactions/:id` matches `/transactions/abc`; a pattern's `:name` is one non-empty segment. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return false;
  return want.every((segment, index) => segment.startsWith(':') || segment === got[index]);
}

/** The first of the browser's languages that the app has, as its i18n detection picks it. */
export function preferredLanguage(acceptLanguage: string | undefined): Language {
  for (const tag of languageTagsOf(acceptLanguage)) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

export interface AppPageOptions {
  distDir: string;
  /** Whether the request carries a session cookie (then the signed-in screen's code is preloaded). */
  hasSession: (request: FastifyRequest) => boolean;
  /**
   * The answers a signed-in person's home is rendered from on the server (decision 0055); null when
   * the request opens no session. Without it, home's first paint is its loading shapes.
   */
  homeFirstData?: (request: FastifyRequest) => Promise<HomeFirstData | null>;
  log: FastifyBaseLogger;
}

/**
 * The app's HTML (`index.html`) for a screen, with what that screen needs requested at once
 * (decision 0035): `modulepreload` for its chunks (the browser would otherwise ask for them only
 * after the entry has run), and `preload` for the catalogue of the browser's language and for the
 * session, which the app asks for first. Without the build's list (an older build), the HTML is
 * sent as built.
 *
 * `/auth`, `/wallet` and `/` also carry their first paint in the browser's language, rendered by the
 * build (decision 0041), and then start the app once it is painted (app-boot.ts, decision 0054);
 * a signed-in person's first data (FIRST_DATA_BY_ROUTE) is preloaded with the session. Without the
 * first paints (an older build), the page is sent without them and the app renders as before.
 */
export function createAppPage(options: AppPageOptions) {
  const htmlPath = path.join(options.distDir, 'index.html');
  const preloadsPath = path.join(options.distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(htmlPath) || !existsSync(preloadsPath)) return null;
  const { html, scriptHash } = inlineThemeScript(
    inlineStylesheets(readFileSync(htmlPath, 'utf8'), options.distDir),
    options.distDir,
  );
  const contentSecurityPolicy = pagePolicyOf({
    scriptSources: [...(scriptHash ? [scriptHash] : []), APP_BOOT_SCRIPT_SOURCE],
  });
  // Before the line of `</head>`, so that the links keep the HTML's indentation.
  const headEnd = html.lastIndexOf('\n', html.indexOf('</head>')) + 1;
  let preloads: unknown;
  try {
    preloads = JSON.parse(readFileSync(preloadsPath, 'utf8'));
  } catch {
    preloads = null;
  }
  if (headEnd <= 0 || !isRoutePreloads(preloads)) {
    options.log.warn({ file: preloadsPath }, 'the app page is sent without its preloads');
    return null;
  }
  const { locales, routes } = preloads;
  const pages = new Map<string, { body: string; etag: string }>();
  const rootAt = html.indexOf(EMPTY_ROOT);

  const bodyEnd = html.lastIndexOf('</body>');
  const head = html.slice(0, headEnd);
  const entry = ENTRY_SCRIPT.exec(head)?.[1];
  // Before the app's root, which stays empty: the app renders there as before. The app starts once
  // it is painted (app-boot.ts), so the entry's tags leave the head of such a page.
  const firstPaints =
    rootAt >= 0 && bodyEnd > rootAt && entry ? readFirstPaints(options.distDir, options.log) : null;
  const entryModules = [...head.matchAll(ENTRY_PRELOADS)].map((match) => match[1] ?? '');
  const headWithoutEntry = head.replace(ENTRY_SCRIPT, '').replace(ENTRY_PRELOADS, '');

  /** The page's HTML, with its first paint (or none) and, for a person's home, the answers it shows. */
  const assemble = (
    route: RoutePreload | undefined,
    language: Language,
    signedIn: boolean,
    firstPaint: string,
    firstData: HomeFirstData | null = null,
  ) => {
    const modules = [...(route?.modules ?? []), ...(signedIn ? (route?.signedInModules ?? []) : [])];
    const locale = locales[language] ?? locales[FALLBACK_LANGUAGE];
    // `crossorigin` (anonymous): the same mode and credentials as the app's fetch(), so that
    // the browser hands the preloaded answer to it instead of asking again. A page that carries
    // its answers asks for none of them.
    const firstFetches = signedIn && route ? (FIRST_DATA_BY_ROUTE[route.path] ?? []) : [];
    const fetches = [...(locale ? [locale] : []), ...(firstData ? [] : [SESSION_URL, ...firstFetches])];
    const styles = (route?.styles ?? []).map((url) => `<link rel="stylesheet" crossorigin href="${url}">`);
    const links = (list: string[]) => list.map((link) => `    ${link}\n`).join('');
    return firstPaint
      ? [
          headWithoutEntry,
          links(styles),
          html.slice(headEnd, rootAt),
          firstPaint,
          html.slice(rootAt, bodyEnd),
          firstData
            ? `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${jsonForScriptElement(firstData)}</script>`
            : '',
          appBootElements({ entry: entry ?? '', modules: [...entryModules, ...modules], fetches, signedIn }),
          html.slice(bodyEnd),
        ].join('')
      : [
          head,
          links([
            ...styles,
            ...modules.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`),
            ...fetches.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
          ]),
          html.slice(headEnd),
        ].join('');
  };

  const pageFor = (
    route: RoutePreload | undefined,
    language: Language,
    signedIn: boolean,
    screen: keyof FirstPaints | null,
  ) => {
    const key = `${route?.path ?? ''}|${language}|${signedIn}|${screen ?? ''}`;
    let page = pages.get(key);
    if (!page) {
      const body = assemble(route, language, signedIn, screen ? (firstPaints?.[screen][language] ?? '') : '');
      page = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      pages.set(key, page);
    }
    return page;
  };

  // A signed-in person's home, rendered with their figures for each request (decision 0055).
  const { homeFirstData } = options;
  const homeRenderer = firstPaints && homeFirstData ? createHomeRenderer(options.distDir, options.log) : null;
  /** The home with the person's figures, or null: no session, no renderer, or it failed (logged). */
  const personalHome = async (
    request: FastifyRequest,
    route: RoutePreload | undefined,
    language: Language,
  ) => {
    if (!homeRenderer || !homeFirstData) return null;
    let data: HomeFirstData | null;
    try {
      data = await homeFirstData(request);
    } catch (error) {
      request.log.error({ err: error }, 'the home’s figures could not be read for its page');
      return null;
    }
    const firstPaint = data ? await homeRenderer.render(language, data) : null;
    return data && firstPaint ? assemble(route, language, true, firstPaint, data) : null;
  };

  return {
    async send(request: FastifyRequest, reply: FastifyReply) {
      const pathname = (request.raw.url ?? request.url).split(/[?#]/, 1)[0] ?? '/';
      const route = routes.find((candidate) => matchesRoute(candidate.path, pathname));
      const signedIn = options.hasSession(request);
      const url = request.raw.url ?? request.url;
      const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      const screen = firstPaints ? firstPaintScreenOf(pathname, search, signedIn) : null;
      const language = preferredLanguage(request.headers['accept-language']);
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', contentSecurityPolicy)
        .header('vary', 'accept-language, cookie');
      const personal = screen === 'home' ? await personalHome(request, route, language) : null;
      // A person's figures: never kept, by the browser or anything between.
      if (personal) return reply.header('cache-control', 'no-store').send(personal);
      const page = pageFor(route, language, signedIn, screen);
      reply.header('cache-control', 'no-cache').header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      return reply.send(page.body);
    },
    close: async (): Promise<void> => homeRenderer?.close(),
  };
}

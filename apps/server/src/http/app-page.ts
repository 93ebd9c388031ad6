import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  FIRST_PAINT_ELEMENT_ID,
  FIRST_PAINT_FILE,
  FIRST_PAINT_SCREENS,
  type FirstPaints,
  firstPaintScreenOf,
} from '@ztart/shared/first-paint';
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@ztart/shared/languages';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { languageTagsOf } from './quick-tip-page.ts';

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
  log: FastifyBaseLogger;
}

/**
 * The app's HTML (`index.html`) for a screen, with what that screen needs requested at once
 * (decision 0035): `modulepreload` for its chunks (the browser would otherwise ask for them only
 * after the entry has run), and `preload` for the catalogue of the browser's language and for the
 * session, which the app asks for first. Without the build's list (an older build), the HTML is
 * sent as built.
 *
 * `/auth` and `/wallet` also carry their first paint in the browser's language, rendered by the
 * build (decision 0041). Without it (an older build), the page is sent without it and the app
 * renders as before.
 */
export function createAppPage(options: AppPageOptions) {
  const htmlPath = path.join(options.distDir, 'index.html');
  const preloadsPath = path.join(options.distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(htmlPath) || !existsSync(preloadsPath)) return null;
  const html = readFileSync(htmlPath, 'utf8');
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

  // Before the app's root, which stays empty: the app renders there as before.
  const firstPaints = rootAt >= 0 ? readFirstPaints(options.distDir, options.log) : null;

  const pageFor = (
    route: RoutePreload | undefined,
    language: Language,
    signedIn: boolean,
    screen: keyof FirstPaints | null,
  ) => {
    const key = `${route?.path ?? ''}|${language}|${signedIn}|${screen ?? ''}`;
    let page = pages.get(key);
    if (!page) {
      const modules = [...(route?.modules ?? []), ...(signedIn ? (route?.signedInModules ?? []) : [])];
      const locale = locales[language] ?? locales[FALLBACK_LANGUAGE];
      const links = [
        ...(route?.styles ?? []).map((url) => `<link rel="stylesheet" crossorigin href="${url}">`),
        ...modules.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`),
        // `crossorigin` (anonymous): the same mode and credentials as the app's fetch(), so that
        // the browser hands the preloaded answer to it instead of asking again.
        ...(locale ? [`<link rel="preload" as="fetch" crossorigin href="${locale}">`] : []),
        `<link rel="preload" as="fetch" crossorigin href="${SESSION_URL}">`,
      ];
      const firstPaint = screen ? (firstPaints?.[screen][language] ?? '') : '';
      const body = [
        html.slice(0, headEnd),
        links.map((link) => `    ${link}\n`).join(''),
        firstPaint ? html.slice(headEnd, rootAt) : html.slice(headEnd),
        ...(firstPaint ? [firstPaint, html.slice(rootAt)] : []),
      ].join('');
      page = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      pages.set(key, page);
    }
    return page;
  };

  return {
    send(request: FastifyRequest, reply: FastifyReply) {
      const pathname = (request.raw.url ?? request.url).split(/[?#]/, 1)[0] ?? '/';
      const route = routes.find((candidate) => matchesRoute(candidate.path, pathname));
      const signedIn = options.hasSession(request);
      const url = request.raw.url ?? request.url;
      const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      const screen = firstPaints ? firstPaintScreenOf(pathname, search, signedIn) : null;
      const page = pageFor(route, preferredLanguage(request.headers['accept-language']), signedIn, screen);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language, cookie')
        .header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      return reply.send(page.body);
    },
  };
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { QuickTipProfile } from '@ztart/shared/contracts/qr-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AllowedMethods } from './allowed-methods.ts';
import { isApiPath } from './api-path.ts';
import { type AppPageOptions, createAppPage } from './app-page.ts';
import { sendError } from './error-handler.ts';
import { createQuickTipPage } from './quick-tip-page.ts';

/** Vite puts content-hashed files under `assets/`: a new build gets new names, so they never change. */
const HASHED_ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, locales, manifest, icons) may be kept but is checked again each time. */
const REVALIDATE = 'no-cache';
/**
 * Headers that govern a document (what it may load, frame or open), which a script or a style
 * sheet has no use for. A first screen loads 30 to 40 such files: over HTTP/1.1 these headers made
 * about 600 of each answer's 1,000 header bytes. `nosniff`, `Cross-Origin-Resource-Policy` and
 * `Referrer-Policy` (a module script's own imports follow it) stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
const SUBRESOURCE_FILE = /\.(?:js|css)(?:\.br|\.gz)?$/;

/** The light page of `/quick-tip` (its own small entry of the Vite build, without the app). */
export const QUICK_TIP_HTML = 'quick-tip.html';
export const QUICK_TIP_PATHS = ['/quick-tip', '/quick-tip/'] as const;

export const WEB_APP_NOT_BUILT_MESSAGE =
  'The web app is not built yet. Run `npm run build` at the repository root, then restart the server.\n';

/**
 * Serves the built single-page app from `distDir`: its files as they are, and `index.html` for
 * every other GET outside `/api` so that the browser's router handles deep links such as
 * `/qr-codes/abc/edit`. Also owns the answer for every unknown URL, API ones included.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    /** The receiver of a tip link, for the quick-tip page rendered on the server; null: unknown. */
    quickTipProfile?: (ztartag: string) => Promise<QuickTipProfile | null>;
    /**
     * Whether this request may have the quick-tip page rendered with its receiver; when not (too
     * many public profiles read from one address), the page comes without one and asks the API.
     */
    mayRenderQuickTip?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
    /** Whether a request carries a session cookie: its screen's signed-in code is preloaded. */
    hasSession?: (request: FastifyRequest) => boolean;
    /** What a signed-in person's home is rendered from on the server (decision 0055). */
    homeFirstData?: AppPageOptions['homeFirstData'];
    /** The methods an API path has routes for: another method on it is answered 405 with `Allow`. */
    allowedMethods?: AllowedMethods;
  },
) {
  const isBuilt = existsSync(path.join(options.distDir, 'index.html'));
  // The app's HTML with each screen's code, catalogue and session preloaded (decision 0035).
  const appPage = isBuilt
    ? createAppPage({
        distDir: options.distDir,
        hasSession: options.hasSession ?? (() => false),
        homeFirstData: options.homeFirstData,
        log: app.log,
      })
    : null;
  if (appPage) app.addHook('onClose', () => appPage.close());
  if (isBuilt) {
    const assetsDir = path.join(options.distDir, HASHED_ASSETS_DIR) + path.sep;
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      // The build leaves `file.br` and `file.gz` beside each text file (compressed once, at the
      // strongest settings): handed out as they are to browsers that accept them.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(assetsDir);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        if (hashed && SUBRESOURCE_FILE.test(filePath)) {
          for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
        }
      },
    });
    // The static files answer a folder (`/`) with 403 when directory indexes are off.
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      appPage ? appPage.send(request, reply) : reply.sendFile('index.html'),
    );
    // A stranger's phone opens the quick tip from a QR code: it gets the light page, not the app.
    // A build without it (older than the page) still has the app's own quick-tip screen.
    const quickTipPage = existsSync(path.join(options.distDir, QUICK_TIP_HTML))
      ? QUICK_TIP_HTML
      : 'index.html';
    // Rendered on the server when the build has its renderer (decision 0022).
    const rendered =
      quickTipPage === QUICK_TIP_HTML && options.quickTipProfile
        ? createQuickTipPage({
            distDir: options.distDir,
            htmlFile: QUICK_TIP_HTML,
            profileOf: options.quickTipProfile,
            log: app.log,
          })
        : null;
    for (const url of QUICK_TIP_PATHS) {
      app.get(url, { schema: { hide: true } }, async (request, reply) =>
        rendered && ((await options.mayRenderQuickTip?.(request, reply)) ?? true)
          ? rendered.send(request, reply)
          : reply.sendFile(quickTipPage),
      );
    }
    if (rendered) {
      app.addHook('onListen', async () => {
        rendered.warmUp();
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url)) {
      // A known API path asked with a method it lacks: 405 with the methods it has.
      const allowed = options.allowedMethods?.(request.url) ?? [];
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return sendError(reply.header('allow', allowed.join(', ')), 'method_not_allowed');
      }
    }
    if (!isPageRequest || isApiPath(request.url) || looksLikeFile(request.url)) {
      return sendError(reply, 'not_found');
    }
    if (!isBuilt) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(WEB_APP_NOT_BUILT_MESSAGE);
    }
    return appPage ? appPage.send(request, reply) : reply.sendFile('index.html');
  });
}

/** `/assets/gone-1a2b.js` or `/favicon.ico`: a missing file must not turn into the app's HTML. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(lastSegment);
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-path.ts';

/**
 * The Content Security Policy of every answer: only our own origin runs scripts, loads data
 * and frames nothing. Inline styles are allowed because UI libraries (and the API reference
 * page) set style attributes; inline scripts are not.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A CSP header value from directives such as CSP_DIRECTIVES (`defaultSrc` → `default-src`). */
export function cspHeaderOf(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join(';');
}

/**
 * The tip widget (`/quick-tip?...&embed=1`) is meant to sit in an iframe on the receiver's own
 * site, so that page alone may be framed by any site. It stays safe to frame: inside another
 * site's frame the browser sends no session cookie (SameSite=Lax), so the page can only take a
 * card typed in by the person, never spend a signed-in balance.
 */
export function isEmbeddableRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const [pathname, query = ''] = url.split('?', 2);
  return (
    (pathname === '/quick-tip' || pathname === '/quick-tip/') &&
    new URLSearchParams(query).get('embed') === '1'
  );
}

/**
 * The policy of a page of ours: the given inline scripts also run (each allowed by its
 * `'sha256-…'` source), and a framed one (the tip widget) may sit in any site's frame.
 */
export function pagePolicyOf(options: { scriptSources?: readonly string[]; framed?: boolean } = {}): string {
  return cspHeaderOf({
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...(options.scriptSources ?? [])],
    ...(options.framed ? { frameAncestors: ['*'] } : {}),
  });
}

const EMBEDDABLE_CSP = pagePolicyOf({ framed: true });

export async function registerSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Browsers remember HSTS per host: sent only where the app is served over HTTPS for real.
    strictTransportSecurity: options.isProduction
      ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true }
      : false,
  });

  // Registered after helmet, whose onRequest hook has just written the headers of every answer.
  app.addHook('onRequest', async (request, reply) => {
    if (!isEmbeddableRequest(request.method, request.url)) return;
    reply.raw.removeHeader('x-frame-options');
    reply.raw.setHeader('content-security-policy', EMBEDDABLE_CSP);
  });

  // API answers carry personal and financial data: no browser or proxy may keep a copy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

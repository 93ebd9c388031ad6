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

  // API answers carry personal and financial data: no browser or proxy may keep a copy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

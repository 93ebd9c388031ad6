import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { loggerOptions } from './http/logger.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { APP_VERSION } from './version.ts';

/** JSON bodies up to 1 MiB; routes that take uploads raise their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** Owned by the app from now on: closed when the app closes. */
  database: Database;
  /** Where log lines go (standard output by default); tests read them here. */
  logStream?: NodeJS.WritableStream;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Builds the whole server without listening: main.ts listens, tests use `app.inject`. */
export async function buildApp({ config, database, logStream }: BuildAppOptions) {
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: logStream && typeof logger === 'object' ? { ...logger, stream: logStream } : logger,
    logController: new LogController({
      // Load balancers ask for health every few seconds: those lines would bury the useful ones.
      disableRequestLogging: (request) => config.nodeEnv === 'test' || request.url === '/api/health',
    }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    await database.close();
  });

  await registerSecurityHeaders(app, { isProduction: config.isProduction });
  await app.register(cookie);
  await registerRateLimit(app, { redisUrl: config.redisUrl });
  await registerOpenApi(app, { version: APP_VERSION });

  await app.register(healthRoutes, { database, version: APP_VERSION });
  await app.register(profileRoutes, { db: database.db });

  await registerWebApp(app, { distDir: config.webDistDir });
  return app;
}

/** A hop count means "trust that many proxies in front of us" (Fastify's types only take a function for it). */
function trustProxyOption(trustProxy: Config['trustProxy']) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.ts';

/** Secrets that must never reach a log line, wherever a request or answer is logged. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

export function loggerOptions(level: LogLevel): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}

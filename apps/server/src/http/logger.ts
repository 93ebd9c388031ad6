import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.ts';

/** Body fields that hold a secret: passwords, PINs, codes and tokens. */
const SECRET_BODY_FIELDS = [
  'password',
  'passwordConfirmation',
  'currentPassword',
  'pin',
  'pinConfirmation',
  'currentPin',
  'code',
  'token',
];

/**
 * Secrets that must never reach a log line, wherever a request or answer is logged: credentials
 * in headers and cookies, and secret body fields whether the body is logged with its request
 * (`req.body`), alone (`body`), or as an object of its own (`{ password }`).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'req.cookies',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-csrf-token"]',
  'headers["set-cookie"]',
  'cookies',
  ...SECRET_BODY_FIELDS.flatMap((field) => [
    field,
    `body.${field}`,
    `req.body.${field}`,
    `request.body.${field}`,
  ]),
];

export function loggerOptions(level: LogLevel): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}

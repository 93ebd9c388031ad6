import type { FastifyError, FastifyServerOptions } from 'fastify';
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
 * Body fields that hold payment details or personal data: card and bank numbers, the processor's
 * token for a card, where a person lives, how to reach them and what they wrote to someone.
 */
const PERSONAL_BODY_FIELDS = [
  'number',
  'cvc',
  'card',
  'iban',
  'accountNumber',
  'routingNumber',
  'processorToken',
  'billingAddress',
  'email',
  'senderEmail',
  'senderPhone',
  'phone',
  'note',
  'message',
];

/** Where a body sits in what is logged: alone, with its request, or as the logged object itself. */
function bodyPaths(field: string): string[] {
  return [`body.${field}`, `req.body.${field}`, `request.body.${field}`];
}

/**
 * Secrets and personal data that must never reach a log line, wherever a request or answer is
 * logged: credentials in headers and cookies, and sensitive body fields whether the body is
 * logged with its request (`req.body`), alone (`body`), or as an object of its own (`{ password }`).
 * `message` is left out at the top level, where it could be a log line's own words.
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
  'query',
  'req.query',
  'params',
  ...SECRET_BODY_FIELDS.flatMap((field) => [field, ...bodyPaths(field)]),
  ...PERSONAL_BODY_FIELDS.flatMap((field) => [...(field === 'message' ? [] : [field]), ...bodyPaths(field)]),
];

/**
 * A URL as logs show it: the path, and of the query string only its parameter names. Query
 * strings carry emails (`?q=`, `?to=`), searches and one-time tokens (`/verify-email?token=`).
 */
export function urlForLog(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${safeParameterName(pair.split('=', 1)[0] ?? '')}=[redacted]`);
  return `${url.slice(0, start)}?${names.join('&')}`;
}

/** A parameter's name is the client's choice too: anything but a plain name is not repeated. */
function safeParameterName(name: string): string {
  return /^[A-Za-z0-9_.-]{1,40}$/.test(name) ? name : '_';
}

interface LoggedRequest {
  method?: string;
  url?: unknown;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's request serializer, with the URL's query values left out. Like Fastify's, it keeps
 * nothing else of what is logged as `req` (a body logged there is dropped).
 */
export function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? urlForLog(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Properties of a driver's error that name what failed without repeating the values involved. */
const SAFE_ERROR_PROPERTIES = [
  'code',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'severity',
  'routine',
  'statusCode',
  'query',
] as const;

const MAX_CAUSE_DEPTH = 5;

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggedError;
  [property: string]: unknown;
}

/**
 * The words of an error without the values it carries: Drizzle appends every parameter of a
 * failed query (`params: ...`), and PostgreSQL quotes the offending value after a colon
 * (`invalid input syntax for type uuid: "..."`); its `detail` (`Key (email)=(...)`) is never kept.
 * A URL in a message (Fastify names the request's) loses its query string, and an address (an
 * SMTP server names the recipient it refused) is left out.
 */
export function safeErrorMessage(message: string): string {
  return message
    .replace(/\nparams: [\s\S]*$/, '')
    .replace(/: "(?:[^"\\]|\\.|"")*"/g, ': "[redacted]"')
    .replace(/=\([^)]*\)/g, '=([redacted])')
    .replace(/(\/[^\s?#"']*)\?[^\s"'#)]+/g, '$1?[redacted]')
    .replace(/[^\s@"'<>()[\]:,;]+@[^\s@"'<>()[\]:,;]+\.[A-Za-z]{2,}/g, '[email]');
}

/**
 * pino's error serializer, made safe: each error of the cause chain keeps its type, its message
 * and stack (without values), and the properties that say what failed (SQLSTATE, constraint,
 * table), never a query's parameters or a driver's detail.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const message = safeErrorMessage(error.message);
  const logged: LoggedError = { type: error.constructor?.name ?? error.name, message };
  if (error.stack) logged.stack = safeStack(error.stack, error.message, message);
  const properties = error as unknown as Record<string, unknown>;
  for (const name of SAFE_ERROR_PROPERTIES) {
    const value = properties[name];
    if (value !== undefined && typeof value !== 'object') logged[name] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    logged.cause = errorForLog(error.cause, depth + 1) as LoggedError;
  }
  return logged;
}

/** A stack repeats the message in its first lines: those get the safe message, the frames stay. */
function safeStack(stack: string, message: string, safeMessage: string): string {
  const withSafeMessage = stack.includes(message) ? stack.replace(message, safeMessage) : stack;
  const lines = withSafeMessage.split('\n');
  const firstFrame = lines.findIndex((line) => /^\s+at /.test(line));
  if (firstFrame < 0) return safeErrorMessage(withSafeMessage);
  return [safeErrorMessage(lines.slice(0, firstFrame).join('\n')), ...lines.slice(firstFrame)].join('\n');
}

export function loggerOptions(level: LogLevel): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: requestForLog,
      // Typed as Fastify's errors, but pino hands over whatever is logged as `err`.
      err: (error: FastifyError) => errorForLog(error) as LoggedError & { stack: string },
    },
  };
}

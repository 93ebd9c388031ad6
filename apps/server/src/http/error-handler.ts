import type { ValidationFailureDetails, ValidationIssue } from '@ztart/shared/contracts/validation-failure';
import { type ErrorCode, type ErrorResponse, httpStatusOf } from '@ztart/shared/errors';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isQueueFull } from '../db/batcher.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError, defaultMessageOf, isAppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route may give an invalid field its own code instead of `validation_failed`, e.g.
     * `{ confirmation: 'delete_confirmation_failed' }` (keyed by the field's top-level name).
     */
    validationErrorCodes?: Partial<Record<string, ErrorCode>>;
  }
}

/** The code for a client error that a framework or plugin raised with only an HTTP status. */
const CODE_OF_CLIENT_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function errorBody(
  code: ErrorCode,
  message?: string,
  details?: Record<string, unknown>,
): ErrorResponse {
  return { error: { code, message: message ?? defaultMessageOf(code), ...(details ? { details } : {}) } };
}

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  details?: Record<string, unknown>,
): FastifyReply {
  return reply
    .status(httpStatusOf(code))
    .type('application/json; charset=utf-8')
    .send(errorBody(code, undefined, details));
}

/** Every failure leaves in the one error shape; unexpected ones are logged and never described. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = knownError(error, request);
    if (known) {
      if (known.statusCode >= 500) request.log.warn({ err: error }, `answered ${known.code}`);
      // Overloaded, or an outcome to ask about again: the client may try again (with the same key) shortly.
      if (known.statusCode === 503) reply.header('retry-after', String(retryAfterOf(known)));
      return reply
        .status(known.statusCode)
        .type('application/json; charset=utf-8')
        .send(errorBody(known.code, known.message, known.details));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(reply.header('retry-after', '1'), 'service_unavailable', { requestId: request.id });
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 'internal_error', { requestId: request.id });
  });
}

/** Seconds before trying again: what the error says, else one. */
function retryAfterOf(error: AppError): number {
  const seconds = error.details?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : 1;
}

/** A full queue of database work: nothing of the request ran (db/batcher.ts). */
export function overloadedError(error: unknown): AppError | undefined {
  if (!isQueueFull(error)) return undefined;
  return new AppError('overloaded', {
    details: { retryAfterSeconds: error.retryAfterSeconds },
    cause: error,
  });
}

/** A key such as `validation.ztartag` that the web app translates. */
const MESSAGE_KEY = /^validation\.[A-Za-z0-9_.]+$/;

/** The shared schemas name their keys; zod's own English messages become `validation.<issue code>`. */
function messageKeyOf(issue: FastifySchemaValidationError): string {
  return issue.message && MESSAGE_KEY.test(issue.message) ? issue.message : `validation.${issue.keyword}`;
}

/** Translates errors we expect into an AppError; anything else is unexpected (undefined). */
function knownError(error: FastifyError, request: FastifyRequest): AppError | undefined {
  if (isAppError(error)) return error;
  const overloaded = overloadedError(error);
  if (overloaded) return overloaded;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = validationDetails(error.validation, error.validationContext);
    const ownCode = fieldErrorCode(request, details);
    return ownCode ? new AppError(ownCode, { details }) : new AppError('validation_failed', { details });
  }
  if (error.validation) return new AppError('validation_failed');
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new AppError(CODE_OF_CLIENT_STATUS[status] ?? 'bad_request');
  return undefined;
}

function fieldErrorCode(request: FastifyRequest, details: ValidationFailureDetails): ErrorCode | undefined {
  const codes = request.routeOptions.config?.validationErrorCodes;
  if (!codes) return undefined;
  for (const issue of details.issues) {
    const code = codes[issue.path.split('.', 1)[0] ?? ''];
    if (code) return code;
  }
  return undefined;
}

function validationDetails(
  validation: FastifySchemaValidationError[],
  context: string | undefined,
): ValidationFailureDetails {
  const issues: ValidationIssue[] = validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    code: issue.keyword,
    message: messageKeyOf(issue),
  }));
  const source = (context ?? 'body') as ValidationFailureDetails['source'];
  return { source, issues };
}

import { type ErrorCode, httpStatusOf } from '@ztart/shared/errors';

/** English fallbacks; the web app shows its own translation of the code. */
const DEFAULT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  bad_request: 'The request is not valid.',
  validation_failed: 'Some fields are not valid.',
  unauthorized: 'Please sign in.',
  forbidden: 'You are not allowed to do this.',
  not_found: 'Not found.',
  method_not_allowed: 'This method is not allowed here.',
  conflict: 'The request conflicts with the current state.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'This content type is not supported.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  export_in_progress: 'An export of yours is still being written. Try again when it is done.',
  internal_error: 'An unexpected error occurred.',
  service_unavailable: 'The service is temporarily unavailable.',
  idempotency_key_required:
    'Money-moving requests need an Idempotency-Key header (one per intended payment, reused on every retry).',
  outcome_unknown:
    'We could not confirm whether this went through. Send the same request with the same Idempotency-Key to find out; it will never move money twice.',
  overloaded: 'Too many payments are waiting. Nothing moved; please try again in a moment.',
};

export function defaultMessageOf(code: ErrorCode): string {
  return DEFAULT_MESSAGES[code] ?? code.replaceAll('_', ' ');
}

/**
 * An expected failure with a code from the shared catalogue. Services throw it; the error
 * handler turns it into `{ error: { code, message, details } }` with the code's HTTP status.
 * The message reaches the client, so it must never carry internal information.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(options.message ?? defaultMessageOf(code), { cause: options.cause });
    this.code = code;
    this.statusCode = httpStatusOf(code);
    this.details = options.details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

import { databaseErrorOf } from './errors.ts';

/** PostgreSQL gave up on a transaction that would run fine again: a deadlock or a serialization failure. */
const TRANSIENT_SQL_STATES = new Set(['40P01', '40001']);
export const TRANSIENT_RETRY_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 5;

export function isTransientConflict(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code !== undefined && TRANSIENT_SQL_STATES.has(code);
}

/**
 * Runs `work` (one whole database transaction) again when PostgreSQL aborted it for a deadlock or
 * a serialization failure: the rolled-back attempt moved nothing, so running it again is safe.
 * Waits a little longer, with jitter, before each new attempt so that the rivals fall out of step.
 * After the last attempt the error is thrown to the caller, who answers with its own code.
 */
export async function retryTransientConflicts<T>(
  work: () => Promise<T>,
  options: { attempts?: number; onRetry?: (error: unknown, attempt: number) => void } = {},
): Promise<T> {
  const attempts = options.attempts ?? TRANSIENT_RETRY_ATTEMPTS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      options.onRetry?.(error, attempt);
      const delayMs = BACKOFF_BASE_MS * attempt * (1 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, waitMinutesOf } from '@/lib/api-client';

const FALLBACK_CODE = 'internal_error';

/** The error code to show for any thrown value: ours, or `internal_error` for the unknown. */
export function errorCodeOf(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  if (typeof error === 'string') return error;
  return FALLBACK_CODE;
}

/**
 * Returns a function that turns an error (an ApiError, or a bare code) into the translated
 * message of `errors:<code>`, falling back to `errors:internal_error` — never a raw code.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      const code = errorCodeOf(error);
      const minutes = waitMinutesOf(error);
      // A limit that named its wait says how long it is, not "a moment".
      if (code === 'rate_limited' && minutes !== null)
        return i18n.t('common:rateLimitedWait', { count: minutes });
      // The code comes from the server at run time, so it is checked rather than typed.
      const key = (i18n.exists(code, { ns: 'errors' }) ? code : FALLBACK_CODE) as typeof FALLBACK_CODE;
      return t(key);
    },
    [t, i18n],
  );
}

/** Codes that say only that something failed: the action's own message says it better. */
const GENERIC_CODES: ReadonlySet<string> = new Set([
  'internal_error',
  'bad_request',
  'validation_failed',
  'not_found',
  'conflict',
  'method_not_allowed',
]);

/**
 * Like useErrorMessage, for an action with its own failure message (spec §8: 'Could not update
 * profile'): a specific reason (offline, demo mode, too many attempts...) is shown as it is;
 * a generic or unknown failure gets the action's message.
 */
export function useFailureMessage(): (error: unknown, fallbackCode: string) => string {
  const { i18n } = useTranslation('errors');
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown, fallbackCode: string) => {
      const code = errorCodeOf(error);
      const specific = !GENERIC_CODES.has(code) && i18n.exists(code, { ns: 'errors' });
      return errorMessage(specific ? code : fallbackCode);
    },
    [i18n, errorMessage],
  );
}

/** Limits that the spec leaves open, decided in ARCHITECTURE.md §8 and the decision records. */

/** TanStack Query defaults of spec §9. */
export const QUERY_DEFAULTS = {
  queries: {
    retry: 2,
    staleTimeMs: 5 * 60 * 1000,
    gcTimeMs: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  },
  mutations: { retry: 1 },
} as const;

/** One toast at a time (spec §9); a toast stays for this long unless dismissed. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 6_000;

export const SECURITY_CONTEXT_CACHE_SECONDS = 60;

export const SESSION_IDLE_TIMEOUT_MINUTES = 30;
export const SESSION_ABSOLUTE_TIMEOUT_DAYS = 7;
export const PIN_UNLOCK_MINUTES = 5;

/** Maximum lengths of free text. */
export const TEXT_LIMITS = {
  name: 100,
  note: 500,
  bio: 500,
  tipMessage: 280,
} as const;

/** Amount limits in minor units of the currency concerned. */
export const AMOUNT_LIMITS = {
  minMinor: 1,
  quickTipMinMinor: 100,
  quickTipMaxMinor: 10_000,
  transferMaxMinor: 1_000_000,
  unverifiedDailyMinor: 50_000,
  noPinMaxMinor: 5_000,
} as const;

/** Upper bound on every page of a list. */
export const PAGE_SIZE = { default: 20, max: 100 } as const;

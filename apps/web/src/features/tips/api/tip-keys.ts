import { TIPS_QUERY_ROOT } from '@/lib/live-events';

/** Received tips (`/tips-me`) or the ones the person sent. */
export type TipDirection = 'received' | 'sent';

/**
 * Query keys of the tips feature, all under the root that live events invalidate when a tip
 * arrives or settles.
 */
export const tipKeys = {
  all: TIPS_QUERY_ROOT,
  list: (direction: TipDirection, limit: number) => [...TIPS_QUERY_ROOT, direction, { limit }] as const,
};

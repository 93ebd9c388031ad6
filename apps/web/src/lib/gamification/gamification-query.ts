import { useQuery } from '@tanstack/react-query';
import type { GamificationResponse } from '@ztart/shared/contracts/gamification';
import { api } from '@/lib/api-client';
import { contractCheck } from '@/lib/contract-check';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { GAMIFICATION_QUERY_ROOT, refetchIfInvalidated } from '@/lib/live-events';

/**
 * The person's level, XP, achievements and today's challenges: read by the home screen's panel and
 * by `/achievements`, refreshed by every money movement and every celebration (lib/live-events).
 */
export const gamificationKeys = {
  all: GAMIFICATION_QUERY_ROOT,
  standing: () => [...GAMIFICATION_QUERY_ROOT, 'standing'] as const,
  history: () => [...GAMIFICATION_QUERY_ROOT, 'history'] as const,
};

// The home screen shows this panel: its answer is checked without making the first screen wait
// for the schema library (lib/contract-check.ts).
const gamificationContract = contractCheck<GamificationResponse>(() =>
  import('@ztart/shared/contracts/gamification').then((contract) => contract.gamificationResponseSchema),
);

/**
 * `GET /api/gamification`, or in demo mode a standing where nothing was earned (the demo's money
 * is simulated and earns no XP).
 */
export async function fetchGamification(
  signal?: AbortSignal,
  onLateMismatch: () => void = () => undefined,
): Promise<GamificationResponse> {
  if (isDemoMode()) return (await import('@/lib/gamification/demo-gamification')).demoGamification();
  return gamificationContract.check(await api.get<unknown>('/api/gamification', { signal }), onLateMismatch);
}

export function useGamification() {
  return useQuery({
    queryKey: gamificationKeys.standing(),
    queryFn: ({ signal, client }) =>
      fetchGamification(
        signal,
        () => void client.resetQueries({ queryKey: gamificationKeys.standing(), exact: true }),
      ),
    refetchOnMount: refetchIfInvalidated,
  });
}

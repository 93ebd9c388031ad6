import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLAN_LEVELS,
  type PlansResponse,
  planPrice,
  plansResponseSchema,
  type SubscribeRequest,
  type Subscription,
  subscriptionSchema,
} from '@ztart/shared/contracts/plans';
import { IDEMPOTENCY_HEADER } from '@ztart/shared/contracts/wallet';
import type { IdempotentRequest } from '@/components/money-flow/money-movement';
import { BUSINESS_QUERY_ROOT } from '@/features/business/api/keys';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/auth/session';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { invalidateMoneyQueries } from '@/lib/live-events';

export const planKeys = { all: [...BUSINESS_QUERY_ROOT, 'plans'] as const };

/** The demo person is on the free plan; subscribing there is refused like every write. */
const DEMO_PLANS: PlansResponse = {
  items: PLAN_LEVELS.map((level) => planPrice(level, 'USD')),
  subscription: { level: 'freemium', periodEnd: null, pendingLevel: null },
};

/** `GET /api/plans`: the plans with their monthly prices and the person's own subscription. */
export function usePlans() {
  return useQuery({
    queryKey: planKeys.all,
    queryFn: async ({ signal }) =>
      isDemoMode() ? DEMO_PLANS : plansResponseSchema.parse(await api.get<unknown>('/api/plans', { signal })),
  });
}

/**
 * `POST /api/plans/subscription` with the confirmation's Idempotency-Key: an upgrade is paid from
 * the wallet at once; a lower plan waits for the end of the period.
 */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation<Subscription, unknown, IdempotentRequest<SubscribeRequest>>({
    mutationFn: async ({ body, idempotencyKey }) =>
      subscriptionSchema.parse(
        await api.post<unknown>('/api/plans/subscription', body, {
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSettled: () =>
      Promise.all([
        invalidateMoneyQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: BUSINESS_QUERY_ROOT }),
        // The level is the profile's: the navigation and the account follow it at once.
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]),
  });
}

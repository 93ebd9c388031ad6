import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  businessWalletResponseSchema,
  type Distribution,
  type DistributionRequest,
  distributionSchema,
} from '@ztart/shared/contracts/businesses';
import { IDEMPOTENCY_HEADER } from '@ztart/shared/contracts/wallet';
import type { IdempotentRequest } from '@/components/money-flow/money-movement';
import { BUSINESS_QUERY_ROOT, businessKeys, businessUrl } from '@/features/business/api/keys';
import { api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/live-events';

/** `GET /api/businesses/{id}/wallet`: what the business holds, per currency. */
export function useBusinessWallet(businessId: string) {
  return useQuery({
    queryKey: businessKeys.wallet(businessId),
    queryFn: async ({ signal }) =>
      businessWalletResponseSchema.parse(
        await api.get<unknown>(`${businessUrl(businessId)}/wallet`, { signal }),
      ),
    retry: false,
  });
}

/** `POST /api/businesses/{id}/distributions` with `preview: true`: each member's share, nothing moves. */
export function usePreviewDistribution(businessId: string) {
  return useMutation<Distribution, unknown, Omit<DistributionRequest, 'preview'>>({
    mutationFn: async (body) =>
      distributionSchema.parse(
        await api.post<unknown>(`${businessUrl(businessId)}/distributions`, { ...body, preview: true }),
      ),
  });
}

/** The same, for real, with the confirmation's Idempotency-Key: one ledger movement for all shares. */
export function useDistribute(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation<Distribution, unknown, IdempotentRequest<Omit<DistributionRequest, 'preview'>>>({
    mutationFn: async ({ body, idempotencyKey }) =>
      distributionSchema.parse(
        await api.post<unknown>(`${businessUrl(businessId)}/distributions`, body, {
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSettled: () =>
      Promise.all([
        invalidateMoneyQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: BUSINESS_QUERY_ROOT }),
      ]),
  });
}

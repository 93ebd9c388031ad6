import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type MoneyMovementResponse,
  moneyMovementResponseSchema,
} from '@ztart/shared/contracts/wallet';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { invalidateMoneyQueries } from '@/lib/live-events';

/**
 * A money-moving request and the key that makes it happen once. The key is made when the
 * person reaches the confirmation step and reused for every retry of that confirmation (a lost
 * answer, a PIN asked on the way): the server answers a repeat with the first answer.
 */
export interface IdempotentRequest<Body> {
  body: Body;
  idempotencyKey: string;
}

/** POSTs a money movement with its Idempotency-Key and checks the answer against the contract. */
export async function postMoneyMovement<Body>(
  path: string,
  { body, idempotencyKey }: IdempotentRequest<Body>,
): Promise<MoneyMovementResponse> {
  const answer = await api.post<unknown>(path, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
  return moneyMovementResponseSchema.parse(answer);
}

/**
 * A money-moving mutation: the server's route, or in demo mode the simulation (which changes
 * only this tab's demo wallet). Every outcome refreshes balances and lists: even a refusal
 * (a declined card) leaves a failed transaction in the history.
 */
export function useMoneyMovement<Body>(
  path: string,
  simulate: (demo: typeof import('@/lib/demo/demo-money'), body: Body) => MoneyMovementResponse,
) {
  const queryClient: QueryClient = useQueryClient();
  return useMutation<MoneyMovementResponse, unknown, IdempotentRequest<Body>>({
    mutationFn: async (request) => {
      if (isDemoMode()) return simulate(await import('@/lib/demo/demo-money'), request.body);
      return postMoneyMovement(path, request);
    },
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}

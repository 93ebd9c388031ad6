import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Tip, type TipRequestInput, tipResponseSchema } from '@ztart/shared/contracts/qr-codes';
import { IDEMPOTENCY_HEADER } from '@ztart/shared/contracts/wallet';
import type { IdempotentRequest } from '@/components/money-flow/money-movement';
import { tipKeys } from '@/features/tips/api/tip-keys';
import { api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/live-events';

/** A tip from the signed-in person's balance: `POST /api/tips` with `source: 'wallet'`. */
export type WalletTipRequest = Omit<TipRequestInput, 'source' | 'card' | 'senderEmail' | 'senderPhone'>;

/** `POST /api/tips` → 201 {tip}, completed at once; the key makes every retry of it the same tip. */
export async function sendWalletTip({
  body,
  idempotencyKey,
}: IdempotentRequest<WalletTipRequest>): Promise<Tip> {
  const answer = await api.post<unknown>(
    '/api/tips',
    { ...body, source: 'wallet' },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
  return tipResponseSchema.parse(answer).tip;
}

/** Every outcome refreshes the balance, the history and the tip lists. */
export function useSendWalletTip() {
  const queryClient = useQueryClient();
  return useMutation<Tip, unknown, IdempotentRequest<WalletTipRequest>>({
    mutationFn: sendWalletTip,
    onSettled: () =>
      Promise.all([
        invalidateMoneyQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: tipKeys.all }),
      ]),
  });
}

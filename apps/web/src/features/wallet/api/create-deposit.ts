import type { DepositRequest } from '@ztart/shared/contracts/wallet';
import { useMoneyMovement } from '@/components/money-flow/money-movement';

/** `POST /api/wallet/deposits` → 201 {transaction}, pending until the card charge settles. */
export function useCreateDeposit() {
  return useMoneyMovement<DepositRequest>('/api/wallet/deposits', (demo, body) => demo.simulateDeposit(body));
}

import type { TransferRequest } from '@ztart/shared/contracts/wallet';
import { useMoneyMovement } from '@/components/money-flow/money-movement';

/** `POST /api/transfers` → 201 {transaction}: the sender's, completed at once. */
export function useCreateTransfer() {
  return useMoneyMovement<TransferRequest>('/api/transfers', (demo, body) => demo.simulateTransfer(body));
}

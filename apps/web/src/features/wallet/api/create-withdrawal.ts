import type { WithdrawalRequest } from '@ztart/shared/contracts/wallet';
import { useMoneyMovement } from '@/components/money-flow/money-movement';

/** `POST /api/wallet/withdrawals` → 201 {transaction}: held at once, pending until paid out. */
export function useCreateWithdrawal() {
  return useMoneyMovement<WithdrawalRequest>('/api/wallet/withdrawals', (demo, body) =>
    demo.simulateWithdrawal(body),
  );
}

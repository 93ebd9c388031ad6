import type { Currency } from '@ztart/shared/money';
import { createPending, ensureAccount, type LedgerExecutor } from './service.ts';
import type { LedgerTransferCode } from './tables.ts';

/**
 * A card payment authorized for a person (their deposit, or a tip to them): the processor owes the
 * money, so it waits in the person's pending wallet until the charge settles (postPending) or fails
 * (voidPending). Returns the batch and the pending transfer that settlement acts on.
 */
export async function creditPendingFromCard(
  tx: LedgerExecutor,
  payment: { ownerId: string; amountMinor: number; currency: Currency; code: LedgerTransferCode },
): Promise<{ batchId: string; pendingTransferId: string }> {
  const { ownerId, amountMinor, currency, code } = payment;
  const clearing = await ensureAccount(tx, { ownerId: null, kind: 'processor_clearing', currency });
  const pendingWallet = await ensureAccount(tx, { ownerId, kind: 'wallet_pending', currency });
  const moved = await createPending(tx, {
    legs: [{ debitAccountId: clearing.id, creditAccountId: pendingWallet.id, amountMinor, currency, code }],
  });
  const pendingTransferId = moved.transfers[0]?.id;
  if (!pendingTransferId) throw new Error('a pending card credit wrote no transfer');
  return { batchId: moved.batchId, pendingTransferId };
}

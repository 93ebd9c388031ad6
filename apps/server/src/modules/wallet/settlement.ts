import type { NotificationEvent } from '@ztart/shared/contracts/notifications';
import type { TransactionKind } from '@ztart/shared/contracts/transactions';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import type { DueOperation } from '../../integrations/card-processor/processor.ts';
import { describeError } from '../../lib/background.ts';
import { recordAuditInTransaction } from '../activity/service.ts';
import { settleInvoicesOfCharge } from '../invoices/settlement.ts';
import { postPending, voidPending } from '../ledger/service.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { notificationEvents, notify } from '../notifications/service.ts';
import { settleTipsOfCharge } from '../tips/settlement.ts';
import { toTransaction } from '../transactions/record.ts';
import { transactions } from '../transactions/tables.ts';

/** Operations settled per round at most: a backlog drains over several rounds, never one long one. */
export const SETTLEMENT_BATCH_SIZE = 25;

/** What a failed settlement tells the person, as an error code of the catalogue. */
const FAILURE_CODE_OF: Record<DueOperation['kind'], string> = {
  charge: 'card_declined',
  payout: 'transfer_failed',
};

const NOTIFICATION_OF: Partial<Record<TransactionKind, Record<'completed' | 'failed', NotificationEvent>>> = {
  deposit: { completed: 'deposit_completed', failed: 'deposit_failed' },
  withdrawal: { completed: 'withdrawal_completed', failed: 'withdrawal_failed' },
};

export interface SettlementRound {
  /** Processor references settled in this round. */
  settled: string[];
  /** References whose settlement failed (rolled back, tried again next round). */
  failed: string[];
}

type SettlementContext = Pick<AppContext, 'db' | 'cardProcessor' | 'live'>;

/**
 * Settles the processor's operations that are due at `now`, each in a database transaction of its
 * own: the operation is marked settled, its pending ledger transfer posted or voided, its
 * transactions completed or failed, the person notified and the audit row written, all or
 * nothing. The operation is locked with SKIP LOCKED and only pending transactions change, so
 * concurrent rounds (several servers) and a restart after a crash never apply one twice.
 */
export async function settleDue(
  context: SettlementContext,
  now: Date,
  options: { limit?: number; log?: FastifyBaseLogger } = {},
): Promise<SettlementRound> {
  const limit = options.limit ?? SETTLEMENT_BATCH_SIZE;
  const round: SettlementRound = { settled: [], failed: [] };
  while (round.settled.length + round.failed.length < limit) {
    let reference: string | undefined;
    try {
      const events: PendingEvent[] = [];
      const done = await context.db.transaction(async (tx) => {
        const operation = await context.cardProcessor.nextDue(tx, now, round.failed);
        if (!operation) return false;
        reference = operation.reference;
        await applyOutcome(tx, operation, now, events);
        await context.cardProcessor.markSettled(tx, operation.reference, now);
        return true;
      });
      if (!done) break;
      if (reference !== undefined) round.settled.push(reference);
      publishAll(context.live, events);
    } catch (error) {
      // Without a reference the database itself failed: the next round tries again.
      if (reference === undefined) throw error;
      options.log?.error({ err: describeError(error), reference }, 'settlement failed; retried next round');
      round.failed.push(reference);
    }
  }
  return round;
}

/** Posts or voids the money of the operation's pending transactions and tells their people. */
async function applyOutcome(
  tx: AppDatabase,
  operation: DueOperation,
  now: Date,
  events: PendingEvent[],
): Promise<void> {
  const rows = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.processorReference, operation.reference), eq(transactions.status, 'pending')))
    .orderBy(transactions.id)
    .for('update');
  const succeeded = operation.outcome === 'succeeded';
  // Both sides of one movement may share its pending transfer: settle each transfer once.
  const pendingIds = new Set(rows.flatMap((row) => (row.pendingTransferId ? [row.pendingTransferId] : [])));
  for (const pendingId of pendingIds) {
    if (succeeded) await postPending(tx, pendingId);
    else await voidPending(tx, pendingId);
  }
  const status = succeeded ? 'completed' : 'failed';
  const failureCode = succeeded ? null : FAILURE_CODE_OF[operation.kind];
  for (const row of rows) {
    const [updated] = await tx
      .update(transactions)
      .set({ status, settledAt: now, failureCode })
      .where(eq(transactions.id, row.id))
      .returning();
    if (!updated) throw new Error('a locked transaction vanished');
    const transaction = toTransaction(updated);
    events.push({ userId: row.userId, event: { type: 'transaction', transaction } });
    await recordAuditInTransaction(tx, null, {
      userId: row.userId,
      actionType: `${row.kind}_${status}`,
      resource: row.id,
      metadata: { amountMinor: row.amountMinor, currency: row.currency, reference: operation.reference },
    });
    const event = NOTIFICATION_OF[row.kind as TransactionKind]?.[status];
    if (event) {
      events.push(
        ...notificationEvents(
          await notify(tx, {
            userId: row.userId,
            type: 'transfer',
            event,
            data: {
              amountMinor: row.amountMinor,
              currency: transaction.currency,
              transactionId: row.id,
              failureCode,
            },
            now,
          }),
        ),
      );
    }
  }
  // A quick tip's own row follows its charge, and its receiver hears of it once it is certain;
  if (operation.kind === 'charge') {
    await settleTipsOfCharge(tx, { reference: operation.reference, status, failureCode }, now, events);
    // An invoice paid by card: paid for good, or payable again.
    await settleInvoicesOfCharge(tx, { reference: operation.reference, status }, now, events);
  }
}

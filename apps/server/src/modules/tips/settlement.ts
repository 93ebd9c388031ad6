import type { Currency } from '@ztart/shared/money';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import type { PendingEvent } from '../notifications/live.ts';
import { notificationEvents, notify } from '../notifications/service.ts';
import { transactions } from '../transactions/tables.ts';
import { tips } from './tables.ts';

export interface SettledCharge {
  /** The processor's reference of the charge. */
  reference: string;
  status: 'completed' | 'failed';
  failureCode: string | null;
}

/**
 * The tip side of a settled card charge, inside the settlement's database transaction (after the
 * money and the transactions): its pending tips become completed or failed, and the receiver of a
 * completed one is told `tip_received`. Only pending tips change, so a settlement never applies twice.
 */
export async function settleTipsOfCharge(
  tx: AppDatabase,
  charge: SettledCharge,
  now: Date,
  events: PendingEvent[],
): Promise<void> {
  const rows = await tx
    .select()
    .from(tips)
    .where(and(eq(tips.processorReference, charge.reference), eq(tips.status, 'pending')))
    .orderBy(asc(tips.id))
    .for('update');
  for (const row of rows) {
    await tx
      .update(tips)
      .set({ status: charge.status, settledAt: now, failureCode: charge.failureCode })
      .where(eq(tips.id, row.id));
    if (charge.status !== 'completed') continue;
    // The receiver's transaction of the tip: what the notification opens, and who it came from.
    const [received] = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.groupId, row.groupId),
          eq(transactions.userId, row.receiverId),
          eq(transactions.kind, 'tip_in'),
        ),
      );
    events.push(
      ...notificationEvents(
        await notify(tx, {
          userId: row.receiverId,
          type: 'tip',
          event: 'tip_received',
          data: {
            amountMinor: row.amountMinor,
            currency: row.currency as Currency,
            transactionId: received?.id,
            fromZtartag: received?.counterpartyZtartag ?? null,
            fromName: received?.counterpartyName ?? null,
          },
          now,
        }),
      ),
    );
  }
}

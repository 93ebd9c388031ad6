import type { Currency } from '@ztart/shared/money';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import type { PendingEvent } from '../notifications/live.ts';
import { notificationEvents, notify } from '../notifications/service.ts';
import { transactions } from '../transactions/tables.ts';
import { invoices } from './tables.ts';

export interface SettledInvoiceCharge {
  /** The processor's reference of the charge. */
  reference: string;
  status: 'completed' | 'failed';
}

/**
 * The invoice side of a settled card charge, inside the settlement's database transaction (after
 * the money and the transactions): a completed charge completes the invoice's payment and tells
 * the issuer `invoice_paid`; a failed one makes the invoice payable again (sent), as no money came,
 * and tells the issuer `invoice_payment_failed` (the payment they saw pending will not arrive).
 * Only invoices whose card payment is pending change, so a settlement never applies twice.
 */
export async function settleInvoicesOfCharge(
  tx: AppDatabase,
  charge: SettledInvoiceCharge,
  now: Date,
  events: PendingEvent[],
): Promise<void> {
  const rows = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.processorReference, charge.reference),
        eq(invoices.status, 'paid'),
        eq(invoices.paymentStatus, 'pending'),
      ),
    )
    .orderBy(asc(invoices.id))
    .for('update');
  for (const row of rows) {
    if (charge.status === 'failed') {
      await tx
        .update(invoices)
        .set({
          status: 'sent',
          paymentSource: null,
          paymentStatus: null,
          payerId: null,
          paidAt: null,
          paymentGroupId: null,
          processorReference: null,
          updatedAt: now,
        })
        .where(eq(invoices.id, row.id));
      events.push(
        ...notificationEvents(
          await notify(tx, {
            userId: row.issuerId,
            type: 'transfer',
            event: 'invoice_payment_failed',
            data: {
              amountMinor: row.totalMinor,
              currency: row.currency as Currency,
              invoiceId: row.id,
              invoiceNumber: row.number,
              customerName: row.customerName,
            },
            now,
          }),
        ),
      );
      continue;
    }
    await tx
      .update(invoices)
      .set({ paymentStatus: 'completed', paymentSettledAt: now, updatedAt: now })
      .where(eq(invoices.id, row.id));
    const [received] = row.paymentGroupId
      ? await tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(
            and(
              eq(transactions.groupId, row.paymentGroupId),
              eq(transactions.userId, row.issuerId),
              eq(transactions.kind, 'invoice_in'),
            ),
          )
      : [];
    events.push(
      ...notificationEvents(
        await notify(tx, {
          userId: row.issuerId,
          type: 'transfer',
          event: 'invoice_paid',
          data: {
            amountMinor: row.totalMinor,
            currency: row.currency as Currency,
            transactionId: received?.id,
            invoiceId: row.id,
            invoiceNumber: row.number,
            customerName: row.customerName,
          },
          now,
        }),
      ),
    );
  }
}

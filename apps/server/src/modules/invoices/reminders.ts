import { INVOICE_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isInvalidParameterValue } from '../../db/errors.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { notificationEvents, notify } from '../notifications/service.ts';
import { profiles } from '../profiles/tables.ts';
import { mailCustomer } from './service.ts';
import { type InvoiceRow, invoices } from './tables.ts';

/** How many invoices one round reminds of at most, per kind; the next round takes the rest. */
export const INVOICE_REMINDER_BATCH_SIZE = 100;
/** A reminder before the due date waits this long after sending: no reminder on the heels of the invoice. */
const QUIET_AFTER_SENDING_MS = 24 * 60 * 60 * 1000;

export type InvoiceReminderKind = 'before' | 'overdue';

/**
 * Claims the sent invoices due for a reminder of `kind` and marks them reminded, in the caller's
 * transaction: rows are locked with SKIP LOCKED, so two rounds (two servers) never claim the same
 * one, and the mark commits with the notification, so each reminder is sent once. Due dates are
 * calendar days of the issuer: compared with today in the issuer's time zone, as their invoice
 * list works out "overdue". `zoned: false` compares with today in UTC instead — the fallback for
 * a zone the database no longer knows, so that one profile never stops everybody's reminders.
 */
async function claim(
  tx: AppContext['db'],
  kind: InvoiceReminderKind,
  now: Date,
  zoned: boolean,
): Promise<InvoiceRow[]> {
  const today = zoned
    ? sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${profiles.timeZone})::date`
    : sql`(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date`;
  const remindedColumn = kind === 'before' ? invoices.remindedBeforeAt : invoices.remindedOverdueAt;
  const due =
    kind === 'before'
      ? and(
          sql`${invoices.dueDate} >= ${today}`,
          sql`${invoices.dueDate} <= ${today} + ${INVOICE_LIMITS.reminderDaysBefore}::int`,
          lte(invoices.sentAt, new Date(now.getTime() - QUIET_AFTER_SENDING_MS)),
        )
      : sql`${invoices.dueDate} < ${today}`;
  const claimable = tx
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(profiles, eq(profiles.id, invoices.issuerId))
    .where(and(sql`${invoices.status} = 'sent'`, isNull(remindedColumn), due))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(INVOICE_REMINDER_BATCH_SIZE)
    .for('update', { of: invoices, skipLocked: true });
  return tx
    .update(invoices)
    .set(kind === 'before' ? { remindedBeforeAt: now } : { remindedOverdueAt: now })
    .where(and(inArray(invoices.id, claimable), isNull(remindedColumn), sql`${invoices.status} = 'sent'`))
    .returning();
}

/** Claims by the issuers' own days; by UTC days when some issuer's zone is unknown to the database. */
async function claimDue(tx: AppContext['db'], kind: InvoiceReminderKind, now: Date): Promise<InvoiceRow[]> {
  try {
    return await tx.transaction((savepoint) => claim(savepoint, kind, now, true));
  } catch (error) {
    if (!isInvalidParameterValue(error)) throw error;
    return claim(tx, kind, now, false);
  }
}

/**
 * One round of invoice reminders: INVOICE_LIMITS.reminderDaysBefore days before the due date, and
 * once the day after it passed unpaid. The issuer is told by a notification (type `reminder`, if
 * they keep it on) and the customer by mail with the pay link, once each. Mails go out after the
 * marks have committed: a round that fails sends nothing and the next one tries again.
 */
export async function remindInvoices(
  context: AppContext,
  now: Date,
): Promise<{ before: string[]; overdue: string[] }> {
  const events: PendingEvent[] = [];
  const claimed = await context.db.transaction(async (tx) => {
    const rows: { kind: InvoiceReminderKind; row: InvoiceRow }[] = [];
    for (const kind of ['before', 'overdue'] as const) {
      for (const row of await claimDue(tx, kind, now)) {
        rows.push({ kind, row });
        events.push(
          ...notificationEvents(
            await notify(tx, {
              userId: row.issuerId,
              type: 'reminder',
              event: kind === 'before' ? 'invoice_due_soon' : 'invoice_overdue',
              data: {
                amountMinor: row.totalMinor,
                currency: row.currency as Currency,
                invoiceId: row.id,
                invoiceNumber: row.number,
                customerName: row.customerName,
                dueDate: row.dueDate,
              },
              now,
            }),
          ),
        );
      }
    }
    return rows;
  });
  publishAll(context.live, events);
  for (const { kind, row } of claimed) {
    await mailCustomer(context, row, { kind: 'reminder', overdue: kind === 'overdue' });
  }
  return {
    before: claimed.filter((item) => item.kind === 'before').map((item) => item.row.id),
    overdue: claimed.filter((item) => item.kind === 'overdue').map((item) => item.row.id),
  };
}

export interface InvoiceReminderWorker extends PollingLoop {
  /** One round now, at `now` (the app's clock by default): what tests call instead of waiting. */
  remindDue(now?: Date): Promise<{ before: string[]; overdue: string[] }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    invoiceReminders: InvoiceReminderWorker;
  }
}

/** Reminds of invoices in the background, on the settlement's poll; a full round is followed at once by the next. */
export function createInvoiceReminderWorker(
  context: AppContext,
  log: FastifyBaseLogger,
  pollMs: number,
): InvoiceReminderWorker {
  const loop = pollingLoop({
    what: 'invoice reminder',
    pollMs,
    log,
    round: async () => {
      const { before, overdue } = await remindInvoices(context, context.now());
      return { moreWaiting: Math.max(before.length, overdue.length) >= INVOICE_REMINDER_BATCH_SIZE };
    },
  });
  return { ...loop, remindDue: (now) => remindInvoices(context, now ?? context.now()) };
}

import { randomUUID } from 'node:crypto';
import { CATEGORY_OF_KIND, type Transaction } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client.ts';
import { columnValues } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import { auditValues } from '../activity/service.ts';
import { auditLog } from '../activity/tables.ts';
import { keyExpiryOf } from '../idempotency/service.ts';
import { type MovementOrder, type MovementOutcome, remainingOf, runMovements } from '../ledger/movement.ts';
import { dailyLimitError, dayStartOf, pinRequiredError } from '../limits/limits.ts';
import type { PendingEvent } from '../notifications/live.ts';
import { notificationRow, toNotification } from '../notifications/service.ts';
import { type NotificationRow, notifications } from '../notifications/tables.ts';
import { toTransaction, transactionRow } from '../transactions/record.ts';
import { transactions } from '../transactions/tables.ts';
import { MOVEMENT_SETTINGS } from '../transfers/batch.ts';

export interface Party {
  userId: string;
  ztartag: string | null;
  name: string;
}

/**
 * One payment between two wallets (a plan's price to the platform, a member's share out of a
 * business's wallet), as an order of the one ledger movement: both transactions, the recipient's
 * notification if any, the audit row, and the answer kept under the key.
 */
export interface WalletPayment {
  key: string;
  requestHash: string;
  from: Party;
  to: Party;
  amountMinor: number;
  currency: Currency;
  now: Date;
  checkPin: boolean;
  /**
   * The unverified daily cap, counted on the payer's wallet (a business's shares when the person
   * paying them out is unverified); off by default: a plan's price is no payment to others.
   */
  checkDaily?: boolean;
  note: string | null;
  /** The words on each side's transaction. */
  sentDescription: string;
  receivedDescription: string;
  /** Tell the recipient (a transfer received, with the note as the reason). */
  notifyRecipient: boolean;
  audit: { request: FastifyRequest | null; userId: string; actionType: string; resource: string };
  /** Both sides share it (a distribution's id groups its legs). */
  groupId?: string;
  answer: (sent: Transaction) => Record<string, unknown>;
}

export interface PreparedPayment {
  order: MovementOrder;
  sent: Transaction;
  received: Transaction;
  notification: NotificationRow | null;
}

export function walletPaymentOrder(payment: WalletPayment): PreparedPayment {
  const { from, to, amountMinor, currency, now } = payment;
  const ledgerBatchId = randomUUID();
  const groupId = payment.groupId ?? randomUUID();
  const shared = {
    status: 'completed',
    amountMinor,
    currency,
    note: payment.note,
    groupId,
    ledgerBatchId,
    createdAt: now,
    settledAt: now,
  } as const;
  const sent = transactionRow({
    ...shared,
    userId: from.userId,
    type: 'expense',
    kind: 'transfer_out',
    description: payment.sentDescription,
    counterparty: to,
  });
  const received = transactionRow({
    ...shared,
    userId: to.userId,
    type: 'income',
    kind: 'transfer_in',
    description: payment.receivedDescription,
    counterparty: from,
  });
  const notification = payment.notifyRecipient
    ? notificationRow({
        userId: to.userId,
        type: 'transfer',
        event: 'transfer_received',
        data: {
          amountMinor,
          currency,
          transactionId: received.id,
          fromZtartag: from.ztartag,
          fromName: from.name,
          reason: payment.note,
        },
        now,
      })
    : null;
  const audit = {
    id: randomUUID(),
    createdAt: now,
    ...auditValues(payment.audit.request, {
      userId: payment.audit.userId,
      actionType: payment.audit.actionType,
      resource: payment.audit.resource,
      metadata: { amountMinor, currency, transactionId: sent.id, ledgerBatchId, to: to.userId },
    }),
  };
  const order: MovementOrder = {
    key: payment.key,
    requestHash: payment.requestHash,
    senderId: from.userId,
    recipientId: to.userId,
    amountMinor,
    currency,
    now,
    keyExpiresAt: keyExpiryOf(now),
    dayStartsAt: dayStartOf(now),
    checkDaily: payment.checkDaily ?? false,
    checkPin: payment.checkPin,
    ledgerBatchId,
    ledgerCode: 'transfer',
    categoryKey: CATEGORY_OF_KIND.transfer_out,
    sent: columnValues(transactions, sent),
    received: columnValues(transactions, received),
    ...(notification ? { notification: columnValues(notifications, notification) } : {}),
    audit: columnValues(auditLog, audit),
    answer: payment.answer(toTransaction(sent)),
  };
  return { order, sent: toTransaction(sent), received: toTransaction(received), notification };
}

export type Moved = Extract<MovementOutcome, { sentCategoryId: string | null }>;

/**
 * Runs payments as ONE ledger movement inside the caller's database transaction: every one moves,
 * or (a refusal of any, or an error) none; a refusal is thrown as its error. Answers the outcomes,
 * all replayed when the key was used before.
 */
export async function runAllOrNothing(
  tx: AppDatabase,
  orders: MovementOrder[],
): Promise<{ replayed: boolean; outcomes: MovementOutcome[] }> {
  const outcomes = await runMovements(tx, orders, MOVEMENT_SETTINGS);
  const refused = outcomes.find((outcome) => outcome.error !== undefined);
  if (refused?.error !== undefined) {
    if (refused.error === 'pin_required') throw pinRequiredError();
    if (refused.error === 'limit_exceeded') {
      throw dailyLimitError(remainingOf(refused, orders[0]?.currency ?? 'USD'));
    }
    throw new AppError(refused.error);
  }
  const replayed = outcomes.every((outcome) => outcome.replayed === true);
  if (!replayed && outcomes.some((outcome) => outcome.replayed === true)) {
    // Part of a set kept under its key and part not: the set changed since (never split a payment).
    throw new AppError('idempotency_conflict');
  }
  return { replayed, outcomes };
}

/** The live events of payments that moved: each recipient's transaction and notification. */
export function paymentEvents(prepared: PreparedPayment[], outcomes: MovementOutcome[]): PendingEvent[] {
  const events: PendingEvent[] = [];
  prepared.forEach((payment, index) => {
    const outcome = outcomes[index];
    if (!outcome || outcome.error !== undefined || outcome.replayed) return;
    // The payer's side too: their open pages, and the server's observers (a business's webhooks).
    events.push({
      userId: payment.order.senderId,
      event: { type: 'transaction', transaction: { ...payment.sent, categoryId: outcome.sentCategoryId } },
    });
    events.push({
      userId: payment.order.recipientId,
      event: {
        type: 'transaction',
        transaction: { ...payment.received, categoryId: outcome.receivedCategoryId },
      },
    });
    if (payment.notification && outcome.notified) {
      events.push({
        userId: payment.order.recipientId,
        event: { type: 'notification', notification: toNotification(payment.notification) },
      });
    }
  });
  return events;
}

import { randomUUID } from 'node:crypto';
import {
  CATEGORY_OF_KIND,
  type Transaction,
  type TransactionKind,
} from '@ztart/shared/contracts/transactions';
import type { TransferRequest } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import { hasCapability } from '@ztart/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { columnValues } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import { auditValues, recordAudit } from '../activity/service.ts';
import { auditLog } from '../activity/tables.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { failedMoneyRequest, type MoneyAnswer, unknownUnlessRefused } from '../idempotency/money-request.ts';
import { idempotencyKeyOf, keyExpiryOf, requestHashOf } from '../idempotency/service.ts';
import { type MovementOrder, type MovementOutcome, remainingOf } from '../ledger/movement.ts';
import type { LedgerTransferCode } from '../ledger/tables.ts';
import {
  asksForPin,
  assertWithinTransferMax,
  dailyLimitError,
  dayStartOf,
  pinRequiredError,
} from '../limits/limits.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { notificationRow, toNotification } from '../notifications/service.ts';
import { type NotificationRow, notifications } from '../notifications/tables.ts';
import { displayNameOf, notFoundFor, type Person, shortNameOf } from '../profiles/people.ts';
import { rolesOf } from '../profiles/service.ts';
import { toTransaction, transactionRow } from '../transactions/record.ts';
import { type TransactionRow, transactions } from '../transactions/tables.ts';

const ROUTE = 'POST /api/transfers';

/**
 * `POST /api/transfers`: moves money from the signed-in person's available wallet to another
 * person's, with both people's transaction rows, the recipient's notification, the audit row and
 * the kept answer in the same database transaction (the batch it joins, see batch.ts); live events
 * go out once it has committed. A refusal by the database answers `transfer_failed` with nothing
 * moved; a batch whose outcome is unknown (its connection lost) answers 503 `outcome_unknown`, and
 * the client's retry with the same key tells what happened.
 */
export async function sendTransfer(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  body: TransferRequest,
): Promise<MoneyAnswer> {
  const senderId = signedIn.user.id;
  try {
    const key = idempotencyKeyOf(request);
    const { sender, recipient } = await context.transfers.parties.submit({
      senderId,
      typedRecipient: body.recipient,
    });
    if (!recipient) throw notFoundFor(body.recipient);
    if (recipient.userId === senderId) throw new AppError('recipient_is_self');
    if (!sender) throw new AppError('wallet_error');
    assertWithinTransferMax(body.amountMinor);
    // Only an unverified sender has a daily cap to skip: only then are their roles read.
    const bypassDaily =
      !sender.verified && hasCapability(await rolesOf(context.db, senderId), 'bypassLimits');
    const prepared = prepareTransfer(request, signedIn, {
      body,
      key,
      sender,
      recipient,
      now: context.now(),
      bypassDaily,
    });
    const outcome = await context.transfers.movements.submit(prepared.order).catch((error: unknown) => {
      throw unknownUnlessRefused(error);
    });
    const answer = answerOf(outcome, body.currency, body.recipient);
    if (outcome.error === undefined && !outcome.replayed) {
      publishAll(context.live, eventsOf(prepared, outcome));
      if (bypassDaily) {
        await recordAudit(context.db, request, {
          userId: senderId,
          actionType: 'limits_bypassed',
          resource: prepared.order.ledgerBatchId,
          metadata: { limit: 'daily', amountMinor: body.amountMinor, currency: body.currency },
        });
      }
    }
    return answer;
  } catch (error) {
    throw failedMoneyRequest(request, error, 'transfer_failed');
  }
}

interface Movement {
  body: TransferRequest;
  key: string;
  sender: Person;
  recipient: Person;
  now: Date;
  bypassDaily: boolean;
}

interface PreparedTransfer {
  order: MovementOrder;
  recipientId: string;
  received: TransactionRow;
  notification: NotificationRow;
}

/** Everything the batch checks and writes for one transfer; ids are chosen here. */
function prepareTransfer(
  request: FastifyRequest,
  signedIn: SignedIn,
  { body, key, sender, recipient, now, bypassDaily }: Movement,
): PreparedTransfer {
  const { amountMinor, currency } = body;
  const { sent, received, notification, order } = walletMovement(request, signedIn, {
    kind: 'transfer',
    bypassDaily,
    key,
    requestHash: requestHashOf({ route: ROUTE, body }),
    sender,
    recipientId: recipient.userId,
    amountMinor,
    currency,
    note: body.note ? body.note : null,
    groupId: randomUUID(),
    ledgerBatchId: randomUUID(),
    now,
    sent: {
      kind: 'transfer_out',
      description: `Transfer to ${shortNameOf(recipient, body.recipient.trim())}`,
      counterparty: {
        userId: recipient.userId,
        ztartag: recipient.ztartag,
        name: displayNameOf(recipient, body.recipient.trim()),
      },
    },
    received: {
      kind: 'transfer_in',
      description: `Transfer from ${shortNameOf(sender)}`,
      counterparty: { userId: sender.userId, ztartag: sender.ztartag, name: displayNameOf(sender) },
    },
    ledgerCode: 'transfer',
    categoryKey: CATEGORY_OF_KIND.transfer_out,
    resource: (sentRow) => `transaction:${sentRow.id}`,
    metadata: (groupId, ledgerBatchId) => ({
      recipientId: recipient.userId,
      groupId,
      ledgerBatchId,
      ...(bypassDaily ? { limitsBypassed: true } : {}),
    }),
  });
  return {
    order: { ...order, answer: { transaction: toTransaction(sent) } },
    recipientId: recipient.userId,
    received,
    notification,
  };
}

/**
 * The recipient's notification and the sender's audit row of a movement between two wallets
 * (a transfer, a tip from the wallet): the same shape for each, named after its kind.
 */
function movementRecords(
  request: FastifyRequest,
  movement: {
    kind: 'transfer' | 'tip';
    sender: Pick<Person, 'userId' | 'ztartag' | 'fullName'>;
    recipientId: string;
    receivedTransactionId: string;
    amountMinor: number;
    currency: Currency;
    now: Date;
    resource: string;
    metadata: Record<string, unknown>;
  },
) {
  const { kind, sender, amountMinor, currency, now } = movement;
  const notification = notificationRow({
    userId: movement.recipientId,
    type: kind,
    event: `${kind}_received`,
    data: {
      amountMinor,
      currency,
      transactionId: movement.receivedTransactionId,
      fromZtartag: sender.ztartag,
      fromName: sender.fullName?.trim() || null,
    },
    now,
  });
  const audit = {
    id: randomUUID(),
    createdAt: now,
    ...auditValues(request, {
      userId: sender.userId,
      actionType: `${kind}_sent`,
      resource: movement.resource,
      metadata: { amountMinor, currency, ...movement.metadata },
    }),
  };
  return { notification, audit };
}

/** One side of a movement between two wallets: its transaction's kind and words, and the other person. */
interface MovementSide {
  kind: TransactionKind;
  description: string;
  counterparty: { userId: string; ztartag: string | null; name: string };
}

/**
 * What every movement between two wallets (a transfer, a tip from the wallet) writes and asks of
 * the ledger movement: both transactions, the recipient's notification, the sender's audit row,
 * and the checks (the daily cap for an unverified sender, the PIN above the no-PIN amount). The
 * caller adds its answer, and a tip its own row.
 */
export function walletMovement(
  request: FastifyRequest,
  signedIn: SignedIn,
  movement: {
    kind: 'transfer' | 'tip';
    /** An admin's own payment skips the unverified daily cap (the bypassLimits capability, decision 0040). */
    bypassDaily?: boolean;
    key: MovementOrder['key'];
    requestHash: string;
    sender: Person;
    recipientId: string;
    amountMinor: number;
    currency: Currency;
    note: string | null;
    groupId: string;
    ledgerBatchId: string;
    now: Date;
    sent: MovementSide;
    received: MovementSide;
    ledgerCode: LedgerTransferCode;
    categoryKey: string | null;
    /** The audit row's resource, which may name the sent transaction. */
    resource: (sent: TransactionRow) => string;
    /** The audit row's metadata besides the amount and currency. */
    metadata: (groupId: string, ledgerBatchId: string) => Record<string, unknown>;
  },
) {
  const { kind, sender, recipientId, amountMinor, currency, groupId, ledgerBatchId, now } = movement;
  const shared = {
    status: 'completed',
    amountMinor,
    currency,
    note: movement.note,
    groupId,
    ledgerBatchId,
    createdAt: now,
    settledAt: now,
  } as const;
  const sent = transactionRow({ ...shared, userId: sender.userId, type: 'expense', ...movement.sent });
  const received = transactionRow({ ...shared, userId: recipientId, type: 'income', ...movement.received });
  const { notification, audit } = movementRecords(request, {
    kind,
    sender,
    recipientId,
    receivedTransactionId: received.id,
    amountMinor,
    currency,
    now,
    resource: movement.resource(sent),
    metadata: movement.metadata(groupId, ledgerBatchId),
  });
  const order = {
    key: movement.key,
    requestHash: movement.requestHash,
    senderId: sender.userId,
    recipientId,
    amountMinor,
    currency,
    now,
    keyExpiresAt: keyExpiryOf(now),
    dayStartsAt: dayStartOf(now),
    checkDaily: !sender.verified && !movement.bypassDaily,
    checkPin: asksForPin(signedIn, amountMinor, now),
    ledgerBatchId,
    ledgerCode: movement.ledgerCode,
    categoryKey: movement.categoryKey,
    sent: columnValues(transactions, sent),
    received: columnValues(transactions, received),
    notification: columnValues(notifications, notification),
    audit: columnValues(auditLog, audit),
  } satisfies Omit<MovementOrder, 'answer' | 'tip'>;
  return { sent, received, notification, order };
}

/**
 * The answer of a movement, or the error of its refusal. With what the sender typed, a recipient
 * refused by the movement (gone, or blocking the sender) answers as the look-up does for nobody.
 */
export function answerOf(outcome: MovementOutcome, currency: Currency, typedRecipient?: string): MoneyAnswer {
  if (outcome.error === undefined) {
    return { statusCode: outcome.statusCode, body: outcome.body, replayed: outcome.replayed === true };
  }
  switch (outcome.error) {
    case 'recipient_user_not_found':
      // A recipient gone, or who blocked the sender, reads exactly as nobody with what was typed.
      throw typedRecipient === undefined ? new AppError(outcome.error) : notFoundFor(typedRecipient);
    case 'limit_exceeded':
      throw dailyLimitError(remainingOf(outcome, currency));
    case 'pin_required':
      throw pinRequiredError();
    default:
      throw new AppError(outcome.error);
  }
}

/** What the open pages of both people learn once the transfer has committed. */
function eventsOf(
  { order, recipientId, received, notification }: PreparedTransfer,
  moved: Extract<MovementOutcome, { sentCategoryId: string | null }>,
): PendingEvent[] {
  const { transaction } = moved.body as { transaction: Transaction };
  return [
    { userId: order.senderId, event: { type: 'transaction', transaction } },
    {
      userId: recipientId,
      event: {
        type: 'transaction',
        transaction: toTransaction({ ...received, categoryId: moved.receivedCategoryId }),
      },
    },
    ...(moved.notified
      ? [
          {
            userId: recipientId,
            event: { type: 'notification', notification: toNotification(notification) },
          } as const,
        ]
      : []),
  ];
}

import { randomUUID } from 'node:crypto';
import type { MoneyMovementResponse, TransferRequest } from '@ztart/shared/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { recordAuditInTransaction } from '../activity/service.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { idempotencyKeyOf, type StoredAnswer, withIdempotency } from '../idempotency/service.ts';
import { ensureAccount, transfer } from '../ledger/service.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { notify, toNotification } from '../notifications/service.ts';
import { recordTransaction, toTransaction } from '../transactions/record.ts';
import { assertWithinLimits, lockPayer } from '../wallet/limits.ts';
import { displayNameOf, findPerson, type Person, resolveRecipient, shortNameOf } from './recipients.ts';
import { retryTransientConflicts } from './retry.ts';

export const TRANSFER_LEDGER_CODE = 'transfer';

/**
 * `POST /api/transfers`: moves money from the signed-in person's available wallet to another
 * person's, with both people's transaction rows, the recipient's notification and the audit row
 * in the same database transaction; live events go out once it has committed. A deadlock or a
 * serialization failure is retried; anything unexpected answers `transfer_failed` with nothing moved.
 */
export async function sendTransfer(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  body: TransferRequest,
): Promise<StoredAnswer<MoneyMovementResponse>> {
  const { db } = context;
  const senderId = signedIn.user.id;
  const key = idempotencyKeyOf(request);
  const now = context.now();
  try {
    // Read before the payer lock is taken, so that the lock is held only for the movement itself.
    const [recipient, sender] = await Promise.all([
      resolveRecipient(db, body.recipient),
      findPerson(db, senderId),
    ]);
    if (recipient.userId === senderId) throw new AppError('recipient_is_self');
    if (!sender) throw new AppError('wallet_error');

    let events: PendingEvent[] = [];
    const answer = await retryTransientConflicts(
      () =>
        withIdempotency(
          db,
          { scope: senderId, key, fingerprint: { route: 'POST /api/transfers', body }, now },
          async (tx) => {
            const moved = await moveMoney(tx, request, signedIn, { body, sender, recipient, now });
            events = moved.events;
            return { statusCode: 201, body: { transaction: moved.transaction } };
          },
        ),
      {
        onRetry: (error, attempt) =>
          request.log.warn({ err: error, attempt }, 'transfer hit a transient database conflict; retrying'),
      },
    );
    // A replayed answer told its events when it first ran.
    if (!answer.replayed) publishAll(context.live, events);
    return answer;
  } catch (error) {
    if (isAppError(error)) throw error;
    request.log.error({ err: error }, 'transfer failed');
    throw new AppError('transfer_failed', { cause: error });
  }
}

interface Movement {
  body: TransferRequest;
  sender: Person;
  recipient: Person;
  now: Date;
}

async function moveMoney(
  tx: AppContext['db'],
  request: FastifyRequest,
  signedIn: SignedIn,
  { body, sender, recipient, now }: Movement,
) {
  const { amountMinor, currency } = body;
  const note = body.note ? body.note : null;
  await lockPayer(tx, sender.userId);
  await assertWithinLimits(tx, signedIn, { amountMinor, currency }, now);
  const from = await ensureAccount(tx, { ownerId: sender.userId, kind: 'wallet_available', currency });
  const to = await ensureAccount(tx, { ownerId: recipient.userId, kind: 'wallet_available', currency });
  const { batchId } = await transfer(tx, {
    legs: [
      { debitAccountId: from.id, creditAccountId: to.id, amountMinor, currency, code: TRANSFER_LEDGER_CODE },
    ],
  });

  const groupId = randomUUID();
  const shared = {
    status: 'completed',
    amountMinor,
    currency,
    note,
    groupId,
    ledgerBatchId: batchId,
    createdAt: now,
    settledAt: now,
  } as const;
  const sent = await recordTransaction(tx, {
    ...shared,
    userId: sender.userId,
    type: 'expense',
    kind: 'transfer_out',
    description: `Transfer to ${shortNameOf(recipient, body.recipient.trim())}`,
    counterparty: {
      userId: recipient.userId,
      ztartag: recipient.ztartag,
      name: displayNameOf(recipient, body.recipient.trim()),
    },
  });
  const received = await recordTransaction(tx, {
    ...shared,
    userId: recipient.userId,
    type: 'income',
    kind: 'transfer_in',
    description: `Transfer from ${shortNameOf(sender)}`,
    counterparty: { userId: sender.userId, ztartag: sender.ztartag, name: displayNameOf(sender) },
  });
  const notification = await notify(tx, {
    userId: recipient.userId,
    type: 'transfer',
    event: 'transfer_received',
    data: {
      amountMinor,
      currency,
      transactionId: received.id,
      fromZtartag: sender.ztartag,
      fromName: sender.fullName?.trim() || null,
    },
    now,
  });
  await recordAuditInTransaction(tx, request, {
    userId: sender.userId,
    actionType: 'transfer_sent',
    resource: `transaction:${sent.id}`,
    metadata: { amountMinor, currency, recipientId: recipient.userId, groupId, ledgerBatchId: batchId },
  });

  const transaction = toTransaction(sent);
  const events: PendingEvent[] = [
    { userId: sender.userId, event: { type: 'transaction', transaction } },
    { userId: recipient.userId, event: { type: 'transaction', transaction: toTransaction(received) } },
    { userId: recipient.userId, event: { type: 'notification', notification: toNotification(notification) } },
  ];
  return { transaction, events };
}

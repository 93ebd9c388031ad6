import { randomUUID } from 'node:crypto';
import type { TransferRequest } from '@ztart/shared/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { recordAuditInTransaction } from '../activity/service.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { ensureAccounts, transfer } from '../ledger/service.ts';
import type { PendingEvent } from '../notifications/live.ts';
import { notify, toNotification } from '../notifications/service.ts';
import { recordTransactions, toTransaction } from '../transactions/record.ts';
import { assertWithinLimits, lockPayer } from '../wallet/limits.ts';
import { failedMoneyRequest, type MoneyAnswer, runMoneyRequest } from '../wallet/money-request.ts';
import { displayNameOf, findPerson, type Person, resolveRecipient, shortNameOf } from './recipients.ts';

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
): Promise<MoneyAnswer> {
  const senderId = signedIn.user.id;
  try {
    // Read before the payer lock is taken, so that the lock is held only for the movement itself.
    const [recipient, sender] = await Promise.all([
      resolveRecipient(context.db, body.recipient),
      findPerson(context.db, senderId),
    ]);
    if (recipient.userId === senderId) throw new AppError('recipient_is_self');
    if (!sender) throw new AppError('wallet_error');
    return await runMoneyRequest(context, request, senderId, 'POST /api/transfers', async (tx, events) => {
      const moved = await moveMoney(tx, request, signedIn, { body, sender, recipient, now: context.now() });
      events.push(...moved.events);
      return { statusCode: 201, body: { transaction: moved.transaction } };
    });
  } catch (error) {
    throw failedMoneyRequest(request, error, 'transfer_failed');
  }
}

interface Movement {
  body: TransferRequest;
  sender: Person;
  recipient: Person;
  now: Date;
}

/**
 * The movement itself. The money moves last: the payer lock comes first (it serializes the payer's
 * limit checks), then everything that tells of the movement is written (its ids chosen here, the
 * ledger batch's too), and only then are the two ledger accounts locked and their balances
 * changed, so another transfer to the same person waits for the fewest round trips. When the
 * ledger refuses (insufficient_balance), the caller's transaction rolls all of it back.
 */
async function moveMoney(
  tx: AppContext['db'],
  request: FastifyRequest,
  signedIn: SignedIn,
  { body, sender, recipient, now }: Movement,
) {
  const { amountMinor, currency } = body;
  const note = body.note ? body.note : null;
  const payer = await lockPayer(tx, sender.userId);
  await assertWithinLimits(tx, signedIn, { amountMinor, currency }, now, payer);
  const [from, to] = await ensureAccounts(tx, [
    { ownerId: sender.userId, kind: 'wallet_available', currency },
    { ownerId: recipient.userId, kind: 'wallet_available', currency },
  ]);
  if (!from || !to) throw new Error('ledger accounts missing after ensureAccounts');

  const batchId = randomUUID();
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
  const [sent, received] = await recordTransactions(tx, [
    {
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
    },
    {
      ...shared,
      userId: recipient.userId,
      type: 'income',
      kind: 'transfer_in',
      description: `Transfer from ${shortNameOf(sender)}`,
      counterparty: { userId: sender.userId, ztartag: sender.ztartag, name: displayNameOf(sender) },
    },
  ]);
  if (!sent || !received) throw new Error('transfer recorded too few transaction rows');
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
  await transfer(tx, {
    batchId,
    legs: [
      { debitAccountId: from.id, creditAccountId: to.id, amountMinor, currency, code: TRANSFER_LEDGER_CODE },
    ],
  });

  const transaction = toTransaction(sent);
  const events: PendingEvent[] = [
    { userId: sender.userId, event: { type: 'transaction', transaction } },
    { userId: recipient.userId, event: { type: 'transaction', transaction: toTransaction(received) } },
    { userId: recipient.userId, event: { type: 'notification', notification: toNotification(notification) } },
  ];
  return { transaction, events };
}

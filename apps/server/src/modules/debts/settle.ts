import { randomUUID } from 'node:crypto';
import type { SettleDebtRequest } from '@ztart/shared/contracts/debts';
import { CATEGORY_OF_KIND, type Transaction } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { columnValues } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import {
  failedMoneyRequest,
  type MoneyAnswer,
  runMoneyRequest,
  unknownUnlessRefused,
} from '../idempotency/money-request.ts';
import { idempotencyKeyOf, requestHashOf } from '../idempotency/service.ts';
import type { MovementOrder, MovementOutcome } from '../ledger/movement.ts';
import { assertWithinTransferMax } from '../limits/limits.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { toNotification } from '../notifications/service.ts';
import { displayNameOf, findPerson, type Person, shortNameOf } from '../profiles/people.ts';
import { toTransaction, type transactionRow } from '../transactions/record.ts';
import { answerOf, walletMovement } from '../transfers/service.ts';
import { findVisibleDebt, sidesOf } from './service.ts';
import { type DebtRow, debtSettlements, debts } from './tables.ts';

/** What the kept answer of a settlement names; the route answers with the debt as it is then. */
export interface SettlementAnswer {
  debtId: string;
  settlementId: string;
}

const routeOf = (debtId: string) => `POST /api/debts/${debtId}/settlements`;

/**
 * `POST /api/debts/{id}/settlements`. By transfer: the debtor's payment to the creditor is one
 * ledger movement (the same batch, limits, PIN and verification rules, kept answer and errors as a
 * transfer), and the movement itself writes the settlement and refuses more than is left. Manual:
 * the creditor records money paid outside the app; no money moves. Both are idempotent by key.
 */
export async function settleDebt(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  debtId: string,
  body: SettleDebtRequest,
): Promise<MoneyAnswer> {
  const userId = signedIn.user.id;
  try {
    const key = idempotencyKeyOf(request);
    const debt = await findVisibleDebt(context.db, userId, debtId);
    const { debtorId, creditorId } = sidesOf(debt);
    if (debt.confirmation === 'pending' || debt.confirmation === 'declined')
      throw new AppError('debt_unconfirmed');
    if (body.via === 'transfer') {
      if (debtorId !== userId || creditorId === null) throw new AppError('debt_settlement_forbidden');
      return await settleByTransfer(context, request, signedIn, { debt, key, body, creditorId });
    }
    // Manual: the creditor says they were paid; with someone outside the app, the recorder does.
    const mayRecord = creditorId === userId || (debt.counterpartyUserId === null && debt.ownerId === userId);
    if (!mayRecord) throw new AppError('debt_settlement_forbidden');
    return await runMoneyRequest(context, request, userId, routeOf(debtId), async (tx) => {
      const [locked] = await tx.select().from(debts).where(eq(debts.id, debtId)).for('update');
      if (!locked) throw new AppError('not_found');
      if (locked.status !== 'open' || body.amountMinor > locked.amountMinor - locked.settledMinor)
        throw new AppError('settlement_above_remaining');
      const now = context.now();
      const settlementId = randomUUID();
      await tx.insert(debtSettlements).values({
        id: settlementId,
        debtId,
        amountMinor: body.amountMinor,
        via: 'manual',
        recordedBy: userId,
        createdAt: now,
      });
      await tx
        .update(debts)
        .set({
          settledMinor: sql`${debts.settledMinor} + ${body.amountMinor}`,
          status: locked.settledMinor + body.amountMinor >= locked.amountMinor ? 'settled' : 'open',
          updatedAt: now,
        })
        .where(eq(debts.id, debtId));
      const answer: SettlementAnswer = { debtId, settlementId };
      return { statusCode: 201, body: answer };
    });
  } catch (error) {
    throw failedMoneyRequest(request, error, 'debt_settlement_failed');
  }
}

async function settleByTransfer(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  {
    debt,
    key,
    body,
    creditorId,
  }: { debt: DebtRow; key: string; body: SettleDebtRequest; creditorId: string },
): Promise<MoneyAnswer> {
  const [sender, recipient] = await Promise.all([
    findPerson(context.db, signedIn.user.id),
    findPerson(context.db, creditorId),
  ]);
  if (!recipient) throw new AppError('recipient_user_not_found');
  if (!sender) throw new AppError('wallet_error');
  assertWithinTransferMax(body.amountMinor);
  const prepared = prepareSettlement(request, signedIn, {
    debt,
    key,
    body,
    sender,
    recipient,
    now: context.now(),
  });
  const outcome = await context.transfers.movements.submit(prepared.order).catch((error: unknown) => {
    throw unknownUnlessRefused(error);
  });
  const answer = answerOf(outcome, debt.currency as Currency);
  if (outcome.error === undefined && !outcome.replayed) publishAll(context.live, eventsOf(prepared, outcome));
  return answer;
}

interface PreparedSettlement {
  order: MovementOrder;
  received: ReturnType<typeof transactionRow>;
  notification: ReturnType<typeof walletMovement>['notification'];
}

/** The movement of a settlement by transfer: a transfer's rows, and the settlement's. */
function prepareSettlement(
  request: FastifyRequest,
  signedIn: SignedIn,
  {
    debt,
    key,
    body,
    sender,
    recipient,
    now,
  }: { debt: DebtRow; key: string; body: SettleDebtRequest; sender: Person; recipient: Person; now: Date },
): PreparedSettlement {
  const { amountMinor } = body;
  const settlementId = randomUUID();
  const { sent, received, notification, order } = walletMovement(request, signedIn, {
    kind: 'transfer',
    key,
    requestHash: requestHashOf({ route: routeOf(debt.id), body }),
    sender,
    recipientId: recipient.userId,
    amountMinor,
    currency: debt.currency as Currency,
    note: debt.note,
    groupId: randomUUID(),
    ledgerBatchId: randomUUID(),
    now,
    sent: {
      kind: 'transfer_out',
      description: `Transfer to ${shortNameOf(recipient)}`,
      counterparty: { userId: recipient.userId, ztartag: recipient.ztartag, name: displayNameOf(recipient) },
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
      debtId: debt.id,
    }),
  });
  const answer: SettlementAnswer & { transaction: Transaction } = {
    debtId: debt.id,
    settlementId,
    transaction: toTransaction(sent),
  };
  const debtSettlement = columnValues(debtSettlements, {
    id: settlementId,
    debtId: debt.id,
    amountMinor,
    via: 'transfer',
    recordedBy: sender.userId,
    ledgerBatchId: sent.ledgerBatchId,
    sentTransactionId: sent.id,
    receivedTransactionId: received.id,
    createdAt: now,
  });
  return { order: { ...order, debtSettlement, answer }, received, notification };
}

/** What the open pages of both people learn once the settlement has committed. */
function eventsOf(
  { order, received, notification }: PreparedSettlement,
  moved: Extract<MovementOutcome, { sentCategoryId: string | null }>,
): PendingEvent[] {
  const { transaction } = moved.body as { transaction: Transaction };
  return [
    { userId: order.senderId, event: { type: 'transaction', transaction } },
    {
      userId: order.recipientId,
      event: {
        type: 'transaction',
        transaction: toTransaction({ ...received, categoryId: moved.receivedCategoryId }),
      },
    },
    ...(moved.notified
      ? [
          {
            userId: order.recipientId,
            event: { type: 'notification', notification: toNotification(notification) },
          } as const,
        ]
      : []),
  ];
}

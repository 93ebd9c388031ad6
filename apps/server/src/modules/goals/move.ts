import { randomUUID } from 'node:crypto';
import type { GoalMoveRequest, GoalMoveResponse } from '@ztart/shared/contracts/goals';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { columnValues } from '../../db/sql-helpers.ts';
import { auditValues } from '../activity/service.ts';
import { auditLog } from '../activity/tables.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { failedMoneyRequest, type MoneyAnswer, unknownUnlessRefused } from '../idempotency/money-request.ts';
import { idempotencyKeyOf, keyExpiryOf, requestHashOf } from '../idempotency/service.ts';
import type { MovementOrder, MovementOutcome } from '../ledger/movement.ts';
import { asksForPin, assertWithinTransferMax, dayStartOf } from '../limits/limits.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { notificationRow, toNotification } from '../notifications/service.ts';
import { type NotificationRow, notifications } from '../notifications/tables.ts';
import { toTransaction, transactionRow } from '../transactions/record.ts';
import { transactions } from '../transactions/tables.ts';
import { answerOf } from '../transfers/service.ts';
import { findOwnGoal, goalReachedNotification, toGoal } from './service.ts';
import type { GoalRow } from './tables.ts';

export type GoalMoveDirection = 'deposit' | 'withdrawal';

const routeOf = (goalId: string, direction: GoalMoveDirection) => `POST /api/goals/${goalId}/${direction}s`;

/** The kept answer: the goal as the movement left it (without what depends on the day), and the transaction. */
interface KeptGoalMove {
  goal: Pick<
    GoalRow,
    'id' | 'name' | 'targetMinor' | 'currency' | 'savedMinor' | 'targetDate' | 'pictureId'
  > & {
    reachedAt: string | null;
    createdAt: string;
  };
  transaction: Transaction;
}

/**
 * `POST /api/goals/{id}/deposits` and `/withdrawals`: one ledger movement between the person's
 * available wallet and their goal savings in the goal's currency (the batch every transfer joins,
 * with its locks, kept answer and PIN check), which also moves the goal's saved amount and, the
 * first time it reaches the target, writes its notification. Live events go out once it has
 * committed; a repeat with the same key answers what the first did and moves nothing.
 */
export async function moveGoalMoney(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  goalId: string,
  direction: GoalMoveDirection,
  body: GoalMoveRequest,
): Promise<MoneyAnswer> {
  const userId = signedIn.user.id;
  try {
    const key = idempotencyKeyOf(request);
    const goal = await findOwnGoal(context.db, userId, goalId);
    assertWithinTransferMax(body.amountMinor);
    const prepared = prepareGoalMove(request, signedIn, { goal, direction, body, key, now: context.now() });
    const outcome = await context.transfers.movements.submit(prepared.order).catch((error: unknown) => {
      throw unknownUnlessRefused(error);
    });
    const answer = answerOf(outcome, goal.currency as Currency);
    if (outcome.error === undefined && !outcome.replayed)
      publishAll(context.live, eventsOf(prepared, outcome));
    return answer;
  } catch (error) {
    throw failedMoneyRequest(request, error, 'transfer_failed');
  }
}

/** The API answer of a kept goal move: the goal as the movement left it, read at `now`. */
export function goalMoveResponse(body: unknown, now: Date): GoalMoveResponse {
  const { goal, transaction } = body as KeptGoalMove;
  const row = {
    ...goal,
    reachedAt: goal.reachedAt === null ? null : new Date(goal.reachedAt),
    createdAt: new Date(goal.createdAt),
  };
  return { ...toGoal(row, now), transaction };
}

interface PreparedGoalMove {
  order: MovementOrder;
  /** Written only if this move makes the goal reach its target. */
  reached: NotificationRow;
}

function prepareGoalMove(
  request: FastifyRequest,
  signedIn: SignedIn,
  {
    goal,
    direction,
    body,
    key,
    now,
  }: { goal: GoalRow; direction: GoalMoveDirection; body: GoalMoveRequest; key: string; now: Date },
): PreparedGoalMove {
  const userId = signedIn.user.id;
  const { amountMinor } = body;
  const currency = goal.currency as Currency;
  const ledgerBatchId = randomUUID();
  const into = direction === 'deposit';
  const sent = transactionRow({
    userId,
    type: 'internal',
    kind: into ? 'goal_deposit' : 'goal_withdrawal',
    status: 'completed',
    amountMinor,
    currency,
    description: into ? `Into goal ${goal.name}` : `Out of goal ${goal.name}`,
    // The other side of the move is the goal: named as it was then, like a counterparty.
    counterparty: { userId: null, ztartag: null, name: goal.name },
    groupId: randomUUID(),
    ledgerBatchId,
    createdAt: now,
    settledAt: now,
  });
  const audit = {
    id: randomUUID(),
    createdAt: now,
    ...auditValues(request, {
      userId,
      actionType: into ? 'goal_deposit' : 'goal_withdrawal',
      resource: `goal:${goal.id}`,
      metadata: { amountMinor, currency, transactionId: sent.id, ledgerBatchId },
    }),
  };
  const kept: KeptGoalMove = {
    goal: {
      id: goal.id,
      name: goal.name,
      targetMinor: goal.targetMinor,
      currency: goal.currency,
      // Filled in by the movement, under the goal's lock.
      savedMinor: goal.savedMinor,
      targetDate: goal.targetDate,
      pictureId: goal.pictureId,
      reachedAt: goal.reachedAt?.toISOString() ?? null,
      createdAt: goal.createdAt.toISOString(),
    },
    transaction: toTransaction(sent),
  };
  const reached = notificationRow(goalReachedNotification(userId, goal, now));
  const order: MovementOrder = {
    key,
    requestHash: requestHashOf({ route: routeOf(goal.id, direction), body }),
    senderId: userId,
    recipientId: userId,
    amountMinor,
    currency,
    now,
    keyExpiresAt: keyExpiryOf(now),
    dayStartsAt: dayStartOf(now),
    // The money stays the person's: no daily cap. The PIN guards it like any payment.
    checkDaily: false,
    checkPin: asksForPin(signedIn, amountMinor, now),
    ledgerBatchId,
    ledgerCode: 'goal',
    categoryKey: null,
    debitKind: into ? 'wallet_available' : 'goal_savings',
    creditKind: into ? 'goal_savings' : 'wallet_available',
    sent: columnValues(transactions, sent),
    audit: columnValues(auditLog, audit),
    goal: { id: goal.id, reachedNotification: columnValues(notifications, reached) },
    answer: kept,
  };
  return { order, reached };
}

/** What the person's open pages learn once the move has committed. */
function eventsOf(
  { order, reached }: PreparedGoalMove,
  moved: Extract<MovementOutcome, { sentCategoryId: string | null }>,
): PendingEvent[] {
  const { transaction } = moved.body as KeptGoalMove;
  const events: PendingEvent[] = [{ userId: order.senderId, event: { type: 'transaction', transaction } }];
  if (moved.goalReached && moved.notified) {
    events.push({
      userId: order.senderId,
      event: { type: 'notification', notification: toNotification(reached) },
    });
  }
  return events;
}

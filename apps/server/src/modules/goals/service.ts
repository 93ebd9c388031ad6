import {
  type CreateGoalRequest,
  type Goal,
  type GoalListResponse,
  goalMonthlyNeededMinor,
  goalProgressPercent,
  type UpdateGoalRequest,
} from '@ztart/shared/contracts/goals';
import { GOAL_LIMITS } from '@ztart/shared/limits';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../auth/tables.ts';
import { publishAll } from '../notifications/live.ts';
import { notify, toNotification } from '../notifications/service.ts';
import type { NotificationRow } from '../notifications/tables.ts';
import { type GoalRow, goals } from './tables.ts';

export function goalPictureUrlOf(goalId: string, pictureId: string): string {
  return `/api/goals/${goalId}/picture?v=${pictureId}`;
}

/** The calendar date of an instant, in UTC: what "this month" means for the monthly amount. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** What a goal's row reads as, at `now` (progress and the monthly amount are worked out here). */
export function toGoal(
  row: Pick<
    GoalRow,
    | 'id'
    | 'name'
    | 'targetMinor'
    | 'currency'
    | 'savedMinor'
    | 'targetDate'
    | 'pictureId'
    | 'reachedAt'
    | 'createdAt'
  >,
  now: Date,
): Goal {
  return {
    id: row.id,
    name: row.name,
    targetMinor: row.targetMinor,
    currency: row.currency as Currency,
    savedMinor: row.savedMinor,
    targetDate: row.targetDate,
    pictureUrl: row.pictureId ? goalPictureUrlOf(row.id, row.pictureId) : null,
    progressPercent: goalProgressPercent(row.savedMinor, row.targetMinor),
    monthlyNeededMinor: goalMonthlyNeededMinor(row, todayOf(now)),
    reachedAt: row.reachedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One of the person's goals, or 404 (another's reads as one that does not exist). */
export async function findOwnGoal(db: AppDatabase, userId: string, id: string): Promise<GoalRow> {
  const [row] = await db
    .select()
    .from(goals)
    .where(and(eq(goals.id, id), eq(goals.ownerId, userId)));
  if (!row) throw new AppError('not_found');
  return row;
}

async function lockOwnGoal(tx: AppDatabase, userId: string, id: string): Promise<GoalRow> {
  const [row] = await tx
    .select()
    .from(goals)
    .where(and(eq(goals.id, id), eq(goals.ownerId, userId)))
    .for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

/** `GET /api/goals`: oldest first, and what the person holds in goals per currency (those held only). */
export async function listGoals(db: AppDatabase, userId: string, now: Date): Promise<GoalListResponse> {
  const rows = await db
    .select()
    .from(goals)
    .where(eq(goals.ownerId, userId))
    .orderBy(asc(goals.createdAt), asc(goals.id));
  const totals = CURRENCIES.map((currency) => ({
    currency,
    savedMinor: rows.filter((row) => row.currency === currency).reduce((sum, row) => sum + row.savedMinor, 0),
  })).filter((total) => total.savedMinor > 0);
  return { items: rows.map((row) => toGoal(row, now)), totals };
}

/** `POST /api/goals`: at most GOAL_LIMITS.perUser goals, counted under the person's lock. */
export async function createGoal(
  db: AppDatabase,
  userId: string,
  body: CreateGoalRequest,
  now: Date,
): Promise<Goal> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [kept] = await tx.select({ n: count() }).from(goals).where(eq(goals.ownerId, userId));
    if ((kept?.n ?? 0) >= GOAL_LIMITS.perUser) {
      throw new AppError('limit_exceeded', { details: { limit: 'goals', max: GOAL_LIMITS.perUser } });
    }
    const [row] = await tx
      .insert(goals)
      .values({
        ownerId: userId,
        name: body.name,
        targetMinor: body.targetMinor,
        currency: body.currency,
        targetDate: body.targetDate ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toGoal(row!, now);
  });
}

/**
 * `PATCH /api/goals/{id}`. A target lowered to what the goal already holds reaches it: the goal's
 * notification goes out then, once, as when money reaches it.
 */
export async function updateGoal(
  context: AppContext,
  userId: string,
  id: string,
  body: UpdateGoalRequest,
): Promise<Goal> {
  const now = context.now();
  let reached: NotificationRow | null = null;
  const goal = await context.db.transaction(async (tx) => {
    const row = await lockOwnGoal(tx, userId, id);
    const targetMinor = body.targetMinor ?? row.targetMinor;
    const name = body.name ?? row.name;
    const reachesNow = row.reachedAt === null && row.savedMinor >= targetMinor;
    const [updated] = await tx
      .update(goals)
      .set({
        name,
        targetMinor,
        targetDate: body.targetDate === undefined ? row.targetDate : body.targetDate,
        reachedAt: reachesNow ? now : row.reachedAt,
        updatedAt: now,
      })
      .where(eq(goals.id, id))
      .returning();
    if (reachesNow) reached = await notify(tx, goalReachedNotification(userId, { ...row, name }, now));
    return toGoal(updated!, now);
  });
  const notification: NotificationRow | null = reached;
  if (notification) {
    publishAll(context.live, [
      { userId, event: { type: 'notification', notification: toNotification(notification) } },
    ]);
  }
  return goal;
}

/** `DELETE /api/goals/{id}`: only an empty goal (409 `goal_not_empty` otherwise); its picture goes with it. */
export async function deleteGoal(db: AppDatabase, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOwnGoal(tx, userId, id);
    if (row.savedMinor > 0) {
      throw new AppError('goal_not_empty', {
        details: { savedMinor: row.savedMinor, currency: row.currency },
      });
    }
    await tx.delete(goals).where(eq(goals.id, id));
  });
}

/** The notification of a goal that reached its target (written once, with `reached_at`). */
export function goalReachedNotification(
  userId: string,
  goal: Pick<GoalRow, 'id' | 'name' | 'targetMinor' | 'currency'>,
  now: Date,
) {
  return {
    userId,
    type: 'achievement' as const,
    event: 'goal_reached' as const,
    data: {
      goalId: goal.id,
      goalName: goal.name,
      amountMinor: goal.targetMinor,
      currency: goal.currency as Currency,
    },
    now,
  };
}

/**
 * What a deleted account leaves of its goals (inside the deletion's transaction, after it made
 * sure no money is left in them): nothing. Their pictures go with them.
 */
export async function eraseGoalsOf(tx: AppDatabase, userId: string): Promise<void> {
  await tx.delete(goals).where(eq(goals.ownerId, userId));
}

/** Sets or clears the picture id a goal's address names. */
export async function setGoalPictureId(tx: AppDatabase, goalId: string, pictureId: string | null, now: Date) {
  await tx.update(goals).set({ pictureId, updatedAt: now }).where(eq(goals.id, goalId));
}

import {
  ASSISTANT_LIMITS,
  ASSISTANT_MODEL_NAMES,
  ASSISTANT_MODELS,
  type AssistantModel,
  type AssistantUsage,
  costMillicentsOf,
  mayUseModel,
  type Quota,
  type QuotaExceededDetails,
} from '@ztart/shared/contracts/assistant';
import { ROLE_PLANS, type Role } from '@ztart/shared/roles';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { assistantUsage } from './tables.ts';

/** The first key of the advisory locks that serialise quota reservations (the second is the subject's hash). */
const QUOTA_LOCK_SPACE = 4919;

/**
 * Reservations for the same subjects from this server wait for each other here, in turn, so that
 * a burst of requests from one person waits in memory instead of holding pooled connections
 * while it waits for the database lock (which still orders reservations across servers).
 */
const reserving = new Map<string, Promise<unknown>>();
async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = reserving.get(key) ?? Promise.resolve();
  const mine = before.then(work, work);
  const settled = mine.then(
    () => {},
    () => {},
  );
  reserving.set(key, settled);
  try {
    return await mine;
  } finally {
    if (reserving.get(key) === settled) reserving.delete(key);
  }
}

/** The UTC day and month a moment falls in, and when each ends (quotas reset then). */
export function quotaWindows(now: Date) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const day = now.getUTCDate();
  return {
    dayStart: new Date(Date.UTC(year, month, day)),
    nextDay: new Date(Date.UTC(year, month, day + 1)),
    monthStart: new Date(Date.UTC(year, month, 1)),
    nextMonth: new Date(Date.UTC(year, month + 1, 1)),
  };
}

interface Used {
  dailyTokens: number;
  monthlyTokens: number;
  costTodayMillicents: number;
}

/**
 * What `subject` used in the day and month of `now`. `reserving`: every row of the month counts,
 * even one stamped after `now` — another instance (whose clock may run ahead, or which took its time
 * after this request took `now`) reserved it under the same lock, and it must count against the cap.
 */
async function usedBy(
  db: AppDatabase,
  subject: string,
  now: Date,
  options: { reserving?: boolean } = {},
): Promise<Used> {
  const { dayStart, monthStart } = quotaWindows(now);
  const tokens = sql`${assistantUsage.inputTokens} + ${assistantUsage.outputTokens}`;
  const today = sql`${assistantUsage.createdAt} >= ${dayStart.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      daily: sql<string>`COALESCE(SUM(${tokens}) FILTER (WHERE ${today}), 0)::text`,
      monthly: sql<string>`COALESCE(SUM(${tokens}), 0)::text`,
      cost: sql<string>`COALESCE(SUM(${assistantUsage.costMillicents}) FILTER (WHERE ${today}), 0)::text`,
    })
    .from(assistantUsage)
    .where(
      and(
        eq(assistantUsage.subject, subject),
        gte(assistantUsage.createdAt, monthStart),
        options.reserving ? undefined : sql`${assistantUsage.createdAt} <= ${now.toISOString()}::timestamptz`,
      ),
    );
  return {
    dailyTokens: Number(row?.daily ?? 0),
    monthlyTokens: Number(row?.monthly ?? 0),
    costTodayMillicents: Number(row?.cost ?? 0),
  };
}

/**
 * `GET /api/assistant/usage`: what the subject used today and this month against their role's
 * plan. A guest counts as two subjects (device and address): each figure is the higher of the two.
 */
export async function usageOf(
  db: AppDatabase,
  subjects: string | readonly string[],
  role: Role,
  now: Date,
): Promise<AssistantUsage> {
  const plan = ROLE_PLANS[role];
  const all = await Promise.all(
    (typeof subjects === 'string' ? [subjects] : subjects).map((subject) => usedBy(db, subject, now)),
  );
  const used: Used = {
    dailyTokens: Math.max(0, ...all.map((one) => one.dailyTokens)),
    monthlyTokens: Math.max(0, ...all.map((one) => one.monthlyTokens)),
    costTodayMillicents: Math.max(0, ...all.map((one) => one.costTodayMillicents)),
  };
  return {
    role,
    daily: { usedTokens: used.dailyTokens, limitTokens: plan.dailyTokens },
    monthly: { usedTokens: used.monthlyTokens, limitTokens: plan.monthlyTokens },
    costTodayCents: Math.ceil(used.costTodayMillicents / 1000),
    costLimitCents: plan.costPerDay,
    resetsAt: quotaWindows(now).nextDay.toISOString(),
    streaming: plan.capabilities.includes('streaming'),
    models: ASSISTANT_MODEL_NAMES.filter((model) => mayUseModel(role, model)),
  };
}

/**
 * The tokens reserved for one request, on each subject it counts against (a person; or a guest's
 * device and address), to be settled to the real figure once the engine has answered.
 */
export interface Reservation {
  ids: string[];
  model: AssistantModel;
  /** The answer's budget: what is left under every quota of every subject after the question, capped. */
  maxOutputTokens: number;
}

/** Tokens a subject may still use today with a model: the least of the three quotas' room. */
function roomOf(used: Used, role: Role, model: AssistantModel): { quota: Quota; tokens: number }[] {
  const plan = ROLE_PLANS[role];
  const price = ASSISTANT_MODELS[model].centsPer1000Tokens;
  return [
    { quota: 'daily', tokens: plan.dailyTokens - used.dailyTokens },
    { quota: 'monthly', tokens: plan.monthlyTokens - used.monthlyTokens },
    { quota: 'cost', tokens: Math.floor((plan.costPerDay * 1000 - used.costTodayMillicents) / price) },
  ];
}

/**
 * Reserves a request's tokens before its engine runs, refusing it (429 `quota_exceeded`) when the
 * question and the smallest answer (`answerTokensMin`) do not fit under the daily tokens, the
 * monthly tokens or today's cost of every subject. The check and the reservation happen in one
 * transaction holding each subject's advisory lock, so requests at the same moment are counted
 * one after the other: only those that fit get through. The reservation is a usage row per
 * subject with the question's tokens and the answer's budget (up to `answerTokensMax`), settled
 * to the real figures by `settleReservation` (or removed by `releaseReservation`).
 */
export async function reserveQuota(
  db: AppDatabase,
  subjects: readonly string[],
  role: Role,
  model: AssistantModel,
  inputTokens: number,
  now: Date,
): Promise<Reservation> {
  const { nextDay, nextMonth } = quotaWindows(now);
  const resetsAt: Record<Quota, Date> = { daily: nextDay, monthly: nextMonth, cost: nextDay };
  // Sorted, so two requests locking the same subjects never wait for each other in a circle.
  const ordered = [...new Set(subjects)].sort();
  return oneAtATime(ordered.join(' '), () =>
    db.transaction(async (tx) => {
      for (const subject of ordered) {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}::int, hashtext(${subject}::text))`,
        );
      }
      let room = Number.POSITIVE_INFINITY;
      for (const subject of ordered) {
        for (const quota of roomOf(await usedBy(tx, subject, now, { reserving: true }), role, model)) {
          if (quota.tokens < inputTokens + ASSISTANT_LIMITS.answerTokensMin) {
            const details: QuotaExceededDetails = {
              quota: quota.quota,
              resetsAt: resetsAt[quota.quota].toISOString(),
            };
            throw new AppError('quota_exceeded', { details });
          }
          room = Math.min(room, quota.tokens);
        }
      }
      const maxOutputTokens = Math.min(room - inputTokens, ASSISTANT_LIMITS.answerTokensMax);
      const rows = await tx
        .insert(assistantUsage)
        .values(
          ordered.map((subject) => ({
            subject,
            model,
            inputTokens,
            outputTokens: maxOutputTokens,
            costMillicents: costMillicentsOf(inputTokens + maxOutputTokens, model),
            createdAt: now,
          })),
        )
        .returning({ id: assistantUsage.id });
      return { ids: rows.map((row) => row.id), model, maxOutputTokens };
    }),
  );
}

/** Replaces a reservation with the tokens the request really used. */
export async function settleReservation(
  db: AppDatabase,
  reservation: Reservation,
  used: { inputTokens: number; outputTokens: number },
): Promise<void> {
  await db
    .update(assistantUsage)
    .set({
      inputTokens: used.inputTokens,
      outputTokens: used.outputTokens,
      costMillicents: costMillicentsOf(used.inputTokens + used.outputTokens, reservation.model),
    })
    .where(inArray(assistantUsage.id, reservation.ids));
}

/** Gives a reservation back: the request consumed nothing. */
export async function releaseReservation(db: AppDatabase, reservation: Reservation): Promise<void> {
  await db.delete(assistantUsage).where(inArray(assistantUsage.id, reservation.ids));
}

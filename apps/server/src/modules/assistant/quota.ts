import {
  ASSISTANT_MODEL_NAMES,
  type AssistantModel,
  type AssistantUsage,
  costMillicentsOf,
  mayUseModel,
  type Quota,
  type QuotaExceededDetails,
} from '@ztart/shared/contracts/assistant';
import { ROLE_PLANS, type Role } from '@ztart/shared/roles';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { assistantUsage } from './tables.ts';

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

async function usedBy(db: AppDatabase, subject: string, now: Date): Promise<Used> {
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
        sql`${assistantUsage.createdAt} <= ${now.toISOString()}::timestamptz`,
      ),
    );
  return {
    dailyTokens: Number(row?.daily ?? 0),
    monthlyTokens: Number(row?.monthly ?? 0),
    costTodayMillicents: Number(row?.cost ?? 0),
  };
}

/** `GET /api/assistant/usage`: what the subject used today and this month against their role's plan. */
export async function usageOf(
  db: AppDatabase,
  subject: string,
  role: Role,
  now: Date,
): Promise<AssistantUsage> {
  const plan = ROLE_PLANS[role];
  const used = await usedBy(db, subject, now);
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
 * Refuses (429 `quota_exceeded`) a request whose question alone would take the subject over a
 * quota: daily tokens, monthly tokens or today's cost. The answer's tokens are counted after it
 * is written; a request that starts under every cap is answered whole.
 */
export async function refuseOverQuota(
  db: AppDatabase,
  subject: string,
  role: Role,
  model: AssistantModel,
  inputTokens: number,
  now: Date,
): Promise<void> {
  const plan = ROLE_PLANS[role];
  const used = await usedBy(db, subject, now);
  const { nextDay, nextMonth } = quotaWindows(now);
  const over = (quota: Quota, resetsAt: Date) => {
    const details: QuotaExceededDetails = { quota, resetsAt: resetsAt.toISOString() };
    return new AppError('quota_exceeded', { details });
  };
  if (used.dailyTokens + inputTokens > plan.dailyTokens) throw over('daily', nextDay);
  if (used.monthlyTokens + inputTokens > plan.monthlyTokens) throw over('monthly', nextMonth);
  if (used.costTodayMillicents + costMillicentsOf(inputTokens, model) > plan.costPerDay * 1000) {
    throw over('cost', nextDay);
  }
}

export async function recordUsage(
  db: AppDatabase,
  usage: { subject: string; model: AssistantModel; inputTokens: number; outputTokens: number; at: Date },
): Promise<void> {
  await db.insert(assistantUsage).values({
    subject: usage.subject,
    model: usage.model,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    costMillicents: costMillicentsOf(usage.inputTokens + usage.outputTokens, usage.model),
    createdAt: usage.at,
  });
}

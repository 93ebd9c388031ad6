import { monthIn } from '@ztart/shared/contracts/budgets';
import type {
  Achievement,
  Celebration,
  DailyChallenge,
  GamificationHistoryResponse,
  GamificationResponse,
  XpEvent,
} from '@ztart/shared/contracts/gamification';
import {
  ACHIEVEMENT_IDS,
  ACHIEVEMENTS,
  type AchievementId,
  DAILY_CHALLENGE_IDS,
  DAILY_CHALLENGES,
  DAILY_CHALLENGES_PER_DAY,
  type DailyCappedXpAction,
  type DailyChallengeId,
  GAMIFICATION_LEVELS,
  GAMIFICATION_RULES,
  isDailyCappedXpAction,
  isMoneyXpAction,
  levelForXp,
  type MoneyXpAction,
  XP_PER_ACTION,
  type XpAction,
  type XpWithheldReason,
} from '@ztart/shared/gamification';
import { isoDateOf, type LocalDate, localDateOf, startOfLocalDay } from '@ztart/shared/time-zones';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { keptBudgetsOf } from '../budgets/service.ts';
import type { PendingEvent } from '../notifications/live.ts';
import { notificationEvents, notify } from '../notifications/service.ts';
import { isDemoPerson } from './demo.ts';
import { gamificationStandings, unlockedAchievements, type XpEventRow, xpEvents } from './tables.ts';

/** Transactions looked at again behind the newest one seen: one committed late is not missed. */
const RESCAN_MARGIN_MS = 10 * 60 * 1000;
/** The most days a streak is counted back (past the longest streak achievement). */
const STREAK_LOOKBACK_DAYS = 400;

/** A recorded action before the rules: what it was about and with whom. */
interface Candidate {
  action: XpAction;
  sourceId: string;
  occurredAt: Date;
  /**
   * Money actions: the amount in minor units and the other person (null: anonymous). Goals and
   * debts: the goal's target, the debt's amount (for the minimum).
   */
  amountMinor?: number;
  counterpartyUserId?: string | null;
}

/** Which of a person's transactions count, and as what. */
const ACTION_OF_KIND: Record<string, XpAction> = {
  tip_out: 'tip_sent',
  tip_in: 'tip_received',
  transfer_out: 'transfer_sent',
  transfer_in: 'transfer_received',
  invoice_out: 'invoice_paid',
  deposit: 'first_deposit',
};

/** The same money moving the other way, for the back-and-forth rule. */
const OPPOSITE: Record<MoneyXpAction, MoneyXpAction[]> = {
  tip_sent: ['tip_received', 'transfer_received'],
  transfer_sent: ['tip_received', 'transfer_received'],
  tip_received: ['tip_sent', 'transfer_sent', 'invoice_paid'],
  transfer_received: ['tip_sent', 'transfer_sent', 'invoice_paid'],
  invoice_paid: ['tip_received', 'transfer_received'],
};

/**
 * Money the person sends. An invoice of theirs paid by the other person (`invoice_in`) earns no
 * XP and is not recorded as an action, so the back-and-forth rule looks it up in the transactions.
 */
const SENDING: ReadonlySet<MoneyXpAction> = new Set(['tip_sent', 'transfer_sent', 'invoice_paid']);

/** FNV-1a, 32 bits: the same on every server and every run (no seed, no process state). */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The person's challenges of a local date: DAILY_CHALLENGES_PER_DAY distinct ones of the pool,
 * ranked by a hash of the person, the date and the challenge. Nothing is stored: every server
 * finds the same three, before and after a restart.
 */
export function dailyChallengesFor(userId: string, localDate: string): DailyChallengeId[] {
  return [...DAILY_CHALLENGE_IDS]
    .map((id) => ({ id, rank: stableHash(`${userId}|${localDate}|${id}`) }))
    .sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1))
    .slice(0, DAILY_CHALLENGES_PER_DAY)
    .map((entry) => entry.id);
}

/** `YYYY-MM` of the month before. */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 2, 1)).toISOString().slice(0, 7);
}

function localDateFrom(iso: string): LocalDate {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function previousDate(localDate: string): string {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

interface Person {
  timeZone: string;
  demo: boolean;
  profileComplete: boolean;
}

async function personOf(tx: AppDatabase, userId: string): Promise<Person> {
  const [row] = await queryRows<{
    time_zone: string | null;
    full_name: string | null;
    avatar_url: string | null;
    bio: string | null;
    location: string | null;
  }>(
    tx,
    sql`SELECT time_zone, full_name, avatar_url, bio, location FROM profiles WHERE id = ${userId}::uuid`,
  );
  const filled = (value: string | null | undefined) => (value ?? '').trim().length > 0;
  return {
    timeZone: row?.time_zone ?? 'UTC',
    demo: isDemoPerson(userId),
    profileComplete:
      row !== undefined &&
      filled(row.full_name) &&
      filled(row.avatar_url) &&
      filled(row.bio) &&
      filled(row.location),
  };
}

/** What happened since the person's actions were last awarded, oldest first. */
async function candidatesOf(
  tx: AppDatabase,
  userId: string,
  person: Person,
  seenUntil: Date | null,
  now: Date,
): Promise<{ candidates: Candidate[]; seenUntil: Date | null }> {
  const from = seenUntil ? new Date(seenUntil.getTime() - RESCAN_MARGIN_MS) : null;
  const transactions = await queryRows<{
    id: string;
    kind: string;
    status: string;
    amount_minor: string | number;
    counterparty_user_id: string | null;
    created_at: string | Date;
    settled_at: string | Date | null;
  }>(
    tx,
    sql`SELECT id, kind, status, amount_minor, counterparty_user_id, created_at, settled_at
      FROM transactions
      WHERE user_id = ${userId}::uuid
        AND kind IN ('tip_out', 'tip_in', 'transfer_out', 'transfer_in', 'invoice_out', 'deposit')
        ${from ? sql`AND created_at >= ${from.toISOString()}::timestamptz` : sql``}
      ORDER BY created_at, id`,
  );
  const candidates: Candidate[] = [];
  let oldestPending: Date | null = null;
  let newest: Date | null = seenUntil;
  for (const row of transactions) {
    const createdAt = new Date(row.created_at);
    if (newest === null || createdAt > newest) newest = createdAt;
    if (row.status === 'pending') {
      if (oldestPending === null || createdAt < oldestPending) oldestPending = createdAt;
      continue;
    }
    if (row.status !== 'completed') continue;
    const action = ACTION_OF_KIND[row.kind];
    if (!action) continue;
    const occurredAt = row.settled_at ? new Date(row.settled_at) : createdAt;
    if (action === 'first_deposit') {
      candidates.push({ action, sourceId: 'once', occurredAt });
      continue;
    }
    candidates.push({
      action,
      sourceId: row.id,
      occurredAt,
      amountMinor: wholeNumber(row.amount_minor),
      counterpartyUserId: row.counterparty_user_id,
    });
  }
  // A pending card payment settles later: the next look starts no later than it.
  const nextSeenUntil = oldestPending && (newest === null || oldestPending < newest) ? oldestPending : newest;

  const goals = await queryRows<{ id: string; reached_at: string | Date; target_minor: string | number }>(
    tx,
    sql`SELECT id, reached_at, target_minor FROM goals
      WHERE owner_id = ${userId}::uuid AND reached_at IS NOT NULL`,
  );
  for (const goal of goals) {
    candidates.push({
      action: 'goal_reached',
      sourceId: goal.id,
      occurredAt: new Date(goal.reached_at),
      amountMinor: wholeNumber(goal.target_minor),
    });
  }
  const debts = await queryRows<{ id: string; updated_at: string | Date; amount_minor: string | number }>(
    tx,
    sql`SELECT id, updated_at, amount_minor FROM debts
      WHERE (owner_id = ${userId}::uuid OR counterparty_user_id = ${userId}::uuid) AND status = 'settled'`,
  );
  for (const debt of debts) {
    candidates.push({
      action: 'debt_settled',
      sourceId: debt.id,
      occurredAt: new Date(debt.updated_at),
      amountMinor: wholeNumber(debt.amount_minor),
    });
  }
  const scanned = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM qr_codes WHERE user_id = ${userId}::uuid AND scan_count > 0`,
  );
  for (const code of scanned)
    candidates.push({ action: 'qr_first_scan', sourceId: code.id, occurredAt: now });
  // A month's budget kept: the last two months that are over (a person away for a month still gets theirs).
  const thisMonth = monthIn(now, person.timeZone);
  const kept = await keptBudgetsOf(tx, userId, person.timeZone, [
    previousMonth(thisMonth),
    previousMonth(previousMonth(thisMonth)),
  ]);
  for (const budget of kept) candidates.push({ action: 'budget_kept', sourceId: budget.id, occurredAt: now });
  if (person.profileComplete)
    candidates.push({ action: 'profile_completed', sourceId: 'once', occurredAt: now });

  candidates.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  return { candidates, seenUntil: nextSeenUntil };
}

/** Which candidates were already recorded (any of them: the key is the source). */
async function alreadyRecorded(
  tx: AppDatabase,
  userId: string,
  candidates: Candidate[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const sources = [...new Set(candidates.map((candidate) => candidate.sourceId))];
  const rows = await queryRows<{ action: string; source_id: string }>(
    tx,
    sql`SELECT action, source_id FROM gamification_xp_events
      WHERE user_id = ${userId}::uuid AND source_id IN (${sql.join(
        sources.map((source) => sql`${source}`),
        sql`, `,
      )})`,
  );
  return new Set(rows.map((row) => `${row.action}|${row.source_id}`));
}

/** The anti-farming rules of GAMIFICATION_RULES, for a money action of the person's local date. */
async function moneyRuleVerdict(
  tx: AppDatabase,
  userId: string,
  action: MoneyXpAction,
  candidate: Candidate,
  localDate: string,
  timeZone: string,
): Promise<XpWithheldReason | null> {
  if ((candidate.amountMinor ?? 0) < GAMIFICATION_RULES.minAmountMinor) return 'below_minimum';
  const counterparty = candidate.counterpartyUserId ?? null;
  if (counterparty !== null && SENDING.has(action)) {
    // The other person paid one of the person's invoices earlier that day: this goes back.
    const dayStart = startOfLocalDay(localDateFrom(localDate), timeZone);
    const [paid] = await queryRows<{ count: string | number }>(
      tx,
      sql`SELECT count(*) AS count FROM transactions
        WHERE user_id = ${userId}::uuid AND kind = 'invoice_in' AND status = 'completed'
          AND counterparty_user_id = ${counterparty}::uuid
          AND coalesce(settled_at, created_at) >= ${dayStart.toISOString()}::timestamptz
          AND coalesce(settled_at, created_at) <= ${candidate.occurredAt.toISOString()}::timestamptz`,
    );
    if (wholeNumber(paid?.count) > 0) return 'back_and_forth';
  }
  const sameCounterparty =
    counterparty === null
      ? sql`counterparty_user_id IS NULL`
      : sql`counterparty_user_id = ${counterparty}::uuid`;
  const [row] = await queryRows<{ opposite: string | number; earning: string | number }>(
    tx,
    sql`SELECT
        count(*) FILTER (WHERE action IN (${sql.join(
          OPPOSITE[action].map((opposite) => sql`${opposite}`),
          sql`, `,
        )})) AS opposite,
        count(*) FILTER (WHERE xp > 0) AS earning
      FROM gamification_xp_events
      WHERE user_id = ${userId}::uuid AND local_date = ${localDate}::date AND ${sameCounterparty}
        AND action IN ('tip_sent', 'tip_received', 'transfer_sent', 'transfer_received', 'invoice_paid')`,
  );
  // Money already went the other way with this person today: back and forth earns nothing more.
  if (counterparty !== null && wholeNumber(row?.opposite) > 0) return 'back_and_forth';
  if (wholeNumber(row?.earning) >= GAMIFICATION_RULES.moneyActionsPerCounterpartyPerDay) return 'daily_cap';
  return null;
}

/**
 * The rules for actions a person can repeat on their own (DAILY_CAPPED_XP_ACTIONS): a goal's
 * target or a debt's amount below the minimum earns nothing, and each earns XP a limited number of
 * times on the person's local day.
 */
async function dailyCapVerdict(
  tx: AppDatabase,
  userId: string,
  action: DailyCappedXpAction,
  candidate: Candidate,
  localDate: string,
): Promise<XpWithheldReason | null> {
  if (candidate.amountMinor !== undefined && candidate.amountMinor < GAMIFICATION_RULES.minAmountMinor) {
    return 'below_minimum';
  }
  if ((await earningCountOn(tx, userId, action, localDate)) >= GAMIFICATION_RULES.actionsPerDay[action]) {
    return 'action_daily_cap';
  }
  return null;
}

async function insertEvent(
  tx: AppDatabase,
  userId: string,
  event: {
    action: XpAction;
    sourceId: string;
    xp: number;
    withheld: XpWithheldReason | null;
    counterpartyUserId: string | null;
    localDate: string;
    challengeId: string | null;
    occurredAt: Date;
    now: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(xpEvents)
    .values({
      userId,
      action: event.action,
      sourceId: event.sourceId,
      xp: event.xp,
      withheld: event.withheld,
      counterpartyUserId: event.counterpartyUserId,
      localDate: event.localDate,
      challengeId: event.challengeId,
      occurredAt: event.occurredAt,
      createdAt: event.now,
    })
    .onConflictDoNothing()
    .returning({ id: xpEvents.id });
  return inserted.length > 0;
}

async function earningCountOn(tx: AppDatabase, userId: string, action: XpAction, localDate: string) {
  const [row] = await queryRows<{ count: string | number }>(
    tx,
    sql`SELECT count(*) AS count FROM gamification_xp_events
      WHERE user_id = ${userId}::uuid AND action = ${action} AND local_date = ${localDate}::date AND xp > 0`,
  );
  return wholeNumber(row?.count);
}

async function activeDates(tx: AppDatabase, userId: string): Promise<string[]> {
  const rows = await queryRows<{ local_date: string | Date }>(
    tx,
    sql`SELECT DISTINCT local_date FROM gamification_xp_events
      WHERE user_id = ${userId}::uuid AND xp > 0
      ORDER BY local_date DESC LIMIT ${STREAK_LOOKBACK_DAYS}`,
  );
  return rows.map((row) =>
    typeof row.local_date === 'string' ? row.local_date.slice(0, 10) : isoDate(row.local_date),
  );
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Consecutive active days ending on `today`, or on the day before when today has none yet. */
export function streakLength(dates: readonly string[], today: string): number {
  const active = new Set(dates);
  let day = active.has(today) ? today : previousDate(today);
  let length = 0;
  while (active.has(day)) {
    length += 1;
    day = previousDate(day);
  }
  return length;
}

/** The longest run of consecutive active days. */
function longestStreak(dates: readonly string[]): number {
  const sorted = [...new Set(dates)].sort();
  let best = 0;
  let run = 0;
  let last: string | null = null;
  for (const day of sorted) {
    run = last !== null && previousDate(day) === last ? run + 1 : 1;
    best = Math.max(best, run);
    last = day;
  }
  return best;
}

/** Counts for the achievements: earning occurrences per action, the longest streak, the level. */
async function achievementCounts(
  tx: AppDatabase,
  userId: string,
  xp: number,
): Promise<(id: AchievementId) => number> {
  const rows = await queryRows<{ action: string; count: string | number }>(
    tx,
    sql`SELECT action, count(*) AS count FROM gamification_xp_events
      WHERE user_id = ${userId}::uuid AND xp > 0 GROUP BY action`,
  );
  const perAction = new Map(rows.map((row) => [row.action, wholeNumber(row.count)]));
  const longest = longestStreak(await activeDates(tx, userId));
  const levelIndex = GAMIFICATION_LEVELS.indexOf(levelForXp(xp).level);
  return (id) => {
    const metric: { action?: XpAction; streakDays?: true; levelIndex?: true } = ACHIEVEMENTS[id].metric;
    if (metric.action) return perAction.get(metric.action) ?? 0;
    if (metric.streakDays) return longest;
    return levelIndex;
  };
}

async function totalXp(tx: AppDatabase, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(
    tx,
    sql`SELECT coalesce(sum(xp), 0) AS total FROM gamification_xp_events WHERE user_id = ${userId}::uuid`,
  );
  return wholeNumber(row?.total);
}

export interface AwardResult {
  /** Live events and notifications to publish once the transaction committed. */
  events: PendingEvent[];
  xp: number;
}

/**
 * Awards what the person did since last time: reads their completed transactions (from where the
 * last look ended, less a margin), reached goals, settled debts, scanned QR codes and profile,
 * records each new action once under its key with the XP the rules allow, then challenges,
 * streak, level and achievements. Runs in one database transaction with the person's standing
 * locked; safe to run again at any time, from any server: an action already recorded is skipped.
 */
export async function awardPerson(db: AppDatabase, userId: string, now: Date): Promise<AwardResult> {
  return db.transaction(async (tx) => {
    // A deleted account earns nothing: an award queued before the deletion committed would
    // rebuild the XP the deletion erased. Nor does a business's account, which is nobody. Read
    // without a lock: the money path locks this row, and an award must never hold it up.
    const [account] = await queryRows<{ deleted_at: string | Date | null; business: boolean }>(
      tx,
      sql`SELECT deleted_at, EXISTS (SELECT 1 FROM businesses WHERE account_id = ${userId}::uuid) AS business
        FROM users WHERE id = ${userId}::uuid`,
    );
    if (!account || account.deleted_at !== null || account.business) return { xp: 0, events: [] };
    await tx.insert(gamificationStandings).values({ userId, updatedAt: now }).onConflictDoNothing();
    const [standing] = await tx
      .select()
      .from(gamificationStandings)
      .where(eq(gamificationStandings.userId, userId))
      .for('update');
    const person = await personOf(tx, userId);
    const xpBefore = standing?.xp ?? 0;
    const { candidates, seenUntil } = await candidatesOf(
      tx,
      userId,
      person,
      standing?.transactionsSeenUntil ?? null,
      now,
    );
    const seen = await alreadyRecorded(tx, userId, candidates);
    const celebrations: Celebration[] = [];
    for (const candidate of candidates) {
      if (seen.has(`${candidate.action}|${candidate.sourceId}`)) continue;
      seen.add(`${candidate.action}|${candidate.sourceId}`);
      const localDate = isoDateOf(localDateOf(candidate.occurredAt, person.timeZone));
      let withheld: XpWithheldReason | null = null;
      // Demo people earn nothing, and nobody earns from money of theirs.
      if (person.demo || (candidate.counterpartyUserId && isDemoPerson(candidate.counterpartyUserId))) {
        withheld = 'demo';
      } else if (isMoneyXpAction(candidate.action)) {
        withheld = await moneyRuleVerdict(
          tx,
          userId,
          candidate.action,
          candidate,
          localDate,
          person.timeZone,
        );
      } else if (isDailyCappedXpAction(candidate.action)) {
        withheld = await dailyCapVerdict(tx, userId, candidate.action, candidate, localDate);
      }
      const xp = withheld ? 0 : XP_PER_ACTION[candidate.action];
      const wasActive = xp > 0 && (await earningCountOnDate(tx, userId, localDate)) > 0;
      const inserted = await insertEvent(tx, userId, {
        action: candidate.action,
        sourceId: candidate.sourceId,
        xp,
        withheld,
        counterpartyUserId: candidate.counterpartyUserId ?? null,
        localDate,
        challengeId: null,
        occurredAt: candidate.occurredAt,
        now,
      });
      if (!inserted || xp === 0) continue;
      // The first earning action of a day that follows an active day extends a streak.
      if (!wasActive && (await earningCountOnDate(tx, userId, previousDate(localDate))) > 0) {
        await insertEvent(tx, userId, {
          action: 'streak_day',
          sourceId: localDate,
          xp: XP_PER_ACTION.streak_day,
          withheld: null,
          counterpartyUserId: null,
          localDate,
          challengeId: null,
          occurredAt: candidate.occurredAt,
          now,
        });
      }
      for (const challengeId of dailyChallengesFor(userId, localDate)) {
        const challenge = DAILY_CHALLENGES[challengeId];
        if (challenge.action !== candidate.action) continue;
        if ((await earningCountOn(tx, userId, challenge.action, localDate)) < challenge.goal) continue;
        const completed = await insertEvent(tx, userId, {
          action: 'challenge_completed',
          sourceId: `${localDate}:${challengeId}`,
          xp: XP_PER_ACTION.challenge_completed,
          withheld: null,
          counterpartyUserId: null,
          localDate,
          challengeId,
          occurredAt: candidate.occurredAt,
          now,
        });
        if (completed) {
          celebrations.push({
            kind: 'challenge_complete',
            challengeId,
            xp: XP_PER_ACTION.challenge_completed,
          });
        }
      }
    }

    const xp = await totalXp(tx, userId);
    const events: PendingEvent[] = [];
    const levelBefore = levelForXp(xpBefore).level;
    const levelAfter = levelForXp(xp).level;
    if (GAMIFICATION_LEVELS.indexOf(levelAfter) > GAMIFICATION_LEVELS.indexOf(levelBefore)) {
      celebrations.push({ kind: 'level_up', level: levelAfter, xp });
      const row = await notify(tx, {
        userId,
        type: 'achievement',
        event: 'level_up',
        data: { level: levelAfter },
        now,
      });
      events.push(...notificationEvents(row));
    }

    const countOf = await achievementCounts(tx, userId, xp);
    const unlocked = new Set(
      (
        await tx
          .select({ id: unlockedAchievements.achievementId })
          .from(unlockedAchievements)
          .where(eq(unlockedAchievements.userId, userId))
      ).map((row) => row.id),
    );
    for (const id of ACHIEVEMENT_IDS) {
      if (unlocked.has(id) || countOf(id) < ACHIEVEMENTS[id].target) continue;
      const inserted = await tx
        .insert(unlockedAchievements)
        .values({ userId, achievementId: id, unlockedAt: now })
        .onConflictDoNothing()
        .returning({ id: unlockedAchievements.achievementId });
      if (inserted.length === 0) continue;
      const { rarity } = ACHIEVEMENTS[id];
      celebrations.push({ kind: 'achievement', achievementId: id, rarity });
      const row = await notify(tx, {
        userId,
        type: 'achievement',
        event: 'achievement_unlocked',
        data: { achievementId: id, rarity },
        now,
      });
      events.push(...notificationEvents(row));
    }

    await tx
      .update(gamificationStandings)
      .set({ xp, transactionsSeenUntil: seenUntil, updatedAt: now })
      .where(eq(gamificationStandings.userId, userId));
    return {
      xp,
      events: [
        ...celebrations.map((celebration) => ({
          userId,
          event: { type: 'celebration' as const, celebration },
        })),
        ...events,
      ],
    };
  });
}

async function earningCountOnDate(tx: AppDatabase, userId: string, localDate: string): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(
    tx,
    sql`SELECT count(*) AS count FROM gamification_xp_events
      WHERE user_id = ${userId}::uuid AND local_date = ${localDate}::date AND xp > 0`,
  );
  return wholeNumber(row?.count);
}

/** `GET /api/gamification`: level, XP, every achievement with progress, today's challenges. */
export async function gamificationOf(
  db: AppDatabase,
  userId: string,
  now: Date,
): Promise<GamificationResponse> {
  const person = await personOf(db, userId);
  const today = isoDateOf(localDateOf(now, person.timeZone));
  const xp = await totalXp(db, userId);
  const standing = levelForXp(xp);
  const countOf = await achievementCounts(db, userId, xp);
  const unlockedRows = await db
    .select()
    .from(unlockedAchievements)
    .where(eq(unlockedAchievements.userId, userId));
  const unlockedAt = new Map(unlockedRows.map((row) => [row.achievementId, row.unlockedAt]));
  const achievements: Achievement[] = ACHIEVEMENT_IDS.map((id) => {
    const { rarity, target } = ACHIEVEMENTS[id];
    return {
      id,
      rarity,
      unlockedAt: unlockedAt.get(id)?.toISOString() ?? null,
      ...(target > 1 ? { progress: { current: Math.min(countOf(id), target), target } } : {}),
    };
  });
  const completions = await db
    .select({ challengeId: xpEvents.challengeId, occurredAt: xpEvents.occurredAt })
    .from(xpEvents)
    .where(
      and(
        eq(xpEvents.userId, userId),
        eq(xpEvents.action, 'challenge_completed'),
        eq(xpEvents.localDate, today),
      ),
    );
  const completedAt = new Map(completions.map((row) => [row.challengeId, row.occurredAt]));
  const challenges: DailyChallenge[] = [];
  for (const id of dailyChallengesFor(userId, today)) {
    const { action, goal } = DAILY_CHALLENGES[id];
    const done = await earningCountOn(db, userId, action, today);
    challenges.push({
      id,
      goal,
      progress: Math.min(done, goal),
      completedAt: completedAt.get(id)?.toISOString() ?? null,
    });
  }
  return {
    level: standing.level,
    xp,
    levelFloorXp: standing.levelFloorXp,
    nextLevelXp: standing.nextLevelXp,
    streakDays: streakLength(await activeDates(db, userId), today),
    achievements,
    date: today,
    timeZone: person.timeZone,
    challenges,
  };
}

/** `GET /api/gamification/history`: the person's recorded actions, newest first. */
export async function gamificationHistory(
  db: AppDatabase,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<GamificationHistoryResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({ event: xpEvents, ztartag: sql<string | null>`p.ztartag` })
    .from(xpEvents)
    .leftJoin(sql`profiles p`, sql`p.id = ${xpEvents.counterpartyUserId}`)
    .where(
      and(
        eq(xpEvents.userId, userId),
        cursor
          ? sql`(${xpEvents.createdAt}, ${xpEvents.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(xpEvents.createdAt), desc(xpEvents.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows.map((row) => ({ ...row, createdAt: row.event.createdAt, id: row.event.id })),
    query.limit,
  );
  return { items: page.rows.map((row) => toXpEvent(row.event, row.ztartag)), nextCursor: page.nextCursor };
}

function toXpEvent(row: XpEventRow, ztartag: string | null): XpEvent {
  return {
    id: row.id,
    action: row.action as XpAction,
    xp: row.xp,
    withheld: (row.withheld as XpWithheldReason | null) ?? null,
    challengeId: (row.challengeId as DailyChallengeId | null) ?? null,
    counterpartyZtartag: ztartag,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Account deletion: the person's XP, history and achievements go with their account. */
export async function eraseGamificationOf(tx: AppDatabase, userId: string): Promise<void> {
  await tx.delete(xpEvents).where(eq(xpEvents.userId, userId));
  await tx.delete(unlockedAchievements).where(eq(unlockedAchievements.userId, userId));
  await tx.delete(gamificationStandings).where(eq(gamificationStandings.userId, userId));
}

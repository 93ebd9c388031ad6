import { XP_ACTIONS, XP_WITHHELD_REASONS } from '@ztart/shared/gamification';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * One recorded action of a person (decision 0050), whether it earned XP or not (`withheld` says
 * why not). `source_id` names what the action was about: the person's side of a transfer or tip
 * (their transaction), a goal, a debt, a QR code, a local date (streaks), `<date>:<challenge>`, or
 * `once` for what happens once in a life. The unique key (person, action, source) is what makes an
 * action count once however often it is seen: a request retried with the same Idempotency-Key
 * answers the same transaction, so the same source.
 */
export const xpEvents = pgTable(
  'gamification_xp_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    sourceId: text('source_id').notNull(),
    xp: integer('xp').notNull(),
    withheld: text('withheld'),
    counterpartyUserId: uuid('counterparty_user_id'),
    /** The person's calendar date of the action, in their time zone then. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    challengeId: text('challenge_id'),
    /** When the action happened (the transaction's time, the goal's reaching…). */
    occurredAt: timestampTz('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('gamification_xp_events_source_key').on(t.userId, t.action, t.sourceId),
    index('gamification_xp_events_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('gamification_xp_events_user_date_idx').on(t.userId, t.localDate),
    check('gamification_xp_events_action_known', sql`${t.action} IN (${sqlList(XP_ACTIONS)})`),
    check(
      'gamification_xp_events_withheld_known',
      sql`${t.withheld} IS NULL OR ${t.withheld} IN (${sqlList(XP_WITHHELD_REASONS)})`,
    ),
    check('gamification_xp_events_xp_not_negative', sql`${t.xp} >= 0`),
    check('gamification_xp_events_withheld_earns_nothing', sql`${t.withheld} IS NULL OR ${t.xp} = 0`),
  ],
);
export type XpEventRow = typeof xpEvents.$inferSelect;

/**
 * A person's running total and how far their transactions have been looked at. The row is
 * locked (`FOR UPDATE`) while their actions are awarded, so two servers never award the same
 * person's actions at once and the anti-farming counts see every earlier action.
 */
export const gamificationStandings = pgTable('gamification_standings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  xp: integer('xp').notNull().default(0),
  /** Transactions created before this (less a margin) were awarded; null: none looked at yet. */
  transactionsSeenUntil: timestampTz('transactions_seen_until'),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

/** Achievements a person unlocked, and when (once each). */
export const unlockedAchievements = pgTable(
  'gamification_achievements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    achievementId: text('achievement_id').notNull(),
    unlockedAt: timestampTz('unlocked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
);

import { z } from 'zod';
import {
  ACHIEVEMENT_IDS,
  ACHIEVEMENT_RARITIES,
  type AchievementId,
  DAILY_CHALLENGE_IDS,
  type DailyChallengeId,
  GAMIFICATION_LEVELS,
  XP_ACTIONS,
  XP_WITHHELD_REASONS,
} from '../gamification.ts';
import { safeText } from '../safe-text.ts';

/**
 * Gamification (issue 20, decision 0050). The tables (levels, XP per action, achievements,
 * challenges, anti-farming rules) are in `@ztart/shared/gamification`.
 */
export const gamificationLevelSchema = z.enum(GAMIFICATION_LEVELS);
export const achievementIdSchema = z.enum(ACHIEVEMENT_IDS as [AchievementId, ...AchievementId[]]);
export const dailyChallengeIdSchema = z.enum(
  DAILY_CHALLENGE_IDS as [DailyChallengeId, ...DailyChallengeId[]],
);

export const achievementSchema = z
  .object({
    id: achievementIdSchema,
    rarity: z.enum(ACHIEVEMENT_RARITIES),
    unlockedAt: z.iso.datetime().nullable(),
    /** Counted achievements (target above 1): how far the person is ("7/10"), capped at the target. */
    progress: z.object({ current: z.number().int().min(0), target: z.number().int().min(1) }).optional(),
  })
  .meta({ id: 'Achievement' });
export type Achievement = z.infer<typeof achievementSchema>;

export const dailyChallengeSchema = z
  .object({
    id: dailyChallengeIdSchema,
    /** How many times the action is needed today. */
    goal: z.number().int().min(1),
    /** How many times it was done today, capped at the goal. */
    progress: z.number().int().min(0),
    completedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DailyChallenge' });
export type DailyChallenge = z.infer<typeof dailyChallengeSchema>;

/**
 * `GET /api/gamification` → the person's level and XP, every achievement of the catalogue (in
 * catalogue order, locked ones with `unlockedAt` null) and today's three challenges. `date` is
 * the person's local date the challenges are for, in the profile's time zone; they change at its
 * midnight.
 */
export const gamificationResponseSchema = z
  .object({
    level: gamificationLevelSchema,
    xp: z.number().int().min(0),
    levelFloorXp: z.number().int().min(0),
    /** Null at the last level. */
    nextLevelXp: z.number().int().nullable(),
    /** Consecutive active days up to today (or yesterday, when today has none yet). */
    streakDays: z.number().int().min(0),
    achievements: z.array(achievementSchema),
    date: z.iso.date(),
    timeZone: z.string(),
    challenges: z.array(dailyChallengeSchema),
  })
  .meta({ id: 'Gamification' });
export type GamificationResponse = z.infer<typeof gamificationResponseSchema>;

/** `GET /api/gamification/history?cursor=&limit=` → recorded actions, newest first. */
export const gamificationHistoryQuerySchema = z.object({
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type GamificationHistoryQuery = z.infer<typeof gamificationHistoryQuerySchema>;

export const xpEventSchema = z
  .object({
    id: z.uuid(),
    action: z.enum(XP_ACTIONS),
    /** 0 when withheld by an anti-farming rule. */
    xp: z.number().int().min(0),
    withheld: z.enum(XP_WITHHELD_REASONS).nullable(),
    /** The challenge a `challenge_completed` was for. */
    challengeId: dailyChallengeIdSchema.nullable(),
    /** The other person of a money action, when they have a ztartag. */
    counterpartyZtartag: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'XpEvent' });
export type XpEvent = z.infer<typeof xpEventSchema>;

export const gamificationHistoryResponseSchema = z
  .object({ items: z.array(xpEventSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'GamificationHistory' });
export type GamificationHistoryResponse = z.infer<typeof gamificationHistoryResponseSchema>;

/**
 * The live event `celebration` (on `GET /api/events`): something to celebrate just happened. The
 * app shows an animation (none under reduced motion); a level or an achievement also comes as an
 * `achievement` notification.
 */
export const celebrationSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('level_up'), level: gamificationLevelSchema, xp: z.number().int() }),
    z.object({
      kind: z.literal('achievement'),
      achievementId: achievementIdSchema,
      rarity: z.enum(ACHIEVEMENT_RARITIES),
    }),
    z.object({
      kind: z.literal('challenge_complete'),
      challengeId: dailyChallengeIdSchema,
      xp: z.number().int(),
    }),
  ])
  .meta({ id: 'Celebration' });
export type Celebration = z.infer<typeof celebrationSchema>;

/**
 * Gamification (issue 20, decision 0050): levels, the XP each action earns, the achievement
 * catalogue, the daily challenge pool and the rules that keep XP from being farmed. The server
 * awards XP from what it records; the app shows these tables.
 */

/** Spec §3, lowest first. */
export const GAMIFICATION_LEVELS = ['novice', 'apprentice', 'expert', 'master', 'legend'] as const;
export type GamificationLevel = (typeof GAMIFICATION_LEVELS)[number];

/** The XP at which each level starts. */
export const LEVEL_THRESHOLDS_XP = {
  novice: 0,
  apprentice: 100,
  expert: 500,
  master: 1_500,
  legend: 5_000,
} as const satisfies Record<GamificationLevel, number>;

export interface LevelStanding {
  level: GamificationLevel;
  /** The XP the level starts at. */
  levelFloorXp: number;
  /** The XP the next level starts at; null at the last level. */
  nextLevelXp: number | null;
}

/** The level a total of XP reaches. */
export function levelForXp(xp: number): LevelStanding {
  let index = 0;
  for (let i = 0; i < GAMIFICATION_LEVELS.length; i += 1) {
    if (xp >= LEVEL_THRESHOLDS_XP[GAMIFICATION_LEVELS[i] as GamificationLevel]) index = i;
  }
  const level = GAMIFICATION_LEVELS[index] as GamificationLevel;
  const next = GAMIFICATION_LEVELS[index + 1];
  return {
    level,
    levelFloorXp: LEVEL_THRESHOLDS_XP[level],
    nextLevelXp: next === undefined ? null : LEVEL_THRESHOLDS_XP[next],
  };
}

/**
 * Actions the server records and the XP each earns. Money actions (with another person) fall
 * under GAMIFICATION_RULES; the others count once per thing (a goal, a budget month, a debt…).
 * - `first_deposit`: the person's first completed deposit into their wallet (once);
 * - `profile_completed`: name, photo, bio and location all filled in (once);
 * - `tip_sent` / `tip_received`: a completed tip between two people;
 * - `transfer_sent` / `transfer_received`: a completed transfer between two people;
 * - `qr_first_scan`: the first time one of the person's QR codes is scanned (once per code);
 * - `budget_kept`: a month's budget that ended within its limit (once per budget);
 * - `goal_reached`: a savings goal reached its target (once per goal);
 * - `invoice_paid`: the person paid an invoice (once per invoice);
 * - `debt_settled`: a debt the person was part of was settled (once per debt and person);
 * - `streak_day`: an active day following an active day (once per local day);
 * - `challenge_completed`: a daily challenge completed (once per challenge and day).
 */
export const XP_ACTIONS = [
  'first_deposit',
  'profile_completed',
  'tip_sent',
  'tip_received',
  'transfer_sent',
  'transfer_received',
  'qr_first_scan',
  'budget_kept',
  'goal_reached',
  'invoice_paid',
  'debt_settled',
  'streak_day',
  'challenge_completed',
] as const;
export type XpAction = (typeof XP_ACTIONS)[number];

export const XP_PER_ACTION = {
  first_deposit: 50,
  profile_completed: 30,
  tip_sent: 15,
  tip_received: 10,
  transfer_sent: 10,
  transfer_received: 5,
  qr_first_scan: 20,
  budget_kept: 40,
  goal_reached: 60,
  invoice_paid: 20,
  debt_settled: 25,
  streak_day: 5,
  challenge_completed: 25,
} as const satisfies Record<XpAction, number>;

/** Actions that move money between two people: the anti-farming rules apply to them. */
export const MONEY_XP_ACTIONS = [
  'tip_sent',
  'tip_received',
  'transfer_sent',
  'transfer_received',
  'invoice_paid',
] as const satisfies readonly XpAction[];
export type MoneyXpAction = (typeof MONEY_XP_ACTIONS)[number];

export function isMoneyXpAction(action: XpAction): action is MoneyXpAction {
  return (MONEY_XP_ACTIONS as readonly XpAction[]).includes(action);
}

/**
 * Actions a person can repeat on their own (create a goal of 0.01 and reach it, record a debt of
 * 0.01 with someone outside the app and settle it, scan their own new QR code…): each earns XP at
 * most `GAMIFICATION_RULES.actionsPerDay[action]` times on the person's local day.
 */
export const DAILY_CAPPED_XP_ACTIONS = [
  'goal_reached',
  'debt_settled',
  'qr_first_scan',
] as const satisfies readonly XpAction[];
export type DailyCappedXpAction = (typeof DAILY_CAPPED_XP_ACTIONS)[number];

export function isDailyCappedXpAction(action: XpAction): action is DailyCappedXpAction {
  return (DAILY_CAPPED_XP_ACTIONS as readonly XpAction[]).includes(action);
}

/**
 * No farming. For money actions, on the person's local day:
 * - at most `moneyActionsPerCounterpartyPerDay` of them earn XP with one other person;
 * - once money has gone both ways between the same two people, nothing more earns XP that day
 *   (money back and forth earns the XP of the first move);
 * - an amount below `minAmountMinor` (minor units of its currency) earns nothing;
 * - demo people earn nothing at all.
 * For the actions of DAILY_CAPPED_XP_ACTIONS, on the person's local day:
 * - at most `actionsPerDay[action]` of each earn XP (`action_daily_cap`);
 * - a goal whose target, or a debt whose amount, is below `minAmountMinor` earns nothing.
 * An action that earns nothing is still kept in the history with why (`withheld`).
 */
export const GAMIFICATION_RULES = {
  moneyActionsPerCounterpartyPerDay: 3,
  /** 1.00 of the currency (every currency has two decimals). */
  minAmountMinor: 100,
  actionsPerDay: {
    goal_reached: 2,
    debt_settled: 2,
    qr_first_scan: 2,
  } satisfies Record<DailyCappedXpAction, number>,
} as const;

/** Why a recorded action earned no XP. */
export const XP_WITHHELD_REASONS = [
  'below_minimum',
  'daily_cap',
  'action_daily_cap',
  'back_and_forth',
  'demo',
] as const;
export type XpWithheldReason = (typeof XP_WITHHELD_REASONS)[number];

/** Spec §3. */
export const ACHIEVEMENT_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type AchievementRarity = (typeof ACHIEVEMENT_RARITIES)[number];

/**
 * What an achievement counts: an action's XP-earning occurrences, the longest run of
 * consecutive active days, or the level reached (its index in GAMIFICATION_LEVELS).
 */
export type AchievementMetric = { action: XpAction } | { streakDays: true } | { levelIndex: true };

export interface AchievementDefinition {
  rarity: AchievementRarity;
  metric: AchievementMetric;
  /** Unlocked once the count reaches it; above 1 the app shows progress ("7/10"). */
  target: number;
}

/**
 * The catalogue. Ids are stable (they are stored and translated as
 * `gamification:achievements.<id>.title` / `.howTo`).
 */
export const ACHIEVEMENTS = {
  first_deposit: { rarity: 'common', metric: { action: 'first_deposit' }, target: 1 },
  profile_completed: { rarity: 'common', metric: { action: 'profile_completed' }, target: 1 },
  first_tip_sent: { rarity: 'common', metric: { action: 'tip_sent' }, target: 1 },
  first_tip_received: { rarity: 'common', metric: { action: 'tip_received' }, target: 1 },
  first_qr_scan: { rarity: 'common', metric: { action: 'qr_first_scan' }, target: 1 },
  first_invoice_paid: { rarity: 'common', metric: { action: 'invoice_paid' }, target: 1 },
  first_debt_settled: { rarity: 'common', metric: { action: 'debt_settled' }, target: 1 },
  tips_sent_10: { rarity: 'rare', metric: { action: 'tip_sent' }, target: 10 },
  tips_received_10: { rarity: 'rare', metric: { action: 'tip_received' }, target: 10 },
  transfers_sent_10: { rarity: 'rare', metric: { action: 'transfer_sent' }, target: 10 },
  goal_reached: { rarity: 'rare', metric: { action: 'goal_reached' }, target: 1 },
  budget_kept: { rarity: 'rare', metric: { action: 'budget_kept' }, target: 1 },
  streak_7: { rarity: 'rare', metric: { streakDays: true }, target: 7 },
  challenges_completed_10: { rarity: 'rare', metric: { action: 'challenge_completed' }, target: 10 },
  tips_received_100: { rarity: 'epic', metric: { action: 'tip_received' }, target: 100 },
  budget_kept_6: { rarity: 'epic', metric: { action: 'budget_kept' }, target: 6 },
  streak_30: { rarity: 'epic', metric: { streakDays: true }, target: 30 },
  level_master: { rarity: 'epic', metric: { levelIndex: true }, target: 3 },
  tips_received_1000: { rarity: 'legendary', metric: { action: 'tip_received' }, target: 1_000 },
  level_legend: { rarity: 'legendary', metric: { levelIndex: true }, target: 4 },
} as const satisfies Record<string, AchievementDefinition>;
export type AchievementId = keyof typeof ACHIEVEMENTS;
export const ACHIEVEMENT_IDS = Object.keys(ACHIEVEMENTS) as AchievementId[];

export interface ChallengeDefinition {
  /** The action whose XP-earning occurrences of the local day count. */
  action: XpAction;
  goal: number;
}

/**
 * The daily challenge pool: each person gets `DAILY_CHALLENGES_PER_DAY` of them a day, chosen from
 * a hash of their id and their local date, new at their local midnight. Translated as
 * `gamification:challenges.<id>`.
 */
export const DAILY_CHALLENGES = {
  send_tip: { action: 'tip_sent', goal: 1 },
  send_tips_3: { action: 'tip_sent', goal: 3 },
  receive_tip: { action: 'tip_received', goal: 1 },
  receive_tips_3: { action: 'tip_received', goal: 3 },
  send_transfer: { action: 'transfer_sent', goal: 1 },
  send_transfers_2: { action: 'transfer_sent', goal: 2 },
  receive_transfer: { action: 'transfer_received', goal: 1 },
  pay_invoice: { action: 'invoice_paid', goal: 1 },
  settle_debt: { action: 'debt_settled', goal: 1 },
} as const satisfies Record<string, ChallengeDefinition>;
export type DailyChallengeId = keyof typeof DAILY_CHALLENGES;
export const DAILY_CHALLENGE_IDS = Object.keys(DAILY_CHALLENGES) as DailyChallengeId[];
export const DAILY_CHALLENGES_PER_DAY = 3;

export const CELEBRATION_KINDS = ['level_up', 'achievement', 'challenge_complete'] as const;
export type CelebrationKind = (typeof CELEBRATION_KINDS)[number];

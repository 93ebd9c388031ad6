import type { GamificationResponse } from '@ztart/shared/contracts/gamification';
import {
  ACHIEVEMENT_IDS,
  ACHIEVEMENTS,
  DAILY_CHALLENGE_IDS,
  DAILY_CHALLENGES,
  DAILY_CHALLENGES_PER_DAY,
  levelForXp,
} from '@ztart/shared/gamification';
import { localToday } from '@/lib/calendar-date';
import { deviceTimeZone } from '@/lib/time-zone';

/**
 * The demo's standing: demo people earn no XP (issue 20), so it is where every new person starts
 * (no XP, every achievement locked) with three challenges of the pool, the same all day.
 */
export function demoGamification(now: Date = new Date()): GamificationResponse {
  const date = localToday(now);
  const day = Number(date.replaceAll('-', ''));
  const challenges = Array.from({ length: DAILY_CHALLENGES_PER_DAY }, (_, index) => {
    const id = DAILY_CHALLENGE_IDS[(day + index) % DAILY_CHALLENGE_IDS.length] ?? 'send_tip';
    return { id, goal: DAILY_CHALLENGES[id].goal, progress: 0, completedAt: null };
  });
  return {
    ...levelForXp(0),
    xp: 0,
    streakDays: 0,
    achievements: ACHIEVEMENT_IDS.map((id) => {
      const { rarity, target } = ACHIEVEMENTS[id];
      return { id, rarity, unlockedAt: null, ...(target > 1 ? { progress: { current: 0, target } } : {}) };
    }),
    date,
    timeZone: deviceTimeZone() ?? 'UTC',
    challenges,
  };
}

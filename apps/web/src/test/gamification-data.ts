import type { GamificationResponse } from '@ztart/shared/contracts/gamification';
import { ACHIEVEMENT_IDS, ACHIEVEMENTS } from '@ztart/shared/gamification';

/**
 * A `GET /api/gamification` answer for tests: an apprentice at 180 XP with the first deposit
 * unlocked, 7 of 10 tips received, and today's three challenges, the first one done.
 */
export function standing(overrides: Partial<GamificationResponse> = {}): GamificationResponse {
  return {
    level: 'apprentice',
    xp: 180,
    levelFloorXp: 100,
    nextLevelXp: 500,
    streakDays: 3,
    achievements: ACHIEVEMENT_IDS.map((id) => {
      const { rarity, target } = ACHIEVEMENTS[id];
      if (id === 'first_deposit') return { id, rarity, unlockedAt: '2026-05-02T09:00:00.000Z' };
      if (id === 'tips_received_10')
        return { id, rarity, unlockedAt: null, progress: { current: 7, target } };
      return { id, rarity, unlockedAt: null, ...(target > 1 ? { progress: { current: 0, target } } : {}) };
    }),
    date: '2026-05-03',
    timeZone: 'Europe/Lisbon',
    challenges: [
      { id: 'send_tip', goal: 1, progress: 1, completedAt: '2026-05-03T10:00:00.000Z' },
      { id: 'receive_tips_3', goal: 3, progress: 1, completedAt: null },
      { id: 'pay_invoice', goal: 1, progress: 0, completedAt: null },
    ],
    ...overrides,
  };
}

import type { Achievement } from '@ztart/shared/contracts/gamification';

/** Unlocked achievements, the newest first. */
export function latestUnlocked(achievements: readonly Achievement[], count: number): Achievement[] {
  return achievements
    .filter((achievement) => achievement.unlockedAt !== null)
    .sort((a, b) => (b.unlockedAt ?? '').localeCompare(a.unlockedAt ?? ''))
    .slice(0, count);
}

/** How much of a locked achievement is done, 0 to 1 (one-off achievements: 0). */
function doneShare(achievement: Achievement): number {
  const { progress } = achievement;
  return progress ? Math.min(progress.current, progress.target) / progress.target : 0;
}

/**
 * The locked achievements nearest to being unlocked: the furthest along first, then in the
 * catalogue's order (which starts with the easiest).
 */
export function nextToUnlock(achievements: readonly Achievement[], count: number): Achievement[] {
  return achievements
    .map((achievement, index) => ({ achievement, index }))
    .filter(({ achievement }) => achievement.unlockedAt === null)
    .sort((a, b) => doneShare(b.achievement) - doneShare(a.achievement) || a.index - b.index)
    .slice(0, count)
    .map(({ achievement }) => achievement);
}

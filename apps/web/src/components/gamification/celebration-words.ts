import type { Celebration } from '@ztart/shared/contracts/gamification';
import type { TFunction } from 'i18next';

/** A celebration in words: "Level up!" and "You're now Expert." (the `gamification` catalogue). */
export function celebrationWords(
  celebration: Celebration,
  t: TFunction<'gamification'>,
): { title: string; body: string } {
  switch (celebration.kind) {
    case 'level_up':
      return {
        title: t('celebration.level_up.title'),
        body: t('celebration.level_up.body', { level: t(`levels.${celebration.level}`) }),
      };
    case 'achievement':
      return {
        title: t('celebration.achievement.title'),
        body: t('celebration.achievement.body', {
          title: t(`achievements.${celebration.achievementId}.title`),
          rarity: t(`rarities.${celebration.rarity}`),
        }),
      };
    case 'challenge_complete':
      return {
        title: t('celebration.challenge_complete.title'),
        body: t('celebration.challenge_complete.body', {
          challenge: t(`challenges.${celebration.challengeId}`),
          xp: celebration.xp,
        }),
      };
  }
}

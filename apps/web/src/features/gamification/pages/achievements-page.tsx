import { ACHIEVEMENT_RARITIES } from '@ztart/shared/gamification';
import { Trophy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AchievementItem } from '@/components/gamification/achievement-item';
import { ChallengeList } from '@/components/gamification/challenge-list';
import { GamificationLoadError } from '@/components/gamification/gamification-load-error';
import { GamificationSkeleton } from '@/components/gamification/gamification-skeleton';
import { LevelProgress } from '@/components/gamification/level-progress';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { XpHistory } from '@/features/gamification/components/xp-history';
import { useGamification } from '@/lib/gamification/gamification-query';

/**
 * `/achievements`: the person's level and XP bar, today's challenges, every achievement (unlocked
 * ones with their day, locked ones with how to earn them and their progress) and the XP history.
 */
export function AchievementsPage() {
  const { t } = useTranslation(['gamification', 'screens']);
  const query = useGamification();
  const challengesId = useId();
  const achievementsId = useId();
  const { data } = query;
  const unlocked = data?.achievements.filter((achievement) => achievement.unlockedAt !== null).length ?? 0;
  // Unlocked first, each group from the rarest down (legendary achievements are the proudest).
  const achievements = [...(data?.achievements ?? [])].sort(
    (a, b) =>
      Number(b.unlockedAt !== null) - Number(a.unlockedAt !== null) ||
      (a.unlockedAt === null
        ? 0
        : ACHIEVEMENT_RARITIES.indexOf(b.rarity) - ACHIEVEMENT_RARITIES.indexOf(a.rarity)),
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Trophy}
        title={t('screens:achievements.title')}
        description={t('screens:achievements.description')}
      />
      <p role="status" className="sr-only">
        {query.isPending ? t('loading') : ''}
      </p>
      {data ? (
        <>
          <Card>
            <CardContent className="pt-5 sm:pt-6">
              <LevelProgress standing={data} />
            </CardContent>
          </Card>
          <section aria-labelledby={challengesId} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h2 id={challengesId} className="text-lg font-semibold">
                {t('challengeList.title')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('challengeList.resets')}</p>
            </div>
            <ChallengeList challenges={data.challenges} />
          </section>
          <section aria-labelledby={achievementsId} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h2 id={achievementsId} className="text-lg font-semibold">
                {t('achievementList.title')}
              </h2>
              <p className="text-sm text-muted-foreground" data-testid="achievements-unlocked">
                {t('achievementList.unlockedCount', { count: unlocked, total: data.achievements.length })}
              </p>
            </div>
            {unlocked === 0 ? (
              <p className="text-sm text-muted-foreground">{t('achievementList.noneYet')}</p>
            ) : null}
            <ul className="grid gap-2 sm:grid-cols-2">
              {achievements.map((achievement) => (
                <AchievementItem key={achievement.id} achievement={achievement} />
              ))}
            </ul>
          </section>
        </>
      ) : query.isError ? (
        <GamificationLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <GamificationSkeleton />
      )}
      <XpHistory />
    </div>
  );
}

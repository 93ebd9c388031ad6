import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AchievementItem } from '@/components/gamification/achievement-item';
import { ChallengeList } from '@/components/gamification/challenge-list';
import { GamificationLoadError } from '@/components/gamification/gamification-load-error';
import { GamificationSkeleton } from '@/components/gamification/gamification-skeleton';
import { LevelProgress } from '@/components/gamification/level-progress';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useFirstAnswerShown } from '@/hooks/use-first-answer-shown';
import { latestUnlocked, nextToUnlock } from '@/lib/gamification/achievement-order';
import { useGamification } from '@/lib/gamification/gamification-query';

/** How many achievements the home screen shows; the full list is on /achievements. */
const SHOWN_ACHIEVEMENTS = 2;

/**
 * The home screen's gamification panel (spec §2): level and XP bar, today's three challenges, the
 * latest achievements (or, before the first, the nearest ones) and a way to the full screen.
 */
export function GamificationPanel() {
  const { t } = useTranslation('gamification');
  const titleId = useId();
  const query = useGamification();
  const answerShown = useFirstAnswerShown(query.isPending);
  if (!answerShown || query.isPending) return <GamificationSkeleton />;
  if (query.isError && !query.data)
    return (
      <section aria-labelledby={titleId} className="flex flex-col gap-2">
        <h2 id={titleId} className="text-base font-semibold">
          {t('panel.title')}
        </h2>
        <GamificationLoadError error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  const { data } = query;
  const latest = latestUnlocked(data.achievements, SHOWN_ACHIEVEMENTS);
  const shown = latest.length > 0 ? latest : nextToUnlock(data.achievements, SHOWN_ACHIEVEMENTS);
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="gamification-panel">
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle id={titleId}>{t('panel.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <LevelProgress standing={data} headingLevel={3} />
        <div className="grid gap-5 md:grid-cols-2">
          <section className="flex flex-col gap-2" aria-label={t('challengeList.title')}>
            <h3 className="text-sm font-semibold">{t('challengeList.title')}</h3>
            <ChallengeList challenges={data.challenges} />
          </section>
          <section
            className="flex flex-col gap-2"
            aria-label={t(latest.length > 0 ? 'panel.recentAchievements' : 'panel.nextAchievements')}
          >
            <h3 className="text-sm font-semibold">
              {t(latest.length > 0 ? 'panel.recentAchievements' : 'panel.nextAchievements')}
            </h3>
            <ul className="flex flex-col gap-2">
              {shown.map((achievement) => (
                <AchievementItem key={achievement.id} achievement={achievement} headingLevel={4} />
              ))}
            </ul>
          </section>
        </div>
        <Link to="/achievements" className={buttonVariants({ variant: 'ghost', className: 'self-start' })}>
          {t('panel.seeAll')}
          <ChevronRight aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}

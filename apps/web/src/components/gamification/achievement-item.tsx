import type { Achievement } from '@ztart/shared/contracts/gamification';
import type { AchievementRarity } from '@ztart/shared/gamification';
import { Award, Crown, Gem, Lock, type LucideIcon, Medal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/date-format';

/** Each rarity has its own icon as well as its colour and its word: never colour alone. */
const RARITY_STYLES: Record<AchievementRarity, { icon: LucideIcon; className: string }> = {
  common: { icon: Medal, className: 'bg-secondary text-secondary-foreground' },
  rare: { icon: Award, className: 'bg-brand-soft text-brand-soft-foreground' },
  epic: { icon: Gem, className: 'bg-primary text-primary-foreground' },
  legendary: { icon: Crown, className: 'bg-foreground text-background' },
};

export function RarityBadge({ rarity }: { rarity: AchievementRarity }) {
  const { t } = useTranslation('gamification');
  const { icon: Icon, className } = RARITY_STYLES[rarity];
  return (
    <span
      data-testid="rarity"
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3" />
      {t(`rarities.${rarity}`)}
    </span>
  );
}

/**
 * One achievement: its name and rarity; when unlocked, the day; when locked, how to earn it and,
 * for a counted one, how far the person is ("7/10").
 */
export function AchievementItem({
  achievement,
  headingLevel = 3,
}: {
  achievement: Achievement;
  /** Under the page's h2 sections, h3; inside the home screen's panel, h4. */
  headingLevel?: 3 | 4;
}) {
  const { t, i18n } = useTranslation('gamification');
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const unlocked = achievement.unlockedAt !== null;
  const { icon: Icon } = RARITY_STYLES[achievement.rarity];
  const title = t(`achievements.${achievement.id}.title`);
  const { progress } = achievement;
  return (
    <li
      data-testid="achievement"
      data-achievement={achievement.id}
      data-unlocked={unlocked || undefined}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-3',
        unlocked ? 'bg-card' : 'border-dashed bg-muted/30',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-full',
          unlocked ? 'bg-brand-soft text-brand-soft-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        {unlocked ? <Icon className="size-5" /> : <Lock className="size-5" />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Heading className="text-sm font-semibold">{title}</Heading>
          <RarityBadge rarity={achievement.rarity} />
        </div>
        {achievement.unlockedAt !== null ? (
          <p className="text-sm text-muted-foreground">
            {t('achievementList.unlockedOn', {
              date: dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                new Date(achievement.unlockedAt),
              ),
            })}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              <span className="sr-only">{t('achievementList.locked')}. </span>
              {t('achievementList.howTo', { howTo: t(`achievements.${achievement.id}.howTo`) })}
            </p>
            {progress ? (
              <div className="flex items-center gap-2">
                <div
                  role="progressbar"
                  aria-label={title}
                  aria-valuemin={0}
                  aria-valuemax={progress.target}
                  aria-valuenow={Math.min(progress.current, progress.target)}
                  aria-valuetext={t('achievementList.progressLabel', {
                    current: progress.current,
                    target: progress.target,
                  })}
                  className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full rounded-full bg-brand"
                    style={{
                      width: `${Math.round((Math.min(progress.current, progress.target) / progress.target) * 100)}%`,
                    }}
                  />
                </div>
                <span
                  className="text-xs tabular-nums text-muted-foreground"
                  data-testid="achievement-progress"
                >
                  {t('achievementList.progress', { current: progress.current, target: progress.target })}
                </span>
              </div>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}

import type { GamificationResponse } from '@ztart/shared/contracts/gamification';
import { GAMIFICATION_LEVELS } from '@ztart/shared/gamification';
import { Flame, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type Standing = Pick<GamificationResponse, 'level' | 'xp' | 'levelFloorXp' | 'nextLevelXp' | 'streakDays'>;

/** How far into the current level the person is, 0 to 100 (100 at the last level). */
export function levelPercent({ xp, levelFloorXp, nextLevelXp }: Standing): number {
  if (nextLevelXp === null || nextLevelXp <= levelFloorXp) return 100;
  const done = (xp - levelFloorXp) / (nextLevelXp - levelFloorXp);
  return Math.max(0, Math.min(100, Math.floor(done * 100)));
}

/**
 * The person's level, their XP, a bar towards the next level (a progressbar with its figures in
 * words) and how much is left; at the last level, that it is the last.
 */
export function LevelProgress({ standing, headingLevel = 2 }: { standing: Standing; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('gamification');
  const number = new Intl.NumberFormat(i18n.language);
  const level = t(`levels.${standing.level}`);
  const next = GAMIFICATION_LEVELS[GAMIFICATION_LEVELS.indexOf(standing.level) + 1];
  const percent = levelPercent(standing);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col gap-3" data-testid="gamification-level">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground"
          >
            <Sparkles className="size-5" />
          </span>
          <div className="flex flex-col">
            <Heading className="text-lg font-semibold leading-tight">{t('level.current', { level })}</Heading>
            <p className="text-sm text-muted-foreground" data-testid="gamification-xp">
              {t('level.xp', { xp: number.format(standing.xp) })}
            </p>
          </div>
        </div>
        {standing.streakDays > 0 ? (
          <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            <Flame aria-hidden="true" className="size-4" />
            {t('level.streak', { count: standing.streakDays })}
          </p>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={t('level.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={
          standing.nextLevelXp === null
            ? t('level.topProgressText', { xp: number.format(standing.xp) })
            : t('level.progressText', {
                xp: number.format(standing.xp),
                next: number.format(standing.nextLevelXp),
              })
        }
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-brand transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {standing.nextLevelXp === null || next === undefined
          ? t('level.top')
          : t('level.toNext', {
              xp: number.format(Math.max(0, standing.nextLevelXp - standing.xp)),
              level: t(`levels.${next}`),
            })}
      </p>
    </div>
  );
}

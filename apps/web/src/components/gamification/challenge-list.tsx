import type { DailyChallenge } from '@ztart/shared/contracts/gamification';
import { CircleCheck, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Today's challenges: what to do, how far along each one is ("1/3"), and which are done. */
export function ChallengeList({ challenges }: { challenges: readonly DailyChallenge[] }) {
  const { t } = useTranslation('gamification');
  if (challenges.length === 0)
    return <p className="text-sm text-muted-foreground">{t('challengeList.empty')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="daily-challenges">
      {challenges.map((challenge) => {
        const done = challenge.completedAt !== null;
        const name = t(`challenges.${challenge.id}`);
        const progress = Math.min(challenge.progress, challenge.goal);
        return (
          <li
            key={challenge.id}
            data-testid="daily-challenge"
            data-done={done || undefined}
            className={cn(
              'flex items-center gap-3 rounded-lg border p-3',
              done ? 'border-brand/40 bg-brand-soft/40' : 'bg-card',
            )}
          >
            {done ? (
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-brand" />
            ) : (
              <Target aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <p className="text-sm font-medium">{name}</p>
              <div
                role="progressbar"
                aria-label={name}
                aria-valuemin={0}
                aria-valuemax={challenge.goal}
                aria-valuenow={progress}
                aria-valuetext={t('challengeList.progressLabel', {
                  challenge: name,
                  progress,
                  goal: challenge.goal,
                })}
                className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-brand"
                  style={{ width: `${Math.round((progress / challenge.goal) * 100)}%` }}
                />
              </div>
            </div>
            <span className="shrink-0 text-sm tabular-nums text-muted-foreground">
              {done
                ? t('challengeList.done')
                : t('challengeList.progress', { progress, goal: challenge.goal })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

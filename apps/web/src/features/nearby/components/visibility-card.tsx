import { Radar } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import type { useNearbyPresence } from '@/features/nearby/use-nearby-presence';
import { useErrorMessage, useFailureMessage } from '@/hooks/use-error-message';
import { cn } from '@/lib/cn';

type Presence = ReturnType<typeof useNearbyPresence>;

/** The visibility switch, what is kept of a position, and what went wrong getting one. */
export function VisibilityCard({ presence }: { presence: Presence }) {
  const { t } = useTranslation('nearby');
  const errorMessage = useErrorMessage();
  const failureMessage = useFailureMessage();
  const labelId = useId();
  const descriptionId = useId();
  const { visible, location, visibility } = presence;
  const switching = presence.visibilityPending || (location === 'locating' && !visible);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('visibility.title')}</CardTitle>
        <CardDescription>{t('visibility.privacy')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {visibility.isPending ? (
          <Skeleton className="h-11 w-full" />
        ) : visibility.isError ? (
          <FormAlert>
            <p>{failureMessage(visibility.error, 'visibility_update_failed')}</p>
            <Button variant="outline" className="self-start" onClick={() => void visibility.refetch()}>
              {t('retry')}
            </Button>
          </FormAlert>
        ) : (
          <div className="flex items-center justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-1">
              <span id={labelId} className="font-medium">
                {t('visibility.label')}
              </span>
              <span id={descriptionId} className="text-sm text-muted-foreground">
                {visible ? t('visibility.on') : t('visibility.off')}
              </span>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={visible}
              aria-labelledby={labelId}
              aria-describedby={descriptionId}
              disabled={switching}
              onClick={() => void (visible ? presence.turnOff() : presence.turnOn())}
              className={cn(
                'relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait disabled:opacity-60',
                visible ? 'bg-brand' : 'bg-muted-foreground/40',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-block size-7 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
                  visible ? 'translate-x-6' : 'translate-x-0',
                )}
              />
            </button>
          </div>
        )}

        {location === 'locating' && !visible ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Radar aria-hidden="true" className="size-4 motion-safe:animate-pulse" />
            {t('visibility.locating')}
          </p>
        ) : null}

        {presence.visibilityError ? (
          <FormAlert>
            <p>{failureMessage(presence.visibilityError, 'visibility_update_failed')}</p>
          </FormAlert>
        ) : null}

        {location === 'denied' ? (
          <FormAlert>
            <p className="font-medium">{errorMessage('location_unavailable')}</p>
            <p>{t('denied.why')}</p>
            <p>{t('denied.fix')}</p>
            <Button
              variant="outline"
              className="self-start"
              onClick={() => void (visible ? presence.share() : presence.turnOn())}
            >
              {t('retry')}
            </Button>
          </FormAlert>
        ) : null}

        {location === 'unavailable' ? (
          <FormAlert>
            <p className="font-medium">{errorMessage('location_unavailable')}</p>
            <p>{t('unavailable')}</p>
            <Button
              variant="outline"
              className="self-start"
              onClick={() => void (visible ? presence.share() : presence.turnOn())}
            >
              {t('retry')}
            </Button>
          </FormAlert>
        ) : null}

        {presence.sendError ? (
          <FormAlert>
            <p>{failureMessage(presence.sendError, 'visibility_update_failed')}</p>
          </FormAlert>
        ) : null}
      </CardContent>
    </Card>
  );
}

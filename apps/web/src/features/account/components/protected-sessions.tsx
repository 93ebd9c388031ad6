import type { PinStatusResponse } from '@ztart/shared/contracts/security';
import { LaptopMinimal, LockKeyhole, LogOut, Smartphone, Unlock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CREATE_PIN_FIELD_ID, EnterPinForm } from '@/components/pin-forms';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useRevokeOtherSessions, useSessions } from '@/features/account/api/sessions';
import { isFuture, useTimeOfDay } from '@/features/account/components/pin-section';
import { SectionCard } from '@/features/account/components/section-card';
import { useFailureMessage } from '@/hooks/use-error-message';
import { useNow } from '@/hooks/use-now';
import { describeDevice } from '@/lib/device';
import { useVerifyPin } from '@/lib/pin';

/** "4:05": minutes and seconds left. */
export function formatRemaining(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * Spec §4: a protected section asks for the PIN, then stays open until the server's
 * `unlockedUntil` (5 minutes), the time left on screen. Without a PIN it explains and offers
 * to create one. Inside: the person's sessions and "Sign out other sessions".
 */
export function ProtectedSessions({ status }: { status: PinStatusResponse }) {
  const { t } = useTranslation('account');
  const timeOfDay = useTimeOfDay();
  const verify = useVerifyPin();
  const now = useNow(1_000, status.unlockedUntil !== null || status.lockedUntil !== null);
  const unlocked = status.pinSet && isFuture(status.unlockedUntil, now);
  const locked = isFuture(status.lockedUntil, now);

  return (
    <SectionCard icon={LockKeyhole} title={t('sessions.title')} description={t('sessions.description')}>
      {!status.pinSet ? (
        <>
          <p className="text-sm">{t('sessions.needsPin')}</p>
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              const field = document.getElementById(CREATE_PIN_FIELD_ID);
              field?.scrollIntoView?.({ block: 'center' });
              field?.focus();
            }}
          >
            {t('sessions.createPin')}
          </Button>
        </>
      ) : unlocked && status.unlockedUntil ? (
        <>
          <p role="timer" aria-live="off" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Unlock aria-hidden="true" className="size-4" />
            {t('sessions.unlockedFor', { time: formatRemaining(Date.parse(status.unlockedUntil) - now) })}
          </p>
          <SessionsList />
        </>
      ) : locked && status.lockedUntil ? (
        <FormAlert>{t('pin.lockedUntil', { time: timeOfDay(status.lockedUntil) })}</FormAlert>
      ) : (
        <>
          <p className="text-sm">{t('sessions.locked')}</p>
          <EnterPinForm
            mutation={verify}
            label={t('sessions.pin')}
            submitLabel={t('sessions.unlock')}
            onDone={() => {}}
          />
        </>
      )}
    </SectionCard>
  );
}

function SessionsList() {
  const { t, i18n } = useTranslation('account');
  const failureMessage = useFailureMessage();
  const sessions = useSessions(true);
  const revoke = useRevokeOtherSessions();
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  if (sessions.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-hidden="true">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <FormAlert>
        <p>{failureMessage(sessions.error, 'internal_error')}</p>
        <Button variant="outline" className="self-start" onClick={() => void sessions.refetch()}>
          {t('actions.retry')}
        </Button>
      </FormAlert>
    );
  }
  const others = sessions.data.filter((session) => !session.current).length;
  return (
    <>
      <ul className="flex flex-col divide-y rounded-lg border">
        {sessions.data.map((session) => {
          const device = describeDevice(session.userAgent);
          const Icon = device.mobile ? Smartphone : LaptopMinimal;
          return (
            <li key={session.id} className="flex items-start gap-3 p-3">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {device.name ?? t('sessions.unknownDevice')}
                  {session.current ? <Badge variant="brand">{t('sessions.thisDevice')}</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {t('sessions.lastActive', { date: formatDate(session.lastSeenAt) })}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t('sessions.signedInAt', { date: formatDate(session.createdAt) })}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {revoke.isError ? <FormAlert>{failureMessage(revoke.error, 'internal_error')}</FormAlert> : null}
      <Button
        variant="outline"
        className="self-start"
        disabled={others === 0 || revoke.isPending}
        onClick={() =>
          revoke.mutate(undefined, {
            onSuccess: (count) =>
              toast({
                title: t('sessions.revoked'),
                description: t('sessions.revokedCount', { count }),
                variant: 'success',
              }),
          })
        }
      >
        <LogOut aria-hidden="true" />
        {t('sessions.revokeOthers')}
      </Button>
      {others === 0 ? <p className="text-sm text-muted-foreground">{t('sessions.onlyThisOne')}</p> : null}
    </>
  );
}

import type { PinStatusResponse } from '@ztart/shared/contracts/security';
import { LockKeyhole, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePinForm, CreatePinForm, EnterPinForm } from '@/components/pin-forms';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast/toast-store';
import { SectionCard } from '@/features/account/components/section-card';
import { useNow } from '@/hooks/use-now';
import { useChangePin, useCreatePin, useRemovePin } from '@/lib/pin';

/** A moment of the server's, as a time of day in the person's language. */
export function useTimeOfDay(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(iso));
}

/** Whether an instant of the answer is still ahead. */
export function isFuture(iso: string | null, now: number): iso is string {
  return iso !== null && Date.parse(iso) > now;
}

/** Spec §4, PIN: set or not set; created, changed or removed (4 to 6 digits). */
export function PinSection({ status }: { status: PinStatusResponse }) {
  const { t } = useTranslation('account');
  const timeOfDay = useTimeOfDay();
  const [action, setAction] = useState<'none' | 'change' | 'remove'>('none');
  const create = useCreatePin();
  const change = useChangePin();
  const remove = useRemovePin();
  const now = useNow(1_000, status.lockedUntil !== null);
  const locked = isFuture(status.lockedUntil, now);

  return (
    <SectionCard
      icon={LockKeyhole}
      title={t('pin.title')}
      description={status.pinSet ? t('pin.descriptionSet') : t('pin.descriptionNotSet')}
    >
      <div>
        {status.pinSet ? (
          <Badge variant="brand">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            {t('pin.on')}
          </Badge>
        ) : (
          <Badge>{t('pin.off')}</Badge>
        )}
      </div>
      {locked && status.lockedUntil ? (
        <FormAlert>{t('pin.lockedUntil', { time: timeOfDay(status.lockedUntil) })}</FormAlert>
      ) : null}
      {!status.pinSet ? (
        <CreatePinForm
          mutation={create}
          onDone={() => toast({ title: t('pin.created'), variant: 'success' })}
        />
      ) : null}
      {status.pinSet && !locked && action === 'none' ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setAction('change')}>
            {t('pin.change')}
          </Button>
          <Button variant="ghost" onClick={() => setAction('remove')}>
            {t('pin.remove')}
          </Button>
        </div>
      ) : null}
      {status.pinSet && !locked && action === 'change' ? (
        <ChangePinForm
          mutation={change}
          onCancel={() => setAction('none')}
          onDone={() => {
            setAction('none');
            toast({ title: t('pin.changed'), variant: 'success' });
          }}
        />
      ) : null}
      {status.pinSet && !locked && action === 'remove' ? (
        <EnterPinForm
          mutation={remove}
          label={t('pin.current')}
          submitLabel={t('pin.removeConfirm')}
          destructive
          onCancel={() => setAction('none')}
          onDone={() => {
            setAction('none');
            toast({ title: t('pin.removed'), variant: 'success' });
          }}
        />
      ) : null}
    </SectionCard>
  );
}

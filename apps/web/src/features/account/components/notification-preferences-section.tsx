import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useNotificationPreferences,
  useUpdateNotificationPreference,
} from '@/features/account/api/notification-preferences';
import { SectionCard } from '@/features/account/components/section-card';
import { useErrorMessage } from '@/hooks/use-error-message';

/**
 * The account's Notifications: which types reach the notification centre, the bell and the live
 * messages. Each switch saves at once. Mail about the account itself (verification, password and
 * email changes) always goes, whatever is chosen here.
 */
export function NotificationPreferencesSection({ demo }: { demo: boolean }) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreference();

  return (
    <SectionCard
      title={t('notificationPreferences.title')}
      description={t('notificationPreferences.description')}
      icon={BellRing}
    >
      {preferences.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, their position is their key
            <Skeleton key={index} className="h-11 w-full" />
          ))}
        </div>
      ) : preferences.isError ? (
        <FormAlert>
          <p>{errorMessage(preferences.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void preferences.refetch()}>
            {t('notificationPreferences.retry')}
          </Button>
        </FormAlert>
      ) : (
        <fieldset className="flex flex-col gap-2" disabled={demo}>
          <legend className="sr-only">{t('notificationPreferences.legend')}</legend>
          {preferences.data.items.map((item) => (
            <div key={item.type} className="flex flex-col border-b pb-2 last:border-b-0 last:pb-0">
              <CheckboxField
                label={t(`notificationPreferences.types.${item.type}.label`)}
                checked={item.inApp}
                aria-describedby={`notification-preference-${item.type}`}
                onChange={(event) => update.change({ type: item.type, inApp: event.target.checked })}
              />
              <p id={`notification-preference-${item.type}`} className="pl-8 text-sm text-muted-foreground">
                {t(`notificationPreferences.types.${item.type}.hint`)}
              </p>
            </div>
          ))}
        </fieldset>
      )}
      <div aria-live="polite" className="flex flex-col gap-2">
        {update.isError ? <FormAlert>{errorMessage(update.error)}</FormAlert> : null}
        {update.isSuccess ? (
          <p className="text-sm text-muted-foreground">{t('notificationPreferences.saved')}</p>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">
        {demo ? t('notificationPreferences.demo') : t('notificationPreferences.mailNote')}{' '}
        <Link to="/notifications" className="font-medium text-foreground underline underline-offset-4">
          {t('notificationPreferences.openCentre')}
        </Link>
      </p>
    </SectionCard>
  );
}

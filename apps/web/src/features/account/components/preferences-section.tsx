import { LANGUAGES, type Language } from '@ztart/shared/languages';
import { Clock, Languages, Monitor, Moon, Sun } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { SectionCard } from '@/features/account/components/section-card';
import { useErrorMessage } from '@/hooks/use-error-message';
import { activeLanguage } from '@/i18n/i18n';
import { useAuth } from '@/lib/auth/auth-context';
import { isThemePreference, THEME_PREFERENCES } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/theme-provider';
import { deviceTimeZone, timeZoneChoices } from '@/lib/time-zone';

const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/**
 * The account's Preferences: the language, saved to the profile (the server writes mails and
 * messages in it) as well as on this device, and the theme, which the profile does not hold:
 * it stays on this device. In the demo nothing reaches the server, so both stay on the device.
 */
export function PreferencesSection({ demo }: { demo: boolean }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const { preference, setPreference } = useTheme();
  const updateProfile = useUpdateProfile();
  const errorMessage = useErrorMessage();
  const [savedLanguage, setSavedLanguage] = useState<Language | null>(null);

  const changeLanguage = (language: Language) => {
    setSavedLanguage(null);
    void i18n.changeLanguage(language);
    if (demo) return;
    updateProfile.mutate({ language }, { onSuccess: () => setSavedLanguage(language) });
  };

  return (
    <SectionCard title={t('account:preferences.title')} icon={Languages}>
      <div className="flex flex-col gap-1.5">
        <Select
          label={t('account:preferences.language')}
          icon={Languages}
          value={activeLanguage(i18n)}
          disabled={updateProfile.isPending}
          onChange={(event) => changeLanguage(event.target.value as Language)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`common:languageNames.${language}`)}
            </option>
          ))}
        </Select>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {demo
            ? t('account:preferences.onThisDevice')
            : savedLanguage
              ? t('account:preferences.languageSaved')
              : t('account:preferences.languageHint')}
        </p>
        {updateProfile.isError ? <FormAlert>{errorMessage(updateProfile.error)}</FormAlert> : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Select
          label={t('account:preferences.theme')}
          icon={THEME_ICONS[preference]}
          value={preference}
          onChange={(event) => {
            if (isThemePreference(event.target.value)) setPreference(event.target.value);
          }}
        >
          {THEME_PREFERENCES.map((option) => (
            <option key={option} value={option}>
              {t(`common:theme.${option}`)}
            </option>
          ))}
        </Select>
        <p className="text-sm text-muted-foreground">{t('account:preferences.onThisDevice')}</p>
      </div>
      {demo ? null : <TimeZoneField />}
    </SectionCard>
  );
}

/**
 * The profile's time zone: where the person's months begin (budgets count the spending of their
 * own calendar month). Offers this device's zone in one tap when the profile holds another.
 */
function TimeZoneField() {
  const { t } = useTranslation('account');
  const auth = useAuth();
  const updateProfile = useUpdateProfile();
  const errorMessage = useErrorMessage();
  const [saved, setSaved] = useState(false);
  const current = auth.profile?.timeZone ?? 'UTC';
  const device = deviceTimeZone();
  const zones = useMemo(() => timeZoneChoices(current), [current]);

  const save = (timeZone: string) => {
    setSaved(false);
    updateProfile.mutate({ timeZone }, { onSuccess: () => setSaved(true) });
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Select
        label={t('preferences.timeZone')}
        icon={Clock}
        value={current}
        disabled={updateProfile.isPending}
        onChange={(event) => save(event.target.value)}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </Select>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {saved ? t('preferences.timeZoneSaved') : t('preferences.timeZoneHint')}
      </p>
      {device && device !== current ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={updateProfile.isPending}
          onClick={() => save(device)}
        >
          {t('preferences.useDeviceTimeZone', { zone: device.replaceAll('_', ' ') })}
        </Button>
      ) : null}
      {updateProfile.isError ? <FormAlert>{errorMessage(updateProfile.error)}</FormAlert> : null}
    </div>
  );
}

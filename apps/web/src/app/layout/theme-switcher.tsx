import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { isThemePreference, THEME_PREFERENCES } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/theme-provider';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

export function ThemeSwitcher({ className, hideLabel = true }: { className?: string; hideLabel?: boolean }) {
  const { t } = useTranslation('common');
  const { preference, setPreference } = useTheme();
  return (
    <Select
      data-testid="theme-switcher"
      label={t('theme.label')}
      hideLabel={hideLabel}
      icon={ICONS[preference]}
      iconFromSm={hideLabel}
      className={className}
      value={preference}
      onChange={(event) => {
        if (isThemePreference(event.target.value)) setPreference(event.target.value);
      }}
    >
      {THEME_PREFERENCES.map((option) => (
        <option key={option} value={option}>
          {t(`theme.${option}`)}
        </option>
      ))}
    </Select>
  );
}

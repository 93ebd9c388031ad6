import { LANGUAGES, type Language } from '@ztart/shared/languages';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { activeLanguage } from '@/i18n/i18n';

/** Each language listed under its own name; the choice is cached in localStorage by i18next. */
export function LanguageSwitcher({
  className,
  hideLabel = true,
}: {
  className?: string;
  hideLabel?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  return (
    <Select
      data-testid="language-switcher"
      label={t('language.label')}
      hideLabel={hideLabel}
      icon={Languages}
      iconFromSm={hideLabel}
      className={className}
      value={activeLanguage(i18n)}
      onChange={(event) => void i18n.changeLanguage(event.target.value as Language)}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`languageNames.${language}`)}
        </option>
      ))}
    </Select>
  );
}

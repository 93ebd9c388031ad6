import { Building } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function BusinessesPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro icon={Building} title={t('businesses.title')} description={t('businesses.description')} />
  );
}

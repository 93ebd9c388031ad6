import { Telescope } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function ObservatoryPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro icon={Telescope} title={t('observatory.title')} description={t('observatory.description')} />
  );
}

import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function MetaDashboardPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro icon={Gauge} title={t('metaDashboard.title')} description={t('metaDashboard.description')} />
  );
}

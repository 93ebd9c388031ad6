import { ChartColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function AnalyticsPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro icon={ChartColumn} title={t('analytics.title')} description={t('analytics.description')} />
  );
}

import { TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function InvestmentsPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro
      icon={TrendingUp}
      title={t('investments.title')}
      description={t('investments.description')}
    />
  );
}

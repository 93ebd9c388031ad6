import { PiggyBank } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function BudgetPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={PiggyBank} title={t('budget.title')} description={t('budget.description')} />;
}

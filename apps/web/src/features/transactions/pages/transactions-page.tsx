import { ArrowLeftRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function TransactionsPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro
      icon={ArrowLeftRight}
      title={t('transactions.title')}
      description={t('transactions.description')}
    />
  );
}

import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function PaymentsPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={Send} title={t('payments.title')} description={t('payments.description')} />;
}

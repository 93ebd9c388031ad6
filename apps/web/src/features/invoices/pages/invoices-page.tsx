import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function InvoicesPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={FileText} title={t('invoices.title')} description={t('invoices.description')} />;
}

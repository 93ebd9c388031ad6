import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function AdminPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={ShieldCheck} title={t('admin.title')} description={t('admin.description')} />;
}

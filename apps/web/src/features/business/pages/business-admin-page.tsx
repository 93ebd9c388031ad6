import { Briefcase } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function BusinessAdminPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro
      icon={Briefcase}
      title={t('businessAdmin.title')}
      description={t('businessAdmin.description')}
    />
  );
}

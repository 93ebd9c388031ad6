import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function ActivityPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={Activity} title={t('activity.title')} description={t('activity.description')} />;
}

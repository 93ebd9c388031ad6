import { Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function GoalsPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={Target} title={t('goals.title')} description={t('goals.description')} />;
}

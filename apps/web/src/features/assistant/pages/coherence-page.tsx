import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function CoherencePage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={Scale} title={t('coherence.title')} description={t('coherence.description')} />;
}

import { HandHeart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function TipsReceivedPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={HandHeart} title={t('tipsMe.title')} description={t('tipsMe.description')} />;
}

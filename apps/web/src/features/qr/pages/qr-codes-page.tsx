import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function QrCodesPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={QrCode} title={t('qrCodes.title')} description={t('qrCodes.description')} />;
}

import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function WalletPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={Wallet} title={t('wallet.title')} description={t('wallet.description')} />;
}

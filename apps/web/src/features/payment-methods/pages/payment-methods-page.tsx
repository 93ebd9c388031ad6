import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function PaymentMethodsPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro
      icon={CreditCard}
      title={t('paymentMethods.title')}
      description={t('paymentMethods.description')}
    />
  );
}

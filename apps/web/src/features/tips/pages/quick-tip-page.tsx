import { HandCoins, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

/**
 * The public quick-tip page: reachable without an account and loaded on a stranger's phone,
 * so it imports nothing heavy.
 */
export function QuickTipPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro
      icon={HandCoins}
      title={t('quickTip.title')}
      description={t('quickTip.description')}
      extra={
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Receipt aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('quickTip.receipt')}
        </p>
      }
    />
  );
}

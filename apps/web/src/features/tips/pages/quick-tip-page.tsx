import { HandCoins } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { documentLoadedAtQuickTip, loadDocument, QUICK_TIP_PATH } from '@/features/tips/quick-tip-link';

/**
 * `/quick-tip` inside the app: the page itself is the light entry (quick-tip.html) that the
 * server answers, so arriving here through the app's router loads it as a new document. Links
 * in the app do that at once (`reloadDocument`); this screen covers the rest (a typed URL, Back).
 */
export function QuickTipPage() {
  const { t } = useTranslation(['screens', 'tips']);
  const { search } = useLocation();
  const url = `${QUICK_TIP_PATH}${search}`;
  const willLoad = !documentLoadedAtQuickTip();

  useEffect(() => {
    if (willLoad) loadDocument(url);
  }, [url, willLoad]);

  return (
    <PageHeader
      icon={HandCoins}
      title={t('screens:quickTip.title')}
      description={t('screens:quickTip.description')}
    >
      <p role="status" className="text-sm text-muted-foreground">
        {willLoad ? t('tips:quickTip.opening') : ''}
      </p>
      <a href={url} className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
        {t('tips:quickTip.open')}
      </a>
    </PageHeader>
  );
}

import { CirclePlay, HandCoins, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** Sign-in and sign-up arrive with the accounts work; until then this page says so (no fake form). */
export function AuthPage() {
  const { t } = useTranslation('screens');
  const [searchParams] = useSearchParams();
  const demoRequested = searchParams.get('mode') === 'demo';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={LogIn} title={t('auth.title')} description={t('auth.description')} />
      <Card className={cn(demoRequested && 'border-brand')}>
        <CardContent className="flex items-start gap-3 pt-5 sm:pt-6">
          <CirclePlay aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
          <p className="text-sm">{t('auth.demo')}</p>
        </CardContent>
      </Card>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={buttonVariants({ variant: 'primary', className: 'sm:flex-1' })}>
          {t('auth.explore')}
        </Link>
        <Link to="/quick-tip" className={buttonVariants({ variant: 'outline', className: 'sm:flex-1' })}>
          <HandCoins aria-hidden="true" />
          {t('auth.quickTip')}
        </Link>
      </div>
    </div>
  );
}

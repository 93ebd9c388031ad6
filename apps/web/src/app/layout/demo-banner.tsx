import { CirclePlay, LogOut, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { afterNextNavigation } from '@/lib/after-navigation';
import { useDemoActions } from '@/lib/demo/demo-actions';
import { isDemoOverAccount } from '@/lib/demo/demo-mode';

/**
 * Spec §4: while demo mode is on, every screen says so, with the way out. Leaving offers to
 * continue the demo or to create a real account; someone who entered it from their account is
 * offered that account back instead.
 */
export function DemoBanner() {
  const { t } = useTranslation(['common', 'account']);
  const [exitOpen, setExitOpen] = useState(false);
  const labelId = useId();
  const navigate = useNavigate();
  const { exitDemo } = useDemoActions();
  const overAccount = isDemoOverAccount();

  // Move first, leave once the next screen shows (see afterNextNavigation).
  const leave = (to: string) => {
    setExitOpen(false);
    afterNextNavigation(() => void exitDemo());
    void navigate(to);
  };

  return (
    <section
      data-testid="demo-banner"
      aria-labelledby={labelId}
      className="border-b border-amber-300/60 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5 sm:px-6 lg:px-8">
        <CirclePlay aria-hidden="true" className="size-4 shrink-0" />
        <p className="min-w-0 flex-1 text-sm">
          <strong id={labelId} className="font-semibold">
            {t('common:demo.label')}
          </strong>{' '}
          <span>{t('common:demo.banner')}</span>
        </p>
        <Button
          variant="ghost"
          className="-mr-2 underline-offset-4 hover:underline"
          onClick={() => setExitOpen(true)}
        >
          {t('common:demo.exit')}
        </Button>
      </div>
      <Dialog
        open={exitOpen}
        onOpenChange={setExitOpen}
        title={t('account:demo.exitTitle')}
        description={
          overAccount ? t('account:demo.exitToAccountDescription') : t('account:demo.exitDescription')
        }
        closeLabel={t('common:actions.close')}
      >
        {overAccount ? (
          <div className="flex flex-col gap-2">
            <Button variant="primary" onClick={() => leave('/')}>
              <LogOut aria-hidden="true" />
              {t('account:demo.backToAccount')}
            </Button>
            <Button variant="outline" onClick={() => setExitOpen(false)}>
              <CirclePlay aria-hidden="true" />
              {t('account:demo.continue')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <Button variant="primary" onClick={() => leave('/auth?mode=sign-up')}>
              <UserPlus aria-hidden="true" />
              {t('account:demo.createAccount')}
            </Button>
            <Button variant="outline" onClick={() => setExitOpen(false)}>
              <CirclePlay aria-hidden="true" />
              {t('account:demo.continue')}
            </Button>
            <Button variant="ghost" onClick={() => leave('/')}>
              <LogOut aria-hidden="true" />
              {t('account:demo.leave')}
            </Button>
          </div>
        )}
      </Dialog>
    </section>
  );
}

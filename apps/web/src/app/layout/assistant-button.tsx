import { Bot, LifeBuoy } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';

/** The panel's code (the chat, its requests and contracts) loads when it is first opened. */
const AssistantPanel = lazy(() =>
  import('@/features/assistant/components/assistant-panel').then((module) => ({
    default: module.AssistantPanel,
  })),
);

/**
 * The header's way to Skiner. Signed in: a button opening the compact assistant panel, a drawer
 * on the right on larger screens and a full-height sheet on phones (a modal dialog: focus stays
 * in it, Escape closes it, focus returns to the button). Signed out: a link to the help assistant.
 */
export function AssistantButton() {
  const { t } = useTranslation(['nav', 'common']);
  const auth = useAuth();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the conversation stays while the panel is closed.
  const [opened, setOpened] = useState(false);

  // Close when the route changes (a prepared transfer or the full assistant was opened).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  if (auth.status === 'loading') return null;
  if (auth.status === 'signedOut') {
    if (pathname === '/help') return null;
    return (
      <Link to="/help" className={cn(buttonVariants({ variant: 'ghost' }), 'gap-2')} data-testid="help-link">
        <LifeBuoy aria-hidden="true" className="size-5" />
        {t('nav:assistant.help')}
      </Link>
    );
  }
  if (pathname === '/conversational-agent') return null;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="rounded-full"
        aria-label={t('nav:assistant.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="assistant-panel-button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Bot aria-hidden="true" className="size-5" />
      </Button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        title={t('nav:assistant.title')}
        closeLabel={t('common:actions.close')}
        className="h-dvh max-h-dvh rounded-none sm:mt-0 sm:ml-auto sm:w-[26rem] sm:border-t-0 sm:border-l"
      >
        <div data-testid="assistant-panel">
          {opened ? (
            <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
              <AssistantPanel />
            </Suspense>
          ) : null}
        </div>
      </Sheet>
    </>
  );
}

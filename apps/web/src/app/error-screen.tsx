import { TriangleExclamationPoint } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useRevealApp } from '@/app/first-paint/first-paint';
import { Button } from '@/components/ui/button';
import { logErrorShown } from '@/lib/user-actions';

/**
 * The generic error screen of spec §2. It may show before the catalogues have loaded (an error
 * at start-up), so it does not suspend and falls back to the spec's English texts.
 */
export function ErrorScreen() {
  const { t } = useTranslation('common', { useSuspense: false });
  useRevealApp();
  return (
    <div
      role="alert"
      className="flex min-h-dvh items-center justify-center bg-background p-6 text-foreground"
    >
      <div className="flex w-full max-w-sm flex-col items-center gap-4 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-secondary">
          <TriangleExclamationPoint aria-hidden="true" className="size-6 text-destructive" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">
          {t('errorScreen.title', { defaultValue: 'Something went wrong' })}
        </h1>
        <p className="text-muted-foreground">
          {t('errorScreen.description', { defaultValue: 'An error occurred while loading the application' })}
        </p>
        <Button onClick={() => window.location.reload()}>
          {t('errorScreen.reload', { defaultValue: 'Reload Page' })}
        </Button>
      </div>
    </div>
  );
}

/** The router's errorElement: reports the error, then shows the generic error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    logErrorShown('error_screen', `screen:${window.location.pathname}`);
  }, [error]);
  return <ErrorScreen />;
}

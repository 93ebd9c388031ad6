import { CircleAlert, HandCoins, type LucideIcon, SearchX } from 'lucide-react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { RequestError } from '../api.ts';
import { useI18n } from '../i18n.ts';
import type { MessageKey } from '../messages/en.ts';

/** On the server, where the title of the page being rendered goes (there is no document there). */
export const DocumentTitleSink = createContext<((documentTitle: string) => void) | null>(null);

/** Sets the browser tab's title while a state shows (on the server: the title of the HTML). */
export function useDocumentTitle(title: string): void {
  const { t } = useI18n();
  const documentTitle = t('page.documentTitle', { title });
  useContext(DocumentTitleSink)?.(documentTitle);
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
}

/** A state without the form: its icon, the page's one h1, a sentence and what to do next. */
function StateScreen({
  icon: Icon,
  title,
  body,
  action,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  action?: ReactNode;
  testId: string;
}) {
  useDocumentTitle(title);
  return (
    <section data-testid={testId} className="flex flex-col items-center gap-3 py-6 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 data-testid="screen-title" className="text-xl font-semibold text-balance">
        {title}
      </h1>
      <p className="max-w-sm text-pretty text-muted-foreground">{body}</p>
      {action}
    </section>
  );
}

export function MissingReceiverState({ embed }: { embed: boolean }) {
  const { t } = useI18n();
  return (
    <StateScreen
      testId="quick-tip-missing"
      icon={HandCoins}
      title={t('missing.title')}
      body={t('missing.body')}
      action={
        <a
          href="/"
          target={embed ? '_blank' : undefined}
          rel={embed ? 'noopener' : undefined}
          className={buttonVariants({ variant: 'outline' })}
        >
          {t('missing.home')}
        </a>
      }
    />
  );
}

export function NotFoundState({ embed }: { embed: boolean }) {
  const { t } = useI18n();
  return (
    <StateScreen
      testId="quick-tip-not-found"
      icon={SearchX}
      title={t('notFound.title')}
      body={t('notFound.body')}
      action={
        <a
          href="/"
          target={embed ? '_blank' : undefined}
          rel={embed ? 'noopener' : undefined}
          className={buttonVariants({ variant: 'outline' })}
        >
          {t('missing.home')}
        </a>
      }
    />
  );
}

/** The message of a failed load, in our words. */
export function loadErrorKey(error: unknown): MessageKey {
  if (error instanceof RequestError) {
    if (error.code === 'offline') return 'error.offline';
    if (error.code === 'network_error') return 'error.network_error';
    if (error.code === 'rate_limited') return 'error.rate_limited';
  }
  return 'error.generic';
}

export function LoadErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert">
      <StateScreen
        testId="quick-tip-load-error"
        icon={CircleAlert}
        title={t('loadError.title')}
        body={t(loadErrorKey(error))}
        action={
          <Button variant="outline" onClick={onRetry}>
            {t('loadError.retry')}
          </Button>
        }
      />
    </div>
  );
}

/** Shaped like the form that is coming: the receiver, then the amounts. */
export function LoadingState() {
  const { t } = useI18n();
  useDocumentTitle(t('page.title'));
  return (
    // At least a screen tall: the form that replaces it is taller than any phone's screen, so
    // the footer below stays out of sight instead of jumping away when the form arrives.
    <div aria-busy="true" className="flex min-h-dvh flex-col items-center gap-4 py-2">
      <h1 data-testid="screen-title" className="sr-only">
        {t('page.title')}
      </h1>
      <p role="status" className="sr-only">
        {t('page.loading')}
      </p>
      <div aria-hidden="true" className="size-20 animate-pulse rounded-full bg-muted" />
      <div aria-hidden="true" className="h-6 w-48 animate-pulse rounded-md bg-muted" />
      <div aria-hidden="true" className="h-4 w-32 animate-pulse rounded-md bg-muted" />
      <div aria-hidden="true" className="mt-4 grid w-full grid-cols-2 gap-3">
        {['a', 'b', 'c', 'd'].map((key) => (
          <div key={key} className="h-14 animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
    </div>
  );
}

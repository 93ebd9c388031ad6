import { isLanguage, LANGUAGES, type Language } from '@ztart/shared/languages';
import { HandCoins, Languages, WifiOff } from 'lucide-react';
import { type ReactNode, useId, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { LANGUAGE_NAMES, useI18n } from '../i18n.ts';

/**
 * The page around each state: our name, the demo notice, and at the foot the language and a way
 * to sign in. Embedded in another site it is only the card, compact.
 */
function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Says so while the phone has no connection: nothing can be sent until it is back. */
function OfflineNotice() {
  const { t } = useI18n();
  // Online on the server and while hydrating (as the server rendered it), then the browser's word.
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  );
  if (online) return null;
  return (
    <p role="status" className="mb-4 flex items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {t('error.offline')}
    </p>
  );
}

export function PageFrame({
  embed,
  demo,
  onLanguage,
  children,
}: {
  embed: boolean;
  demo: boolean;
  onLanguage: (language: Language) => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  if (embed) {
    return (
      <main className="mx-auto w-full max-w-md p-3">
        {/* Everything on the card's own background: the host site's colours are unknown. */}
        <div className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
          <OfflineNotice />
          {children}
          <p className="mt-4 text-center text-xs text-muted-foreground">
            <a href="/" target="_blank" rel="noopener" className="underline-offset-4 hover:underline">
              {t('page.poweredBy')}
            </a>
          </p>
        </div>
      </main>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-lg items-center px-4 pt-4">
        <a
          href="/"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand text-brand-foreground">
            <HandCoins aria-hidden="true" className="size-4" />
          </span>
          Ztart Tips
        </a>
      </header>
      <main className="mx-auto w-full max-w-lg flex-1 px-4 pt-4 pb-10 sm:pt-8">
        <OfflineNotice />
        {demo ? (
          <p
            data-testid="demo-notice"
            className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
          >
            {t('page.demo')}
          </p>
        ) : null}
        <div className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6">{children}</div>
      </main>
      <footer className="mx-auto flex w-full max-w-lg flex-wrap items-center justify-between gap-3 px-4 pb-6 text-sm text-muted-foreground">
        <LanguageSelect onLanguage={onLanguage} />
        <a href="/auth" className="min-h-11 content-center underline-offset-4 hover:underline">
          {t('page.signIn')}
        </a>
      </footer>
    </div>
  );
}

function LanguageSelect({ onLanguage }: { onLanguage: (language: Language) => void }) {
  const { t, language } = useI18n();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Languages aria-hidden="true" className="size-4" />
      <label htmlFor={id} className="sr-only">
        {t('page.language')}
      </label>
      <select
        id={id}
        data-testid="language-switcher"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) onLanguage(event.target.value);
        }}
        className={cn(
          'min-h-11 rounded-lg border border-input bg-card px-2 text-sm text-foreground',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

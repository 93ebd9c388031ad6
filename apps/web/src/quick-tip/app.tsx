import type { QuickTipProfile } from '@ztart/shared/contracts/qr-codes';
import type { Language } from '@ztart/shared/languages';
import type { QuickTipInitial } from '@ztart/shared/quick-tip-page';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchQuickTipProfile, fetchVisitor, logQuickTipView, RequestError, type Visitor } from './api.ts';
import { PageFrame } from './components/page-frame.tsx';
import { LoadErrorState, LoadingState, MissingReceiverState, NotFoundState } from './components/states.tsx';
import { isDemo } from './demo.ts';
import { readLinkParams } from './form.ts';
import { createI18n, detectLanguage, I18nContext, storeLanguage } from './i18n.ts';
import { TipPage } from './tip-page.tsx';

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'notFound' }
  | { state: 'error'; error: unknown }
  | { state: 'ready'; profile: QuickTipProfile; visitor: Visitor };

const SIGNED_OUT: Visitor = { signedIn: false, ztartag: null };

export interface QuickTipAppProps {
  /** The page's query string (`?to=maria_waits&qr=...`). */
  search: string;
  /** The clock of the card's expiry check (tests fix it). */
  now?: () => Date;
  /**
   * What the server rendered the page with (server rendering and hydration): its language and
   * receiver, so that the first render matches the HTML. Without it, the page asks for them.
   */
  initial?: QuickTipInitial;
}

/** The quick-tip page: who is tipped comes from the link; everything else happens on this page. */
export function QuickTipApp({ search, now = () => new Date(), initial }: QuickTipAppProps) {
  const params = useMemo(() => readLinkParams(search), [search]);
  const [language, setLanguage] = useState<Language>(() => initial?.language ?? detectLanguage(search));
  const i18n = useMemo(() => createI18n(language), [language]);
  // Kept in this browser's storage: known only once hydrated (the server rendered the page without).
  const [demo, setDemo] = useState(() => (initial ? false : isDemo()));
  const [loaded, setLoaded] = useState<Loaded>(() =>
    params.to === null
      ? { state: 'missing' }
      : params.toInvalid
        ? { state: 'notFound' }
        : initial
          ? initial.profile
            ? { state: 'ready', profile: initial.profile, visitor: SIGNED_OUT }
            : { state: 'notFound' }
          : { state: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  // Server-rendered: what only the browser knows comes after hydration (a language chosen
  // earlier on this device, the demo).
  useEffect(() => {
    if (!initial) return;
    setLanguage(detectLanguage(search));
    setDemo(isDemo());
  }, [initial, search]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    if (params.embed) document.documentElement.dataset.embed = '';
  }, [params.embed]);

  useEffect(() => {
    const to = params.to;
    if (to === null || params.toInvalid) return;
    const controller = new AbortController();
    // Inside another site's frame the browser sends no session cookie, and the demo has no real
    // session: the balance is offered only on our own page.
    const visitor: Promise<Visitor> =
      params.embed || demo ? Promise.resolve(SIGNED_OUT) : fetchVisitor(controller.signal);
    // The meta dashboard's quick-tip conversion counts the views of signed-in visitors (the log
    // belongs to a person); a retry of the same page is not another view.
    if (attempt === 0)
      void visitor.then((who) => {
        if (who.signedIn && !controller.signal.aborted) logQuickTipView(to);
      });
    if (initial && attempt === 0) {
      // The server sent the receiver (or found nobody): only who is visiting is left to learn.
      visitor.then((who) => {
        if (controller.signal.aborted || !who.signedIn) return;
        setLoaded((current) => (current.state === 'ready' ? { ...current, visitor: who } : current));
      });
      return () => controller.abort();
    }
    setLoaded({ state: 'loading' });
    Promise.all([fetchQuickTipProfile(to, controller.signal), visitor]).then(
      ([profile, who]) => setLoaded({ state: 'ready', profile, visitor: who }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const gone =
          error instanceof RequestError &&
          (error.code === 'recipient_user_not_found' || error.code === 'not_found');
        setLoaded(gone ? { state: 'notFound' } : { state: 'error', error });
      },
    );
    return () => controller.abort();
  }, [params, demo, attempt, initial]);

  const changeLanguage = useCallback((next: Language) => {
    storeLanguage(next);
    setLanguage(next);
    // A `lang` in the link would win again on reload: the choice made here replaces it.
    const url = new URL(window.location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.set('lang', next);
      window.history.replaceState(window.history.state, '', url);
    }
  }, []);

  const onNotFound = useCallback(() => setLoaded({ state: 'notFound' }), []);

  return (
    <I18nContext value={i18n}>
      <PageFrame embed={params.embed} demo={demo} onLanguage={changeLanguage}>
        {loaded.state === 'missing' ? <MissingReceiverState embed={params.embed} /> : null}
        {loaded.state === 'notFound' ? <NotFoundState embed={params.embed} /> : null}
        {loaded.state === 'loading' ? <LoadingState /> : null}
        {loaded.state === 'error' ? (
          <LoadErrorState error={loaded.error} onRetry={() => setAttempt((count) => count + 1)} />
        ) : null}
        {loaded.state === 'ready' ? (
          <TipPage
            profile={loaded.profile}
            visitor={loaded.visitor}
            params={params}
            demo={demo}
            now={now}
            onNotFound={onNotFound}
          />
        ) : null}
      </PageFrame>
    </I18nContext>
  );
}

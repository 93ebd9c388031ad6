import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  FIRST_PAINT_ELEMENT_ID,
  type FirstPaintRenderer,
  type FirstPaintScreen,
  type HomeFirstData,
} from '@ztart/shared/first-paint';
import type { Language } from '@ztart/shared/languages';

// What the build renders: every screen in every language.
export { FIRST_PAINT_SCREENS } from '@ztart/shared/first-paint';
export { LANGUAGES } from '@ztart/shared/languages';

import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { seedFirstData } from '@/app/first-paint/first-data';
import { BrandLink } from '@/app/layout/brand-link';
import { AuthPage } from '@/features/auth/pages/auth-page';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';
import { WalletPage } from '@/features/wallet/pages/wallet-page';
import { DEFAULT_NAMESPACE } from '@/i18n/namespaces';
import { AuthContext, type AuthState, LOADING_AUTH, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';

/**
 * The first paint of `/auth`, `/wallet` and home (decisions 0041, 0054). Their largest text used to wait for
 * the app's scripts, its catalogue and React's first render (Lighthouse put 85% of their LCP in
 * "render delay"). The HTML now carries the screen's first frame: the real screen components,
 * rendered with React's server renderer and the catalogue of the browser's language, for a visitor
 * whose data has not loaded yet (the wallet's balances as their loading shapes, no personal data).
 * The browser shows it over the app, inert and hidden from assistive technology, until the app has
 * rendered the same screen (`first-paint.ts`), which then takes its place.
 *
 * The web build (tooling/build.mjs) renders every screen in every language once, into
 * dist/.ssr/first-paint.json, which the server reads: nothing renders React on the server at run
 * time.
 */

function i18nFor(language: Language, catalogue: Record<string, unknown>) {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: catalogue as Record<string, Record<string, unknown>> },
    ns: Object.keys(catalogue),
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

/** The frame of AppLayout (apps/web/src/app/layout/app-layout.tsx) at the same sizes, without its menus. */
function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-card/40 lg:flex">
        <div className="flex h-16 shrink-0 items-center border-b px-4">
          <BrandLink />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <Header withSidebar />
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-28 sm:px-6 lg:px-8 lg:pt-8 lg:pb-12">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The frame of PublicLayout (apps/web/src/app/layout/public-layout.tsx). */
function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main className="mx-auto w-full max-w-lg flex-1 px-4 pt-8 pb-12 sm:pt-12">{children}</main>
    </div>
  );
}

/** AppHeader's bar (apps/web/src/app/layout/app-header.tsx) with the brand only. */
function Header({ withSidebar = false }: { withSidebar?: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-3 sm:px-6 lg:px-8">
        <div className={withSidebar ? 'lg:hidden' : undefined}>
          <BrandLink compact />
        </div>
      </div>
    </header>
  );
}

/** Each screen as the app first shows it: the sign-in form, the wallet and home before their data. */
const SCREENS: Record<FirstPaintScreen, { location: string; auth: AuthState; page: ReactNode }> = {
  auth: {
    location: '/auth',
    auth: SIGNED_OUT_AUTH,
    page: (
      <PublicFrame>
        <AuthPage />
      </PublicFrame>
    ),
  },
  wallet: {
    location: '/wallet',
    auth: SIGNED_OUT_AUTH,
    page: (
      <AppFrame>
        <WalletPage />
      </AppFrame>
    ),
  },
  // While the session loads, home shows its loading shapes (the signed-in home's sizes).
  home: {
    location: '/',
    auth: LOADING_AUTH,
    page: (
      <AppFrame>
        <DashboardPage />
      </AppFrame>
    ),
  },
};

/** The first paint's element around a screen rendered with its providers. */
function firstPaintElement(
  i18n: ReturnType<typeof i18nFor>,
  queryClient: QueryClient,
  { location, auth, page }: { location: string; auth: AuthState; page: ReactNode },
): string {
  const markup = renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={auth}>
          <StaticRouter location={location}>{page}</StaticRouter>
        </AuthContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  queryClient.clear();
  // Over the app until it has rendered the same screen: not clickable, not focusable, not read out
  // (the app beneath is what a screen reader and the keyboard use from the start), and its fields
  // and buttons disabled, so that nothing can be typed into a form that is about to go.
  return `<div id="${FIRST_PAINT_ELEMENT_ID}" class="pointer-events-none fixed inset-0 z-50 overflow-hidden bg-background" aria-hidden="true" inert><fieldset disabled class="contents">${markup}</fieldset></div>`;
}

/**
 * The first paint's element for a screen in a language; `catalogue` is the build's catalogue file
 * of the language (`locales/<lng>.json`: every namespace).
 */
export function renderFirstPaint(
  screen: FirstPaintScreen,
  language: Language,
  catalogue: Record<string, unknown>,
): string {
  return firstPaintElement(i18nFor(language, catalogue), new QueryClient(), SCREENS[screen]);
}

/** One i18n instance per catalogue the server hands over (it reads each language's file once). */
const i18nByCatalogue = new WeakMap<Record<string, unknown>, ReturnType<typeof i18nFor>>();

/**
 * A signed-in person's home with their figures (decision 0055), rendered by the server for each
 * request of `/`: the screen the app shows first, from the same answers, which the page hands to
 * the app (`first-data.ts`).
 */
export function renderHomeFirstPaint(
  language: Language,
  catalogue: Record<string, unknown>,
  data: HomeFirstData,
): string {
  let i18n = i18nByCatalogue.get(catalogue);
  if (!i18n) {
    i18n = i18nFor(language, catalogue);
    i18nByCatalogue.set(catalogue, i18n);
  }
  const queryClient = new QueryClient();
  const auth = seedFirstData(queryClient, data);
  return firstPaintElement(i18n, queryClient, { ...SCREENS.home, auth });
}

// What the server's worker calls (apps/server/src/http/home-renderer.ts).
renderHomeFirstPaint satisfies FirstPaintRenderer['renderHomeFirstPaint'];

import type { QueryClient } from '@tanstack/react-query';
import type { Guard } from '@ztart/shared/roles';
import { ROUTE_REDIRECTS, type ScreenPath } from '@ztart/shared/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject, redirect } from 'react-router';
import { RouteErrorScreen } from '@/app/error-screen';
import { useRevealApp } from '@/app/first-paint/first-paint';
import { StartupSkeleton } from '@/app/layout/page-skeleton';
import { RootShell } from '@/app/root-shell';
import { prefetchDashboard } from '@/features/dashboard/api/get-dashboard';
import { SIGNED_IN_QUICK_TIP_PATH } from '@/features/tips/quick-tip-link';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/**
 * A lazily loaded screen: its code arrives only when its route is first visited. Once rendered, it
 * takes the place of the server's first paint of it, if the page has one (decision 0041).
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  return async () => {
    const Screen = pick(await load());
    function RevealedScreen() {
      useRevealApp();
      return <Screen />;
    }
    return { Component: RevealedScreen };
  };
}

/**
 * Who may open a screen. Public: the home page, sign-in and the quick tip (and the not-found
 * page); every other screen shows personal data and needs sign-in (decision 0008; a demo user
 * counts as signed in). A guard (spec §2) implies sign-in.
 */
type Access = { requiresSignIn: false } | { requiresSignIn: true; guard?: Guard };

type ScreenRoute = Access & {
  /** `public` screens use the light layout without the app navigation. */
  layout: 'app' | 'public';
  lazy: LazyScreen;
  /**
   * Starts the screen's data request when its code starts loading, so that both arrive together
   * (decision 0034). Its module sits in the entry chunk: it must stay small.
   */
  prefetch?: (queryClient: QueryClient) => void;
};

/**
 * The route's lazy loader: the screen, behind its guard (whose code loads with it, not in the
 * entry), with its data requested meanwhile when the app's query client is given.
 */
function lazyRoute(route: ScreenRoute, queryClient?: QueryClient): LazyRouteFunction<RouteObject> {
  const load: LazyScreen = () => {
    if (queryClient) route.prefetch?.(queryClient);
    return route.lazy();
  };
  if (!route.requiresSignIn) return load;
  const { guard } = route;
  return async () => {
    const [{ RequireAccess, RequireSignIn }, { Component: Page }] = await Promise.all([
      import('@/app/guards/require-access'),
      load(),
    ]);
    return {
      element: guard ? (
        <RequireAccess guard={guard}>
          <Page />
        </RequireAccess>
      ) : (
        <RequireSignIn>
          <Page />
        </RequireSignIn>
      ),
    };
  };
}

/**
 * One entry per screen of spec §2's route table; the type makes a missing screen a compile
 * error. `/{product}-ddf` and `/@<ztartag>` cannot be React Router patterns and are served by the
 * catch-all route (which asks for sign-in on product sheets, not on public profiles or the
 * not-found page).
 */
const SCREENS: Record<Exclude<ScreenPath, '/:product-ddf' | '/@:ztartag'>, ScreenRoute> = {
  '/': {
    layout: 'app',
    requiresSignIn: false,
    lazy: screen(
      () => import('@/features/dashboard/pages/dashboard-page'),
      (m) => m.DashboardPage,
    ),
    prefetch: prefetchDashboard,
  },
  '/auth': {
    layout: 'public',
    requiresSignIn: false,
    lazy: screen(
      () => import('@/features/auth/pages/auth-page'),
      (m) => m.AuthPage,
    ),
  },
  '/wallet': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/wallet/pages/wallet-page'),
      (m) => m.WalletPage,
    ),
  },
  '/transactions': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/transactions/pages/transactions-page'),
      (m) => m.TransactionsPage,
    ),
  },
  '/transactions/:id': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/transactions/pages/transaction-detail-page'),
      (m) => m.TransactionDetailPage,
    ),
  },
  '/qr-codes': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/qr/pages/qr-codes-page'),
      (m) => m.QrCodesPage,
    ),
  },
  '/qr-codes/:id/edit': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/qr/pages/qr-code-edit-page'),
      (m) => m.QrCodeEditPage,
    ),
  },
  '/profile': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/profiles/pages/profile-page'),
      (m) => m.ProfilePage,
    ),
  },
  '/businesses': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/business/pages/businesses-page'),
      (m) => m.BusinessesPage,
    ),
  },
  '/contacts': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/contacts/pages/contacts-page'),
      (m) => m.ContactsPage,
    ),
  },
  '/contacts/debts': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/debts/pages/debts-page'),
      (m) => m.DebtsPage,
    ),
  },
  '/nearby-users': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/nearby/pages/nearby-users-page'),
      (m) => m.NearbyUsersPage,
    ),
  },
  // The page itself is the light entry quick-tip.html: this screen loads it as a new document.
  '/quick-tip': {
    layout: 'public',
    requiresSignIn: false,
    lazy: screen(
      () => import('@/features/tips/pages/quick-tip-page'),
      (m) => m.QuickTipPage,
    ),
  },
  '/tips-me': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/tips/pages/tips-received-page'),
      (m) => m.TipsReceivedPage,
    ),
  },
  '/payments': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/wallet/pages/payments-page'),
      (m) => m.PaymentsPage,
    ),
  },
  '/payment-methods': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/wallet/pages/payment-methods-page'),
      (m) => m.PaymentMethodsPage,
    ),
  },
  '/invoices': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/invoices/pages/invoices-page'),
      (m) => m.InvoicesPage,
    ),
  },
  '/budget': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/budgets/pages/budget-page'),
      (m) => m.BudgetPage,
    ),
  },
  '/goals': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/goals/pages/goals-page'),
      (m) => m.GoalsPage,
    ),
  },
  '/investments': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/investments/pages/investments-page'),
      (m) => m.InvestmentsPage,
    ),
  },
  '/analytics': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/analytics/pages/analytics-page'),
      (m) => m.AnalyticsPage,
    ),
  },
  '/activity': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/activity/pages/activity-page'),
      (m) => m.ActivityPage,
    ),
  },
  '/account': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/account/pages/account-page'),
      (m) => m.AccountPage,
    ),
  },
  '/notifications': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/notifications/pages/notifications-page'),
      (m) => m.NotificationsPage,
    ),
  },
  '/achievements': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/gamification/pages/achievements-page'),
      (m) => m.AchievementsPage,
    ),
  },
  '/skiner-coherence': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/assistant/pages/coherence-page'),
      (m) => m.CoherencePage,
    ),
  },
  '/conversational-agent': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/assistant/pages/conversational-agent-page'),
      (m) => m.ConversationalAgentPage,
    ),
  },
  '/observatory': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/observatory/pages/observatory-page'),
      (m) => m.ObservatoryPage,
    ),
  },
  '/meta-dashboard': {
    layout: 'app',
    requiresSignIn: true,
    guard: 'metaDashboard',
    lazy: screen(
      () => import('@/features/admin/pages/meta-dashboard-page'),
      (m) => m.MetaDashboardPage,
    ),
  },
  '/admin': {
    layout: 'app',
    requiresSignIn: true,
    guard: 'admin',
    lazy: screen(
      () => import('@/features/admin/pages/admin-page'),
      (m) => m.AdminPage,
    ),
  },
  // Spec §2: the business admin screens are not guarded at route level (sign-in only).
  '/business-admin': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/business/pages/business-admin-page'),
      (m) => m.BusinessAdminPage,
    ),
  },
  '/business-admin/team': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/business/pages/business-team-page'),
      (m) => m.BusinessTeamPage,
    ),
  },
};

/** The screens anyone may open without signing in. */
export const SIGN_IN_FREE_PATHS: readonly string[] = Object.entries(SCREENS)
  .filter(([, route]) => !route.requiresSignIn)
  .map(([path]) => path);

function screenRoutes(layout: ScreenRoute['layout'], queryClient?: QueryClient): RouteObject[] {
  return Object.entries(SCREENS)
    .filter(([, route]) => route.layout === layout)
    .map(([path, route]) =>
      path === '/'
        ? { index: true, lazy: lazyRoute(route, queryClient) }
        : { path, lazy: lazyRoute(route, queryClient) },
    );
}

/**
 * The quick tip of a signed-in person, inside the app (`/quick-tip` itself is the light page the
 * server answers): the navigation leads here once someone is signed in.
 */
const inAppQuickTipRoute: RouteObject = {
  path: SIGNED_IN_QUICK_TIP_PATH,
  lazy: lazyRoute({
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/tips/pages/send-tip-page'),
      (m) => m.SendTipPage,
    ),
  }),
};

/**
 * Public pages that links of ours lead to, beyond the spec's route table: `/qr/:code` shows a
 * scanned QR code's message and a button to tip its owner; `/i/:code` is an invoice's pay link;
 * `/help` is the help assistant for signed-out visitors (the header's Help link).
 */
const linkPageRoutes: RouteObject[] = [
  {
    path: '/help',
    lazy: screen(
      () => import('@/features/assistant/pages/guest-help-page'),
      (m) => m.GuestHelpPage,
    ),
  },
  {
    path: '/qr/:code',
    lazy: screen(
      () => import('@/features/qr/pages/qr-landing-page'),
      (m) => m.QrLandingPage,
    ),
  },
  {
    path: '/i/:code',
    lazy: screen(
      () => import('@/features/invoices/pages/public-invoice-page'),
      (m) => m.PublicInvoicePage,
    ),
  },
];

/**
 * An invoice's own screens under `/invoices`, beyond the route table: a new invoice, one invoice,
 * and editing a draft (React Router ranks `/invoices/new` above `/invoices/:id`).
 */
const INVOICE_SCREENS: Record<'/invoices/new' | '/invoices/:id' | '/invoices/:id/edit', ScreenRoute> = {
  '/invoices/new': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/invoices/pages/invoice-editor-page'),
      (m) => m.NewInvoicePage,
    ),
  },
  '/invoices/:id': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/invoices/pages/invoice-detail-page'),
      (m) => m.InvoiceDetailPage,
    ),
  },
  '/invoices/:id/edit': {
    layout: 'app',
    requiresSignIn: true,
    lazy: screen(
      () => import('@/features/invoices/pages/invoice-editor-page'),
      (m) => m.EditInvoicePage,
    ),
  },
};

const invoiceRoutes: RouteObject[] = Object.entries(INVOICE_SCREENS).map(([path, route]) => ({
  path,
  lazy: lazyRoute(route),
}));

const redirectRoutes: RouteObject[] = Object.entries(ROUTE_REDIRECTS).map(([path, target]) => ({
  path,
  loader: () => redirect(target),
  // Never rendered (the loader redirects first); present so the route is not an "empty" leaf.
  element: null,
}));

/** The route table; with the app's query client, screens that can start their data early do. */
export function buildRoutes(queryClient?: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootShell,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <StartupSkeleton />,
      children: [
        ...redirectRoutes,
        {
          lazy: screen(
            () => import('@/app/layout/public-layout'),
            (m) => m.PublicLayout,
          ),
          children: [...screenRoutes('public', queryClient), ...linkPageRoutes],
        },
        {
          lazy: screen(
            () => import('@/app/layout/app-layout'),
            (m) => m.AppLayout,
          ),
          children: [
            ...screenRoutes('app', queryClient),
            inAppQuickTipRoute,
            ...invoiceRoutes,
            {
              path: '*',
              lazy: screen(
                () => import('@/app/routes/catch-all-route'),
                (m) => m.CatchAllRoute,
              ),
            },
          ],
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = buildRoutes();

export function createAppRouter(queryClient?: QueryClient) {
  return createBrowserRouter(buildRoutes(queryClient));
}

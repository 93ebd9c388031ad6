import type { Guard } from '@ztart/shared/roles';
import { ROUTE_REDIRECTS, type ScreenPath } from '@ztart/shared/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject, redirect } from 'react-router';
import { RouteErrorScreen } from '@/app/error-screen';
import { StartupSkeleton } from '@/app/layout/page-skeleton';
import { RootShell } from '@/app/root-shell';

type LazyRoute = LazyRouteFunction<RouteObject>;

/** A lazily loaded screen: its code arrives only when its route is first visited. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRoute {
  return async () => ({ Component: pick(await load()) });
}

/** A lazily loaded screen behind a guard (the guard's code loads with it, not in the entry). */
function guardedScreen<M>(
  guard: Guard,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyRoute {
  return async () => {
    const [{ RequireAccess }, module] = await Promise.all([import('@/app/guards/require-access'), load()]);
    const Page = pick(module);
    return {
      element: (
        <RequireAccess guard={guard}>
          <Page />
        </RequireAccess>
      ),
    };
  };
}

interface ScreenRoute {
  /** `public` screens use the light layout without the app navigation. */
  layout: 'app' | 'public';
  lazy: LazyRoute;
}

/**
 * One entry per screen of spec §2's route table; the type makes a missing screen a compile
 * error. `/{product}-ddf` cannot be a React Router pattern and is served by the catch-all route.
 */
const SCREENS: Record<Exclude<ScreenPath, '/:product-ddf'>, ScreenRoute> = {
  '/': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/dashboard/pages/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  '/auth': {
    layout: 'public',
    lazy: screen(
      () => import('@/features/auth/pages/auth-page'),
      (m) => m.AuthPage,
    ),
  },
  '/wallet': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/wallet/pages/wallet-page'),
      (m) => m.WalletPage,
    ),
  },
  '/transactions': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/transactions/pages/transactions-page'),
      (m) => m.TransactionsPage,
    ),
  },
  '/qr-codes': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/qr/pages/qr-codes-page'),
      (m) => m.QrCodesPage,
    ),
  },
  '/qr-codes/:id/edit': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/qr/pages/qr-code-edit-page'),
      (m) => m.QrCodeEditPage,
    ),
  },
  '/profile': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/profiles/pages/profile-page'),
      (m) => m.ProfilePage,
    ),
  },
  '/businesses': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/business/pages/businesses-page'),
      (m) => m.BusinessesPage,
    ),
  },
  '/contacts': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/contacts/pages/contacts-page'),
      (m) => m.ContactsPage,
    ),
  },
  '/nearby-users': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/nearby/pages/nearby-users-page'),
      (m) => m.NearbyUsersPage,
    ),
  },
  '/quick-tip': {
    layout: 'public',
    lazy: screen(
      () => import('@/features/tips/pages/quick-tip-page'),
      (m) => m.QuickTipPage,
    ),
  },
  '/tips-me': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/tips/pages/tips-received-page'),
      (m) => m.TipsReceivedPage,
    ),
  },
  '/payments': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/payments/pages/payments-page'),
      (m) => m.PaymentsPage,
    ),
  },
  '/payment-methods': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/payment-methods/pages/payment-methods-page'),
      (m) => m.PaymentMethodsPage,
    ),
  },
  '/invoices': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/invoices/pages/invoices-page'),
      (m) => m.InvoicesPage,
    ),
  },
  '/budget': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/budgets/pages/budget-page'),
      (m) => m.BudgetPage,
    ),
  },
  '/goals': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/goals/pages/goals-page'),
      (m) => m.GoalsPage,
    ),
  },
  '/investments': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/investments/pages/investments-page'),
      (m) => m.InvestmentsPage,
    ),
  },
  '/analytics': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/analytics/pages/analytics-page'),
      (m) => m.AnalyticsPage,
    ),
  },
  '/activity': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/activity/pages/activity-page'),
      (m) => m.ActivityPage,
    ),
  },
  '/account': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/account/pages/account-page'),
      (m) => m.AccountPage,
    ),
  },
  '/notifications': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/notifications/pages/notifications-page'),
      (m) => m.NotificationsPage,
    ),
  },
  '/skiner-coherence': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/assistant/pages/coherence-page'),
      (m) => m.CoherencePage,
    ),
  },
  '/conversational-agent': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/assistant/pages/conversational-agent-page'),
      (m) => m.ConversationalAgentPage,
    ),
  },
  '/observatory': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/observatory/pages/observatory-page'),
      (m) => m.ObservatoryPage,
    ),
  },
  '/meta-dashboard': {
    layout: 'app',
    lazy: guardedScreen(
      'metaDashboard',
      () => import('@/features/admin/pages/meta-dashboard-page'),
      (m) => m.MetaDashboardPage,
    ),
  },
  '/admin': {
    layout: 'app',
    lazy: guardedScreen(
      'admin',
      () => import('@/features/admin/pages/admin-page'),
      (m) => m.AdminPage,
    ),
  },
  // Spec §2: the business admin screens are not guarded at route level.
  '/business-admin': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/business/pages/business-admin-page'),
      (m) => m.BusinessAdminPage,
    ),
  },
  '/business-admin/team': {
    layout: 'app',
    lazy: screen(
      () => import('@/features/business/pages/business-team-page'),
      (m) => m.BusinessTeamPage,
    ),
  },
};

function screenRoutes(layout: ScreenRoute['layout']): RouteObject[] {
  return Object.entries(SCREENS)
    .filter(([, route]) => route.layout === layout)
    .map(([path, route]) => (path === '/' ? { index: true, lazy: route.lazy } : { path, lazy: route.lazy }));
}

const redirectRoutes: RouteObject[] = Object.entries(ROUTE_REDIRECTS).map(([path, target]) => ({
  path,
  loader: () => redirect(target),
  // Never rendered (the loader redirects first); present so the route is not an "empty" leaf.
  element: null,
}));

export const routes: RouteObject[] = [
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
        children: screenRoutes('public'),
      },
      {
        lazy: screen(
          () => import('@/app/layout/app-layout'),
          (m) => m.AppLayout,
        ),
        children: [
          ...screenRoutes('app'),
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}

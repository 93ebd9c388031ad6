/** The route table of spec §2, shared by the web app's router and the browser tests. */
export const DDF_PRODUCTS = [
  'wallet',
  'tips',
  'qr',
  'contacts',
  'budget',
  'goals',
  'investments',
  'invoices',
  'business',
  'assistant',
] as const;
export type DdfProduct = (typeof DDF_PRODUCTS)[number];

export function isDdfProduct(value: string | undefined): value is DdfProduct {
  return (DDF_PRODUCTS as readonly string[]).includes(value ?? '');
}

export const PROFILE_TABS = [
  'profile',
  'security',
  'notifications',
  'privacy',
  'financial',
  'preferences',
  'advanced',
] as const;
export type AccountTab = (typeof PROFILE_TABS)[number];

/** Redirects of the route table: path → target. */
export const ROUTE_REDIRECTS = {
  '/profile/edit': '/account?tab=profile',
  '/settings': '/account?tab=security',
} as const;

/** Every screen path of the route table (parameters filled with an example for tests). */
export const SCREEN_PATHS = [
  '/',
  '/auth',
  '/wallet',
  '/transactions',
  '/transactions/:id',
  '/qr-codes',
  '/qr-codes/:id/edit',
  '/profile',
  '/businesses',
  '/contacts',
  '/contacts/debts',
  '/nearby-users',
  '/quick-tip',
  '/tips-me',
  '/payments',
  '/payment-methods',
  '/invoices',
  '/budget',
  '/goals',
  '/investments',
  '/analytics',
  '/activity',
  '/account',
  '/notifications',
  /** Level, XP, achievements, today's challenges and the XP history (spec §3 Gamification). */
  '/achievements',
  '/:product-ddf',
  /** A person's public profile (`/@maria_waits`): what they made public, and a tip button. */
  '/@:ztartag',
  '/skiner-coherence',
  '/conversational-agent',
  '/observatory',
  '/meta-dashboard',
  '/admin',
  '/business-admin',
  '/business-admin/team',
] as const;
export type ScreenPath = (typeof SCREEN_PATHS)[number];

/** Every translation namespace: one file per namespace under locales/<language>/. */
export const NAMESPACES = [
  'common',
  'nav',
  'screens',
  'guard',
  'errors',
  'validation',
  'account',
  'auth',
  'wallet',
  'transactions',
  'notifications',
  'activity',
  'qr',
  'tips',
  'nearby',
  'debts',
  'budgets',
  'goals',
  'investments',
  'invoices',
  'contacts',
  'profile',
  'dashboard',
  'analytics',
  'business',
  'assistant',
  'admin',
  'observatory',
  'ddf',
  'gamification',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE: Namespace = 'common';

/** Loaded at start; the others load with the first screen that asks for them. */
export const PRELOADED_NAMESPACES: readonly Namespace[] = ['common', 'nav', 'screens', 'guard', 'errors'];

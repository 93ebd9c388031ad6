import type { Guard } from '@ztart/shared/roles';
import { DDF_PRODUCTS } from '@ztart/shared/routes';
import {
  Activity,
  ArrowLeftRight,
  Bell,
  Bot,
  Briefcase,
  Building,
  ChartColumn,
  CirclePlay,
  ClipboardList,
  CreditCard,
  FileText,
  Gauge,
  HandCoins,
  HandHeart,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  PiggyBank,
  QrCode,
  Scale,
  Send,
  Settings,
  ShieldCheck,
  Target,
  Telescope,
  TrendingUp,
  User,
  UserCog,
  Users,
  Wallet,
} from 'lucide-react';
import type navCatalogue from '@/i18n/locales/en/nav.json';

export type NavGroupKey = keyof typeof navCatalogue.groups;
export type NavItemKey = keyof typeof navCatalogue.items;
export type BottomNavKey = keyof typeof navCatalogue.short;

export interface NavItem {
  key: NavItemKey;
  /** Where the item leads; may carry a query (`/auth?mode=demo`). */
  path: string;
  icon: LucideIcon;
  /** Shown only to users who may enter this guarded area. */
  guard?: Guard;
  /** A page outside the app's router (the light quick-tip page): the browser loads it anew. */
  reloadDocument?: boolean;
}

export interface NavGroup {
  key: NavGroupKey;
  items: readonly NavItem[];
}

/** The one definition of the app's navigation, used by the sidebar, the bottom bar and the More sheet. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    key: 'main',
    items: [
      { key: 'dashboard', path: '/', icon: LayoutDashboard },
      { key: 'wallet', path: '/wallet', icon: Wallet },
      { key: 'contacts', path: '/contacts', icon: Users },
      { key: 'debts', path: '/contacts/debts', icon: Scale },
      { key: 'qr', path: '/qr-codes', icon: QrCode },
      { key: 'quickTip', path: '/quick-tip', icon: HandCoins, reloadDocument: true },
    ],
  },
  {
    key: 'finance',
    items: [
      { key: 'transactions', path: '/transactions', icon: ArrowLeftRight },
      { key: 'tipsMe', path: '/tips-me', icon: HandHeart },
      { key: 'payments', path: '/payments', icon: Send },
      { key: 'paymentMethods', path: '/payment-methods', icon: CreditCard },
      { key: 'invoices', path: '/invoices', icon: FileText },
      { key: 'budget', path: '/budget', icon: PiggyBank },
      { key: 'goals', path: '/goals', icon: Target },
      { key: 'investments', path: '/investments', icon: TrendingUp },
      { key: 'analytics', path: '/analytics', icon: ChartColumn },
    ],
  },
  {
    key: 'social',
    items: [
      { key: 'nearbyUsers', path: '/nearby-users', icon: MapPin },
      { key: 'businesses', path: '/businesses', icon: Building },
      { key: 'activity', path: '/activity', icon: Activity },
    ],
  },
  {
    key: 'tools',
    items: [
      { key: 'ddf', path: `/${DDF_PRODUCTS[0]}-ddf`, icon: ClipboardList },
      { key: 'coherence', path: '/skiner-coherence', icon: Scale },
      { key: 'conversationalAgent', path: '/conversational-agent', icon: Bot },
      { key: 'observatory', path: '/observatory', icon: Telescope },
      { key: 'businessAdmin', path: '/business-admin', icon: Briefcase, guard: 'businessAdmin' },
      { key: 'metaDashboard', path: '/meta-dashboard', icon: Gauge, guard: 'metaDashboard' },
      { key: 'admin', path: '/admin', icon: ShieldCheck, guard: 'admin' },
    ],
  },
  {
    key: 'account',
    items: [
      { key: 'profile', path: '/profile', icon: User },
      { key: 'account', path: '/account', icon: UserCog },
      { key: 'settings', path: '/settings', icon: Settings },
      { key: 'notifications', path: '/notifications', icon: Bell },
    ],
  },
  {
    key: 'demo',
    items: [{ key: 'tryDemo', path: '/auth?mode=demo', icon: CirclePlay }],
  },
];

/** The four destinations of the phone's bottom bar; its fifth button opens the More sheet. */
export const BOTTOM_NAV_KEYS: readonly BottomNavKey[] = ['dashboard', 'wallet', 'qr', 'contacts'];

export function findNavItem(key: NavItemKey): NavItem {
  for (const group of NAV_GROUPS) {
    const item = group.items.find((candidate) => candidate.key === key);
    if (item) return item;
  }
  throw new Error(`Unknown navigation item: ${key}`);
}

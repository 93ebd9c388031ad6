import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { NavItem } from '@/app/layout/navigation';
import { cn } from '@/lib/cn';

const DDF_PATH = /^\/[a-z]+-ddf$/;

/** Whether the item leads to the screen at `pathname` (sub-pages count; every product sheet counts for DDF). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const itemPath = item.path.split('?')[0] ?? item.path;
  if (item.key === 'ddf') return DDF_PATH.test(pathname);
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/**
 * Whether the item is the current screen's among `items`: a sub-page that has an item of its own
 * (Debts, under Contacts) is that item's, so only one item of a list is current.
 */
export function isCurrentNavItem(item: NavItem, pathname: string, items: readonly NavItem[]): boolean {
  if (!isNavItemActive(item, pathname)) return false;
  return !items.some(
    (other) => other !== item && other.path.length > item.path.length && isNavItemActive(other, pathname),
  );
}

export function NavItemLink({
  item,
  siblings = [],
  onNavigate,
}: {
  item: NavItem;
  /** The other items of the same navigation: the most specific one that matches is current. */
  siblings?: readonly NavItem[];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const active = isCurrentNavItem(item, pathname, siblings);
  const Icon = item.icon;
  return (
    <Link
      to={item.path}
      reloadDocument={item.reloadDocument}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'group flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        active
          ? 'bg-accent text-accent-foreground'
          : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
      )}
    >
      <Icon aria-hidden="true" className={cn('size-[1.125rem] shrink-0', active && 'text-brand')} />
      <span className="truncate">{t(`items.${item.key}`)}</span>
    </Link>
  );
}

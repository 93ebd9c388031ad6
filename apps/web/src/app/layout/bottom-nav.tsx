import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MoreSheet } from '@/app/layout/more-sheet';
import { isNavItemActive } from '@/app/layout/nav-item-link';
import { BOTTOM_NAV_KEYS, findNavItem } from '@/app/layout/navigation';
import { cn } from '@/lib/cn';

const ITEM_CLASS =
  'flex min-h-14 flex-col items-center justify-center gap-1 rounded-lg px-1 text-[0.6875rem] font-medium leading-none ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';

/** Phone navigation: four main destinations and a More button for every other section. */
export function BottomNav() {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  const items = BOTTOM_NAV_KEYS.map((key) => ({ ...findNavItem(key), shortKey: key }));
  const anyActive = items.some((item) => isNavItemActive(item, pathname));

  return (
    <>
      <nav
        aria-label={t('bottomBarLabel')}
        className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:hidden"
      >
        <ul className="mx-auto grid max-w-lg grid-cols-5 gap-1 px-2 py-1">
          {items.map((item) => {
            const active = isNavItemActive(item, pathname);
            const Icon = item.icon;
            return (
              <li key={item.key}>
                <Link
                  to={item.path}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    ITEM_CLASS,
                    active ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  <span
                    className={cn(
                      'inline-flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                      active && 'bg-brand-soft text-brand-soft-foreground',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="max-w-full truncate">{t(`short.${item.shortKey}`)}</span>
                </Link>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen(true)}
              className={cn(
                ITEM_CLASS,
                'w-full',
                !anyActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <span
                className={cn(
                  'inline-flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                  !anyActive && 'bg-brand-soft text-brand-soft-foreground',
                )}
              >
                <Ellipsis aria-hidden="true" className="size-5" />
              </span>
              <span>{t('more')}</span>
            </button>
          </li>
        </ul>
      </nav>
      <MoreSheet open={moreOpen} onOpenChange={setMoreOpen} />
    </>
  );
}

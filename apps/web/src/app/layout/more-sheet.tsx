import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NavGroupsList } from '@/app/layout/nav-groups-list';
import { BOTTOM_NAV_KEYS } from '@/app/layout/navigation';
import { useNavGroups } from '@/app/layout/use-nav-groups';
import { Sheet } from '@/components/ui/sheet';

/** Every section that is not on the bottom bar, grouped as in the sidebar. */
export function MoreSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(['nav', 'common']);
  const { pathname } = useLocation();
  const groups = useNavGroups()
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => !(BOTTOM_NAV_KEYS as readonly string[]).includes(item.key)),
    }))
    .filter((group) => group.items.length > 0);

  // Close when the route changes (a link was followed, or the browser went back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => {
    onOpenChange(false);
  }, [pathname]);

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('nav:moreTitle')}
      closeLabel={t('common:actions.close')}
    >
      <nav aria-label={t('nav:moreTitle')} className="py-2">
        <NavGroupsList groups={groups} onNavigate={() => onOpenChange(false)} />
      </nav>
    </Sheet>
  );
}

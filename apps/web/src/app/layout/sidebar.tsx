import { useTranslation } from 'react-i18next';
import { BrandLink } from '@/app/layout/brand-link';
import { NavGroupsList } from '@/app/layout/nav-groups-list';
import { useNavGroups } from '@/app/layout/use-nav-groups';

/** Desktop navigation: every group of the spec, always visible. */
export function Sidebar() {
  const { t } = useTranslation('nav');
  const groups = useNavGroups();
  return (
    <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-card/40 lg:flex">
      <div className="flex h-16 shrink-0 items-center border-b px-4">
        <BrandLink />
      </div>
      <nav aria-label={t('sidebarLabel')} className="flex-1 overflow-y-auto px-3 py-4">
        <NavGroupsList groups={groups} />
      </nav>
    </aside>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavItemLink } from '@/app/layout/nav-item-link';
import type { NavGroup } from '@/app/layout/navigation';

/** Navigation groups as labelled lists (labels, not headings: the page's h1 stays the first heading). */
export function NavGroupsList({
  groups,
  onNavigate,
}: {
  groups: readonly NavGroup[];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('nav');
  const baseId = useId();
  const items = groups.flatMap((group) => group.items);
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => {
        const labelId = `${baseId}-${group.key}`;
        return (
          <div key={group.key} className="flex flex-col gap-1">
            <p
              id={labelId}
              className="px-3 text-xs font-medium tracking-wide text-muted-foreground uppercase"
            >
              {t(`groups.${group.key}`)}
            </p>
            <ul aria-labelledby={labelId} className="flex flex-col gap-0.5">
              {group.items.map((item) => (
                <li key={item.key}>
                  <NavItemLink item={item} siblings={items} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

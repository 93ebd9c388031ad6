import type { Category } from '@ztart/shared/contracts/transactions';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Colours a person can give a category: distinct on both themes, each with a name to read out. */
export const CATEGORY_PALETTE = [
  { name: 'green', hex: '#16a34a' },
  { name: 'blue', hex: '#2563eb' },
  { name: 'amber', hex: '#d97706' },
  { name: 'orange', hex: '#ea580c' },
  { name: 'pink', hex: '#db2777' },
  { name: 'cyan', hex: '#0891b2' },
  { name: 'violet', hex: '#7c3aed' },
  { name: 'red', hex: '#dc2626' },
  { name: 'slate', hex: '#64748b' },
] as const;
export type PaletteColor = (typeof CATEGORY_PALETTE)[number];

/** A category's name: the person's own, or a default one's translation while they have not renamed it. */
export function useCategoryName(): (category: Category) => string {
  const { t } = useTranslation('transactions');
  return useCallback(
    (category: Category) =>
      category.name ?? (category.key ? t(`categories.${category.key}`) : t('uncategorized')),
    [t],
  );
}

import { describe, expect, it } from 'vitest';
import { isCurrentNavItem } from '@/app/layout/nav-item-link';
import { findNavItem, NAV_GROUPS } from '@/app/layout/navigation';

const ITEMS = NAV_GROUPS.flatMap((group) => group.items);

describe('the current navigation item', () => {
  it('is Debts, not Contacts, on the debts page under Contacts', () => {
    expect(isCurrentNavItem(findNavItem('debts'), '/contacts/debts', ITEMS)).toBe(true);
    expect(isCurrentNavItem(findNavItem('contacts'), '/contacts/debts', ITEMS)).toBe(false);
  });

  it('is Contacts on the contacts page and its other sub-pages', () => {
    expect(isCurrentNavItem(findNavItem('contacts'), '/contacts', ITEMS)).toBe(true);
    expect(isCurrentNavItem(findNavItem('contacts'), '/contacts/groups', ITEMS)).toBe(true);
    expect(isCurrentNavItem(findNavItem('debts'), '/contacts', ITEMS)).toBe(false);
  });
});

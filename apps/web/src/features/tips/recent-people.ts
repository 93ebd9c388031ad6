import type { Transaction } from '@ztart/shared/contracts/transactions';

/** Someone the person moved money with lately, who can be tipped (they have a ztartag). */
export interface RecentPerson {
  ztartag: string;
  displayName: string;
}

/** How many recent people the recipient picker offers. */
export const RECENT_PEOPLE_MAX = 6;

/**
 * The people of the newest transactions first, each once, without the person themselves and
 * without those who have no ztartag (a tip goes to a ztartag).
 */
export function recentPeopleOf(
  transactions: readonly Transaction[],
  ownZtartag: string | null,
  max: number = RECENT_PEOPLE_MAX,
): RecentPerson[] {
  const people: RecentPerson[] = [];
  const seen = new Set<string>();
  for (const { counterparty } of transactions) {
    const tag = counterparty?.ztartag;
    if (!tag || tag === ownZtartag || seen.has(tag)) continue;
    seen.add(tag);
    people.push({ ztartag: tag, displayName: counterparty.displayName });
    if (people.length === max) break;
  }
  return people;
}

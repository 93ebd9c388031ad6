import { QUICK_TIP_PRESETS_MINOR, type QuickTipProfile } from '@ztart/shared/contracts/qr-codes';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import type { AppDatabase } from '../../db/client.ts';
import { isAppError } from '../../http/errors.ts';
import { brandingOfAccount } from '../businesses/service.ts';
import { balances } from '../ledger/service.ts';
import { notFoundFor, resolveRecipient } from '../profiles/people.ts';

/** Tips to someone who holds no money yet are asked in this currency. */
export const DEFAULT_TIP_CURRENCY: Currency = 'USD';

/**
 * `GET /api/public/profiles/{ztartag}`: what the quick-tip page shows of a receiver. Only what the
 * receiver shows everyone (tag, name, photo, verified badge) plus the page's amounts: no email,
 * phone, id or balance. Unknown or deleted → 404 `recipient_user_not_found`, and so is a business
 * that takes no tips now (suspended, closed, or its owner's plan lapsed), as paying it would be.
 */
export async function quickTipProfileOf(db: AppDatabase, ztartag: string): Promise<QuickTipProfile> {
  const receiver = await resolveRecipient(db, ztartag);
  // A business's tag: its tips go into its wallet, in its currency, under its branding.
  const business = await brandingOfAccount(db, receiver.userId);
  if (business && !business.open) throw notFoundFor(ztartag);
  // A business's minimum tip (in its currency, the page's) raises the page's smallest amount.
  const minMinor = Math.max(AMOUNT_LIMITS.quickTipMinMinor, business?.branding.minimumTipMinor ?? 0);
  const presetsMinor = QUICK_TIP_PRESETS_MINOR.filter((preset) => preset >= minMinor);
  return {
    ztartag: receiver.ztartag ?? ztartag,
    fullName: receiver.fullName,
    avatarUrl: receiver.avatarUrl,
    verified: receiver.verified,
    currency: business?.currency ?? (await tipCurrencyOf(db, receiver.userId)),
    minMinor,
    maxMinor: AMOUNT_LIMITS.quickTipMaxMinor,
    presetsMinor: presetsMinor.length > 0 ? presetsMinor : [minMinor],
    ...(business ? { business: business.branding } : {}),
  };
}

/** quickTipProfileOf, or null when nobody has that ztartag (the quick-tip page's not-found state). */
export async function findQuickTipProfile(db: AppDatabase, ztartag: string): Promise<QuickTipProfile | null> {
  try {
    return await quickTipProfileOf(db, ztartag);
  } catch (error) {
    if (isAppError(error) && error.code === 'recipient_user_not_found') return null;
    throw error;
  }
}

/**
 * The currency a receiver is tipped in: the one their wallet holds most of (available + pending,
 * compared as whole numbers of minor units; ties go to the first in CURRENCIES), USD when empty.
 */
export async function tipCurrencyOf(db: AppDatabase, userId: string): Promise<Currency> {
  const heldMinor = new Map<string, number>();
  for (const account of await balances(db, userId)) {
    if (account.kind !== 'wallet_available' && account.kind !== 'wallet_pending') continue;
    heldMinor.set(account.currency, (heldMinor.get(account.currency) ?? 0) + account.balanceMinor);
  }
  let best: Currency = DEFAULT_TIP_CURRENCY;
  let bestMinor = 0;
  for (const currency of CURRENCIES) {
    const held = heldMinor.get(currency) ?? 0;
    if (held > bestMinor) {
      best = currency;
      bestMinor = held;
    }
  }
  return best;
}

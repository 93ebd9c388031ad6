import { expect, type Locator, type Page } from '@playwright/test';
import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import { type Currency, formatMoney } from '@ztart/shared/money';
import { en } from './catalog.ts';

/** The sandbox processor's test cards. */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  /** Refused by its bank at the zero-amount check (so never saved) and at every charge. */
  declined: '4000 0000 0000 0002',
  /** Passes the check when it is saved; every later charge is declined. */
  declinedAfterVerification: '4000 0000 0000 1117',
} as const;

/** Settling a card payment takes the server's settlement delay plus a busy machine's slack. */
export const SETTLEMENT_TIMEOUT_MS = 15_000;

/** An amount as the app shows it to an English-speaking person: `money(1234)` → "$12.34". */
export function money(amountMinor: number, currency: Currency = 'USD'): string {
  return formatMoney(amountMinor, currency, 'en');
}

/** A card's expiry three years from now, as typed in the form ("08/29"). */
export function futureExpiry(): string {
  const date = new Date();
  return `${String(date.getMonth() + 1).padStart(2, '0')}/${String((date.getFullYear() + 3) % 100).padStart(2, '0')}`;
}

/** The person's balance in one currency, read from the API with the page's own session. */
export async function balanceOf(
  page: Page,
  currency: Currency = 'USD',
): Promise<{ availableMinor: number; pendingMinor: number; totalMinor: number }> {
  const response = await page.request.get('/api/wallet');
  expect(response.ok()).toBe(true);
  const wallet = (await response.json()) as WalletResponse;
  const balance = wallet.balances.find((entry) => entry.currency === currency);
  return {
    availableMinor: balance?.availableMinor ?? 0,
    pendingMinor: balance?.pendingMinor ?? 0,
    totalMinor: balance?.totalMinor ?? 0,
  };
}

/** The balance card of one currency on /wallet: its total, available and pending figures. */
export function balanceCard(page: Page, currency: Currency = 'USD') {
  const card = page
    .getByRole('region', { name: en('wallet', 'balance.label') })
    .locator(':scope > *')
    .filter({ has: page.getByRole('heading', { name: en('wallet', 'balance.title', { currency }) }) });
  const figure = (label: string): Locator =>
    card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  return {
    total: card.locator(':scope > p'),
    available: figure(en('wallet', 'balance.available')),
    pending: figure(en('wallet', 'balance.pending')),
  };
}

/** Adds a card on /payment-methods through its form, and waits for it in the list. */
/** Opens the add-card dialog on /payment-methods, fills it in and sends it; returns the dialog. */
export async function submitCard(page: Page, number: string, holder: string): Promise<Locator> {
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: en('wallet', 'cards.add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en('wallet', 'cards.addTitle') });
  await dialog.getByLabel(en('wallet', 'cards.number'), { exact: true }).fill(number);
  await dialog.getByLabel(en('wallet', 'cards.expiry'), { exact: true }).fill(futureExpiry());
  await dialog.getByLabel(en('wallet', 'cards.cvc'), { exact: true }).fill('123');
  await dialog.getByLabel(en('wallet', 'cards.holder'), { exact: true }).fill(holder);
  await dialog.getByLabel(en('wallet', 'cards.line1'), { exact: true }).fill('1 Market Street');
  await dialog.getByLabel(en('wallet', 'cards.city'), { exact: true }).fill('San Francisco');
  await dialog.getByLabel(en('wallet', 'cards.postalCode'), { exact: true }).fill('94105');
  await dialog.getByRole('button', { name: en('wallet', 'cards.add'), exact: true }).click();
  return dialog;
}

export async function addCard(page: Page, number: string, holder: string): Promise<void> {
  await submitCard(page, number, holder);
  await expect(page.getByText(en('wallet', 'methods.cardAdded'), { exact: true })).toBeVisible();
  const last4 = number.replace(/\D/g, '').slice(-4);
  await expect(
    page.getByText(en('wallet', 'methods.cardName', { brand: 'Visa', last4 }), { exact: true }),
  ).toBeVisible();
}

/** A state-changing API call with the page's session, as the app makes it (CSRF header from its cookie). */
async function postAsPage(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const response = await page.request.post(path, { data, headers: { 'X-CSRF-Token': csrf, ...headers } });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return response.json() as Promise<{ id?: string; transaction?: { id: string } }>;
}

/** A card that succeeds, added for the signed-in person through the API; answers its id. */
async function addTestCard(page: Page, holder: string): Promise<string> {
  const [month, year] = futureExpiry().split('/');
  const card = await postAsPage(page, '/api/payment-methods', {
    type: 'card',
    number: TEST_CARDS.succeeds,
    expMonth: Number(month),
    expYear: 2000 + Number(year),
    cvc: '123',
    cardholderName: holder,
    billingAddress: { line1: '1 Market Street', city: 'San Francisco', postalCode: '94105', country: 'US' },
  });
  return card.id ?? '';
}

/**
 * Deposits `amountMinor` USD from the card and waits until that deposit has settled. It waits on
 * the deposit itself, not on the balance: other journeys may pay or tip the same demo person meanwhile.
 */
async function depositAndSettle(page: Page, cardId: string, amountMinor: number): Promise<void> {
  const deposit = await postAsPage(
    page,
    '/api/wallet/deposits',
    { paymentMethodId: cardId, amountMinor, currency: 'USD' },
    { 'Idempotency-Key': `fund-${Date.now()}-${Math.random()}` },
  );
  const id = deposit.transaction?.id ?? '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/transactions/${id}`);
        return response.ok() ? ((await response.json()) as { status: string }).status : response.status();
      },
      { timeout: SETTLEMENT_TIMEOUT_MS },
    )
    .toBe('completed');
}

/**
 * Gives the signed-in person a card that succeeds, a bank account and `amountMinor` in their
 * USD wallet (a card deposit, waited for until it settles): the setup of journeys about other things.
 */
export async function fundWallet(page: Page, amountMinor: number, holder: string): Promise<void> {
  const cardId = await addTestCard(page, holder);
  await postAsPage(page, '/api/payment-methods', {
    type: 'bank_account',
    holderName: holder,
    iban: 'GB82 WEST 1234 5698 7654 32',
  });
  await depositAndSettle(page, cardId, amountMinor);
}

/**
 * Puts `amountMinor` more in the signed-in person's USD wallet with a card deposit (no bank
 * account): for a demo person whom several journeys fund, each with a card of its own.
 */
export async function fundAtLeast(page: Page, amountMinor: number, holder: string): Promise<void> {
  await depositAndSettle(page, await addTestCard(page, holder), amountMinor);
}

/**
 * Takes the README's screenshots from a running app (default http://localhost:3000):
 *   npm start            # in one terminal
 *   npm run screenshots  # in another
 */
import { mkdirSync } from 'node:fs';
import { type BrowserContext, chromium } from '@playwright/test';

const baseUrl = process.env.APP_URL ?? 'http://localhost:3000';
const outDir = new URL('../docs/screenshots/', import.meta.url);

/** `as`: a seeded demo person to sign in as first (password ztart-demo-2026). */
const SHOTS = [
  { name: 'dashboard-desktop-light', path: '/', width: 1280, height: 800, theme: 'light', language: 'en' },
  {
    name: 'wallet-phone-dark',
    path: '/wallet',
    width: 360,
    height: 740,
    theme: 'dark',
    language: 'en',
    as: 'maria.santos@example.com',
  },
  {
    name: 'quick-tip-phone-light',
    path: '/quick-tip?to=leo_guitar',
    width: 360,
    height: 740,
    theme: 'light',
    language: 'en',
  },
  {
    name: 'transactions-desktop-fr',
    path: '/transactions',
    width: 1280,
    height: 800,
    theme: 'light',
    language: 'fr',
    as: 'maria.santos@example.com',
  },
  {
    name: 'qr-codes-phone-pt',
    path: '/qr-codes',
    width: 360,
    height: 740,
    theme: 'dark',
    language: 'pt',
    as: 'maria.santos@example.com',
  },
  { name: 'account-phone-es', path: '/settings', width: 360, height: 740, theme: 'light', language: 'es' },
  {
    name: 'analytics-desktop-dark',
    path: '/analytics?period=last3Months',
    width: 1280,
    height: 800,
    theme: 'dark',
    language: 'en',
    as: 'maria.santos@example.com',
  },
  {
    name: 'achievements-phone-light',
    path: '/achievements',
    width: 360,
    height: 740,
    theme: 'light',
    language: 'en',
    as: 'maria.santos@example.com',
  },
  {
    name: 'businesses-desktop-es',
    path: '/businesses',
    width: 1280,
    height: 800,
    theme: 'light',
    language: 'es',
    as: 'maria.santos@example.com',
  },
  {
    name: 'assistant-phone-dark',
    path: '/conversational-agent',
    width: 360,
    height: 740,
    theme: 'dark',
    language: 'fr',
    as: 'maria.santos@example.com',
  },
] as const;

/**
 * Signs a demo person in through the API and, the first time, gives their wallet a history made
 * the way a person would: a test card, a deposit and a transfer (the sandbox card processor).
 */
async function signInWithHistory(context: BrowserContext, email: string): Promise<void> {
  const request = context.request;
  const signIn = await request.post(new URL('/api/auth/sign-in', baseUrl).href, {
    data: { email, password: 'ztart-demo-2026' },
  });
  if (!signIn.ok()) throw new Error(`sign-in as ${email} failed: ${signIn.status()}`);
  const csrf = (await context.cookies(baseUrl)).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const headers = { 'x-csrf-token': csrf };
  const api = (path: string) => new URL(path, baseUrl).href;
  const transactions = await (await request.get(api('/api/transactions?limit=1'), { headers })).json();
  if (transactions.items.length > 0) return;
  const card = await (
    await request.post(api('/api/payment-methods'), {
      headers,
      data: {
        type: 'card',
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
        cardholderName: 'Maria Santos',
        billingAddress: { line1: 'Rua Augusta 100', city: 'Lisboa', postalCode: '1100-053', country: 'PT' },
      },
    })
  ).json();
  const money = async (path: string, data: Record<string, unknown>) => {
    const answer = await request.post(api(path), {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data,
    });
    if (!answer.ok()) throw new Error(`${path} failed: ${answer.status()} ${await answer.text()}`);
  };
  await money('/api/wallet/deposits', { paymentMethodId: card.id, amountMinor: 12_000, currency: 'USD' });
  await money('/api/wallet/deposits', { paymentMethodId: card.id, amountMinor: 4_550, currency: 'USD' });
  // The first deposit settles after CARD_SETTLEMENT_DELAY_MS; the transfer needs the money available.
  for (let tries = 0; tries < 60; tries++) {
    const wallet = await (await request.get(api('/api/wallet'), { headers })).json();
    const usd = wallet.balances.find((balance: { currency: string }) => balance.currency === 'USD');
    if (usd.availableMinor >= 12_000) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await money('/api/transfers', {
    recipient: '@leo_guitar',
    amountMinor: 1_850,
    currency: 'USD',
    note: 'Concert tickets',
  });
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const shot of SHOTS) {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: 2,
    colorScheme: shot.theme,
    locale: shot.language,
  });
  if ('as' in shot) await signInWithHistory(context, shot.as);
  const page = await context.newPage();
  await page.goto(new URL(shot.path, baseUrl).href);
  await page.getByTestId('screen-title').waitFor();
  // The screen's data and charts arrive after its title: a moment for them (no test waits on this).
  await page.waitForTimeout(2_000);
  await page.screenshot({ path: new URL(`${shot.name}.png`, outDir).pathname });
  await context.close();
  console.log(`docs/screenshots/${shot.name}.png`);
}
await browser.close();

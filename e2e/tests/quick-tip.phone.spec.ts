import { expect, test } from '@playwright/test';
import { money, SETTLEMENT_TIMEOUT_MS, TEST_CARDS } from './support/money.ts';
import { DEMO_PEOPLE } from './support/people.ts';
import { confirmTip, fillTipCard, qt } from './support/quick-tip.ts';

// A stranger's phone (Pixel 7), with no account, on a receiver's tip link.
test.beforeEach(async ({ page }) => {
  await page.goto(`/quick-tip?to=${DEMO_PEOPLE.maria.ztartag}`);
  await expect(page.getByTestId('tip-form')).toBeVisible();
});

test('a declined card: the message is on the screen with focus on it, and only the security code is asked again', async ({
  page,
}) => {
  await page.getByTestId('preset-500').click();
  await page.getByLabel(qt('message.label'), { exact: true }).fill('For the band');
  await fillTipCard(page, TEST_CARDS.declined, 'Declined Tester');
  await confirmTip(page, money(500));

  const problem = page.getByTestId('card-problem');
  await expect(problem).toContainText(qt('error.card_declined'));
  await expect(problem).toBeFocused();
  await expect(problem).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('done-step')).toHaveCount(0);

  const card = page.getByTestId('card-fields');
  await expect(card.getByLabel(qt('card.number'), { exact: true })).toHaveValue(TEST_CARDS.declined);
  await expect(card.getByLabel(qt('card.name'), { exact: true })).toHaveValue('Declined Tester');
  await expect(card.getByLabel(qt('card.cvc'), { exact: true })).toHaveValue('');
  await expect(page.getByLabel(qt('message.label'), { exact: true })).toHaveValue('For the band');
  await expect(page.getByTestId('preset-500').getByRole('radio')).toBeChecked();

  // Another card, the rest as it was: the tip goes through.
  await card.getByLabel(qt('card.number'), { exact: true }).fill(TEST_CARDS.succeeds);
  await card.getByLabel(qt('card.cvc'), { exact: true }).fill('123');
  await confirmTip(page, money(500));
  await expect(page.getByTestId('done-step')).toBeVisible();
});

test('the receipt of a card tip turns completed by itself once the card settles', async ({ page }) => {
  await page.getByTestId('preset-200').click();
  await fillTipCard(page, TEST_CARDS.succeeds, 'Patient Tipper');
  await confirmTip(page, money(200));

  const done = page.getByTestId('done-step');
  await expect(done.getByTestId('receipt-status')).toHaveText(qt('done.statusPending'));
  await expect(done.getByRole('heading', { level: 2 })).toHaveText(qt('done.pendingTitle'));
  // No reload, no click: the page asks the server until the processor has settled the charge.
  await expect(done.getByTestId('receipt-status')).toHaveText(qt('done.statusCompleted'), {
    timeout: SETTLEMENT_TIMEOUT_MS,
  });
  await expect(done.getByRole('heading', { level: 2 })).toHaveText(qt('done.completedTitle'));
});

test.describe('with scripts turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the page arrives rendered: the receiver, the amounts and the form are there before any script', async ({
    page,
  }) => {
    // (beforeEach has already waited for the form: without scripts, only the server can have drawn it.)
    await expect(page.getByTestId('receiver')).toContainText(`@${DEMO_PEOPLE.maria.ztartag}`);
    await expect(page.getByTestId('preset-500')).toHaveText(money(500));
    await expect(page.getByLabel(qt('card.number'), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: qt('form.continue') })).toBeVisible();
    await expect(page).toHaveTitle(/Maria/);
  });
});

test('the rendered page is hydrated, not drawn again, and a tip goes through it', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Keeps the form the server sent, as the HTML parser made it, before the page's script runs.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { serverForm?: Element | null }).serverForm =
        document.querySelector('[data-testid="tip-form"]');
    });
  });
  await page.goto(`/quick-tip?to=${DEMO_PEOPLE.maria.ztartag}`);

  await page.getByTestId('preset-1000').click();
  await expect(page.getByTestId('preset-1000').getByRole('radio')).toBeChecked();
  const sameForm = await page.evaluate(() => {
    const kept = (window as unknown as { serverForm?: Element | null }).serverForm;
    return Boolean(kept?.isConnected) && kept === document.querySelector('[data-testid="tip-form"]');
  });
  expect(sameForm).toBe(true);

  await fillTipCard(page, TEST_CARDS.succeeds, 'Hydrated Tipper');
  await confirmTip(page, money(1000));
  await expect(page.getByTestId('done-step')).toBeVisible();
  expect(problems).toEqual([]);
});

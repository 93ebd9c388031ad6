import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { balanceOf, fundWallet, money } from './support/money.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn } from './support/people.ts';

async function expectNoSevereViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious or critical violations',
  ).toEqual([]);
}

test('on a phone, a signed-in person tips from the navigation by choosing a recipient, from the balance', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const receiver = DEMO_PEOPLE.claire.ztartag;
  await signIn(page, DEMO_PEOPLE.ada.email, DEMO_PASSWORD);
  await fundWallet(page, 1000, 'Ada Admin');
  const before = await balanceOf(page);

  // "Quick tip" in the navigation opens inside the app: the app's navigation stays.
  await page.goto('/');
  const bottomBar = page.getByRole('navigation', { name: en('nav', 'bottomBarLabel') });
  await bottomBar.getByRole('button', { name: en('nav', 'more') }).click();
  await page
    .getByRole('dialog', { name: en('nav', 'moreTitle') })
    .getByRole('link', { name: en('nav', 'items.quickTip') })
    .click();
  await expect(page).toHaveURL(/\/quick-tip\/send$/);
  await expect(page.getByTestId('screen-title')).toHaveText(en('screens', 'quickTip.title'));
  await expect(bottomBar).toBeVisible();
  await expect(page.getByRole('heading', { name: en('tips', 'send.pickTitle') })).toBeVisible();
  await expect(page.getByRole('button', { name: en('tips', 'send.scan') })).toBeVisible();
  await expectNoSevereViolations(page);

  // Choose the recipient by their ztartag.
  await page.getByLabel(en('wallet', 'send.recipient'), { exact: true }).fill(receiver);
  await page.getByRole('button', { name: en('tips', 'send.choose', { name: `@${receiver}` }) }).click();

  // The balance covers the preset: it is offered first, the card second.
  await expect(
    page.getByText(en('tips', 'send.fromBalance', { amount: money(before.availableMinor) })),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: money(500) })).toBeChecked();
  await expect(page.getByRole('link', { name: en('tips', 'send.payByCardInstead') })).toBeVisible();
  await expectNoSevereViolations(page);
  await page.getByRole('button', { name: en('wallet', 'actions.continue') }).click();

  // Nothing moves before the confirmation.
  await expect(page.getByRole('heading', { name: en('tips', 'send.confirmTitle') })).toBeFocused();
  expect((await balanceOf(page)).availableMinor).toBe(before.availableMinor);
  await page.getByRole('button', { name: en('tips', 'send.confirmAction', { amount: money(500) }) }).click();

  // The receipt: completed, from the balance, once.
  await expect(
    page.getByRole('heading', { name: en('tips', 'send.doneTitle', { name: `@${receiver}` }) }),
  ).toBeFocused();
  await expect(page.getByTestId('tip-status')).toContainText(en('tips', 'status.completed'));
  expect((await balanceOf(page)).availableMinor).toBe(before.availableMinor - 500);
  await expectNoSevereViolations(page);
});

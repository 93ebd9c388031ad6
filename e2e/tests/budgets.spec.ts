import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { Notification } from '@ztart/shared/contracts/notifications';
import { expectNoSevereAxeIssueInEachTheme } from './support/axe.ts';
import { en } from './support/catalog.ts';
import { fundAtLeast, money } from './support/money.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn, uniqueSuffix } from './support/people.ts';

const b = (key: string, values?: Record<string, string>) => en('budgets', key, values);

/** A state-changing API call with the page's session, as the app makes it. */
async function send(page: Page, method: 'POST' | 'PATCH', path: string, data: unknown, headers = {}) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { 'X-CSRF-Token': csrf, ...headers },
  });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return response.json();
}

/** "May 2026": the month as the page names it, in UTC as the page reads a calendar month. */
function monthName(at: Date, monthsLater = 0): string {
  const date = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + monthsLater, 1));
  return new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

test('a budget of 100.00 on a category: spending 85.00 into it shows 85 % and raises the 80 % alert once; next month copies it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Sign-ups are few per hour: a seeded person, with a category of this run's own so that no
  // other journey's spending reaches the budget.
  await signIn(page, DEMO_PEOPLE.sam.email, DEMO_PASSWORD);
  await fundAtLeast(page, 100_00, 'Sam Okafor');
  const categoryName = `Groceries ${uniqueSuffix()}`;
  const category = (await send(page, 'POST', '/api/categories', { name: categoryName })) as { id: string };
  const now = new Date();
  // The demo person's months are UTC's: right at a month's turn, the journey would straddle two.
  test.skip(now.getUTCDate() === 1 && now.getUTCHours() === 0 && now.getUTCMinutes() < 5, 'month turning');

  // A budget of 100.00 on the category, set on the page.
  await page.goto('/budget');
  // The first screen of the run loads its code: a busy machine may take a while.
  await expect(page.getByTestId('budget-month')).toHaveText(monthName(now), { timeout: 30_000 });
  await page
    .getByRole('button', { name: b('actions.add') })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: b('form.titleNew') });
  await form.getByLabel(b('form.category')).selectOption({ label: categoryName });
  await form.getByLabel(b('form.amount')).fill('100.00');
  await form.getByRole('button', { name: b('actions.create') }).click();
  await expect(page.getByText(b('form.created'))).toBeVisible();
  const card = page.getByTestId('budget-card').filter({ hasText: categoryName });
  await expect(card.getByText(b('card.spentOf', { spent: money(0), limit: money(100_00) }))).toBeVisible();
  const budgets = (await (await page.request.get('/api/budgets')).json()) as {
    items: { id: string; categoryId: string }[];
  };
  const budgetId = budgets.items.find((item) => item.categoryId === category.id)?.id;
  expect(budgetId).toBeTruthy();

  // 45.00 and 40.00 sent to Claire, each filed under the category on its transaction's page.
  const notificationsBefore = await budgetAlerts(page, budgetId!);
  expect(notificationsBefore).toEqual([]);
  for (const amountMinor of [45_00, 40_00]) {
    const transfer = await send(
      page,
      'POST',
      '/api/transfers',
      { recipient: DEMO_PEOPLE.claire.ztartag, amountMinor, currency: 'USD' },
      { 'Idempotency-Key': randomUUID() },
    );
    await page.goto(`/transactions/${transfer.transaction.id}`);
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && response.url().endsWith(transfer.transaction.id),
    );
    await page.getByLabel(en('transactions', 'detail.category')).selectOption({ label: categoryName });
    expect((await saved).ok()).toBe(true);
    // Only one toast shows at a time: the budget alert, when it comes, may take this one's place.
    if (amountMinor === 45_00) {
      await expect(page.getByText(en('transactions', 'detail.categoryChanged'))).toBeVisible();
    }
  }
  // The alert is raised once the spend is filed under the category (after the change commits).
  await expect.poll(async () => (await budgetAlerts(page, budgetId!)).length).toBe(1);

  await page.goto('/budget');
  await expect(
    card.getByText(b('card.spentOf', { spent: money(85_00), limit: money(100_00) })),
  ).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '85');
  await expect(card.getByText(b('card.percent', { percent: '85' }))).toBeVisible();
  await expect(card.getByText(b('standing.near'))).toBeVisible();
  await expect(card.getByText(b('card.under', { amount: money(15_00) }))).toBeVisible();
  await expectNoSevereAxeIssueInEachTheme(page, 'the budgets with progress bars');
  await page.emulateMedia({ colorScheme: 'light' });

  // Exactly one alert, at 80 %: the bell counts it, the notification centre shows it unread, and
  // reading it there marks it read.
  const alerts = await budgetAlerts(page, budgetId!);
  expect(alerts.map((alert) => [alert.data.percent, alert.data.spentMinor, alert.readAt])).toEqual([
    [80, 85_00, null],
  ]);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).not.toHaveAccessibleName(en('nav', 'bell.none'));
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  // The alert names the budget's category: this run's own.
  const words = en('wallet', 'live.budgetNear', {
    percent: '80',
    amount: money(100_00),
    category: categoryName,
  });
  const alert = page.getByTestId('notification').filter({ hasText: words }).first();
  await expect(alert).toHaveAttribute('data-unread', 'true');
  await alert
    .getByRole('button', { name: en('notifications', 'actions.markReadOne', { title: words }) })
    .click();
  await expect(alert).not.toHaveAttribute('data-unread');
  expect((await budgetAlerts(page, budgetId!))[0]!.readAt).not.toBeNull();
  await page.goto('/budget');
  await expect(page.getByTestId('budget-month')).toHaveText(monthName(now), { timeout: 30_000 });

  // Next month starts empty; copying this month's brings the limit with nothing spent.
  await page.getByRole('button', { name: b('month.nextNamed', { month: monthName(now, 1) }) }).click();
  await expect(page.getByTestId('budget-month')).toHaveText(monthName(now, 1));
  await expect(page.getByTestId('budgets-empty')).toBeVisible();
  await page
    .getByTestId('budgets-empty')
    .getByRole('button', { name: b('actions.copyFrom', { month: monthName(now) }) })
    .click();
  const copied = page.getByTestId('budget-card').filter({ hasText: categoryName });
  await expect(copied.getByText(b('card.spentOf', { spent: money(0), limit: money(100_00) }))).toBeVisible();

  // Deleting asks first.
  await copied.getByRole('button', { name: b('actions.deleteNamed', { name: categoryName }) }).click();
  const confirm = page.getByRole('dialog', { name: b('delete.title') });
  await confirm.getByRole('button', { name: b('actions.delete') }).click();
  await expect(page.getByText(b('delete.done'))).toBeVisible();
  await expect(page.getByTestId('budgets-empty')).toBeVisible();
});

/** The budget alerts of one budget, oldest first. */
async function budgetAlerts(page: Page, budgetId: string): Promise<Notification[]> {
  const response = await page.request.get('/api/notifications?limit=100');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: Notification[] };
  return items.filter((item) => item.event === 'budget_alert' && item.data.budgetId === budgetId).reverse();
}

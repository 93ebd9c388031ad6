import { expect, type Page, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { callAsPage } from './support/contacts.ts';
import { fundAtLeast, money, SETTLEMENT_TIMEOUT_MS } from './support/money.ts';
import { signUpNewPerson } from './support/people.ts';

const bellOf = (page: Page) => page.getByTestId('notification-bell');
const bellSays = (count: number) =>
  count === 0
    ? en('nav', 'bell.none')
    : en('nav', count === 1 ? 'bell.unread_one' : 'bell.unread_other', { count: String(count) });

// A new person of their own: turning a type off must not quiet the demo people other journeys use.
test('a notification arrives live, the bell counts it on every page, reading it lowers the count; a type turned off brings none', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signUpNewPerson(page, request, 'bell');
  // The first deposit also unlocks an achievement; with that type off, the bell counts the deposit alone.
  const quiet = await callAsPage(page, 'PUT', '/api/notification-preferences', {
    items: [{ type: 'achievement', inApp: false }],
  });
  expect(quiet.ok()).toBe(true);
  await page.goto('/wallet');
  await expect(bellOf(page)).toHaveAccessibleName(bellSays(0));
  // A second page of the same person: it hears of the notification, and of its reading.
  const other = await page.context().newPage();
  await other.goto('/transactions');
  await expect(bellOf(other)).toHaveAccessibleName(bellSays(0));

  // A card deposit settles a few seconds later: its notification comes over the live stream.
  await fundAtLeast(page, 2_500, 'Bell Journey');
  await expect(bellOf(page)).toHaveAccessibleName(bellSays(1), { timeout: SETTLEMENT_TIMEOUT_MS });
  await expect(bellOf(other)).toHaveAccessibleName(bellSays(1));

  await bellOf(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const words = en('wallet', 'live.depositCompleted', { amount: money(2_500) });
  const item = page.getByTestId('notification').filter({ hasText: words });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(page.getByText(en('notifications', 'unreadSummary_one', { count: '1' }))).toBeVisible();

  // Filtered to reminders, there is nothing; to transfers, the deposit.
  await page.getByLabel(en('notifications', 'filters.type')).selectOption('reminder');
  await expect(page.getByText(en('notifications', 'empty.filteredTitle'))).toBeVisible();
  await page.getByLabel(en('notifications', 'filters.type')).selectOption('transfer');
  await expect(item).toBeVisible();

  await item
    .getByRole('button', { name: en('notifications', 'actions.markReadOne', { title: words }) })
    .click();
  await expect(item).not.toHaveAttribute('data-unread');
  await expect(bellOf(page)).toHaveAccessibleName(bellSays(0));
  // Read here, the other page's bell falls too.
  await expect(bellOf(other)).toHaveAccessibleName(bellSays(0));

  // The notification leads to the deposit it tells of.
  await item.getByRole('link', { name: words }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);

  // Transfers turned off: the next deposit arrives, without a notification.
  await page.goto('/account?tab=notifications');
  const transfers = page.getByLabel(en('account', 'notificationPreferences.types.transfer.label'));
  await expect(transfers).toBeChecked();
  // The switch follows the saved preference: it turns off once the server has it.
  await transfers.click();
  await expect(transfers).not.toBeChecked();
  await expect(page.getByText(en('account', 'notificationPreferences.saved'))).toBeVisible();
  await page.reload();
  await expect(transfers).not.toBeChecked();

  await fundAtLeast(page, 1_000, 'Bell Journey');
  await other.goto('/notifications');
  await expect(other.getByTestId('notification')).toHaveCount(1);
  await expect(other.getByText(en('wallet', 'live.depositCompleted', { amount: money(1_000) }))).toHaveCount(
    0,
  );
  await expect(bellOf(other)).toHaveAccessibleName(bellSays(0));
  await expect(bellOf(page)).toHaveAccessibleName(bellSays(0));

  // The activity page has the money and the sign-in of this journey.
  await page.goto('/activity');
  await expect(page.getByText(en('activity', 'actions.sign_in')).first()).toBeVisible();
  await page.getByLabel(en('activity', 'filter')).selectOption('money');
  await expect(page.getByTestId('transaction-row')).toHaveCount(2);
  await expect(page.getByTestId('activity-item')).toHaveCount(0);
});

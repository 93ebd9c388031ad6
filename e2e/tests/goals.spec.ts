import { expect, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { en } from './support/catalog.ts';
import { balanceCard, balanceOf, fundWallet, money } from './support/money.ts';
import { signUpNewPerson } from './support/people.ts';

test('a new person deposits, creates a goal of 200.00 and adds 50.00: the available balance falls by exactly 50.00 and the goal is at 25 %', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signUpNewPerson(page, request, 'saver');
  await fundWallet(page, 30_000, 'Goal Saver');

  // No goal yet: the empty state says how to start.
  await page.goto('/goals');
  await expect(page.getByTestId('screen-title')).toHaveText(en('goals', 'title'));
  const empty = page.getByTestId('goals-empty');
  await expect(empty).toContainText(en('goals', 'list.emptyTitle'));
  await empty.getByRole('button', { name: en('goals', 'list.emptyAction') }).click();

  const form = page.getByRole('dialog', { name: en('goals', 'form.createTitle') });
  await form.getByLabel(en('goals', 'form.name'), { exact: true }).fill('New bike');
  await form.getByLabel(new RegExp(`^${en('goals', 'form.target')}`)).fill('200.00');
  await form.getByRole('button', { name: en('goals', 'actions.create') }).click();
  await expect(page.getByText(en('goals', 'form.created'))).toBeVisible();
  await expect(form).toBeHidden();

  const card = page.getByTestId('goal-card').filter({ hasText: 'New bike' });
  const bar = card.getByRole('progressbar', {
    name: en('goals', 'card.progressLabel', { name: 'New bike' }),
  });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  const before = await balanceOf(page);
  expect(before.availableMinor).toBe(30_000);

  // Adding money: the amount, then a confirmation of where it goes and what the goal holds after.
  await card.getByRole('button', { name: en('goals', 'actions.add') }).click();
  const move = page.getByRole('dialog', { name: en('goals', 'move.addTitle', { name: 'New bike' }) });
  await expect(move.getByText(en('goals', 'move.addHint', { available: money(30_000) }))).toBeVisible();
  await move.getByLabel(new RegExp(`^${en('goals', 'move.amount')}`)).fill('50.00');
  await move.getByRole('button', { name: en('goals', 'actions.continue') }).click();
  await expect(move.getByText(en('goals', 'move.confirmAddTitle'))).toBeVisible();
  await expect(
    move.getByText(en('goals', 'move.afterProgress', { amount: money(5_000), percent: '25' })),
  ).toBeVisible();
  await move.getByRole('button', { name: en('goals', 'move.confirmAdd', { amount: money(5_000) }) }).click();
  await expect(
    move.getByText(
      en('goals', 'move.doneProgress', {
        name: 'New bike',
        percent: '25',
        saved: money(5_000),
        target: money(20_000),
      }),
    ),
  ).toBeVisible();
  await move.getByRole('button', { name: en('goals', 'actions.done') }).click();

  await expect(bar).toHaveAttribute('aria-valuenow', '25');
  await expect(card).toContainText(en('goals', 'card.progress', { percent: '25' }));
  await expect(card).toContainText(
    en('goals', 'card.savedOf', { saved: money(5_000), target: money(20_000) }),
  );
  await expect(page.getByTestId('goal-totals')).toContainText(money(5_000));
  await expectNoSevereAxeIssue(page, 'the goals page with a goal');

  // The wallet: exactly 50.00 less available, and the money shown as in goals.
  const after = await balanceOf(page);
  expect(after.availableMinor).toBe(before.availableMinor - 5_000);
  await page.goto('/wallet');
  await expect(balanceCard(page).available).toHaveText(money(25_000));
  await expect(page.getByTestId('in-goals')).toHaveText(
    en('wallet', 'balance.inGoals', { amount: money(5_000) }),
  );

  // The history shows it as the person's own move, not as spending.
  await page.goto('/transactions');
  await expect(
    page.getByText(en('transactions', 'description.goal_deposit', { name: 'New bike' })),
  ).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { en } from './support/catalog.ts';
import { balanceOf, fundWallet, money } from './support/money.ts';
import { DEMO_PEOPLE, signUpNewPerson } from './support/people.ts';

test('a new person asks Skiner for the balance, has a transfer prepared and confirms it on the transfer screen', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signUpNewPerson(page, request, 'asker');
  await fundWallet(page, 10_000, 'Asker Person');

  await page.goto('/conversational-agent');
  await expect(page.getByTestId('screen-title')).toHaveText(en('screens', 'conversationalAgent.title'));
  await expect(page.getByText(en('assistant', 'chat.welcomeTitle'))).toBeVisible();
  await expect(page.getByTestId('assistant-usage')).toBeVisible();

  // The balance, asked with one of the suggestions: the answer carries the wallet's own figure.
  await page.getByRole('button', { name: en('assistant', 'chat.suggestions.balance') }).click();
  const messages = page.getByTestId('assistant-messages');
  await expect(messages).toContainText(money(10_000));
  // The conversation is kept, named after its first question.
  await expect(page.getByTestId('assistant-conversations')).toContainText(
    en('assistant', 'chat.suggestions.balance'),
  );
  await expectNoSevereAxeIssue(page, 'the assistant with an answer');

  // A transfer prepared by the assistant moves nothing until it is confirmed on the transfer screen.
  await page.getByLabel(en('assistant', 'chat.askLabel')).fill(`Send 12.34 to @${DEMO_PEOPLE.leo.ztartag}`);
  await page.getByRole('button', { name: en('assistant', 'chat.send'), exact: true }).click();
  const open = page.getByRole('link', { name: en('assistant', 'chat.openTransfer') });
  await expect(open).toBeVisible();
  expect((await balanceOf(page)).availableMinor).toBe(10_000);
  await open.click();
  await expect(page).toHaveURL(/\/payments\?/);
  await expect(page.getByLabel(en('wallet', 'send.recipient'), { exact: true })).toHaveValue(
    DEMO_PEOPLE.leo.ztartag,
  );
  await expect(page.getByLabel(new RegExp(`^${en('wallet', 'flows.amount')}`))).toHaveValue('12.34');
  await page.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await expect(page.getByText(en('wallet', 'send.confirmTitle'))).toBeVisible();
  await page
    .getByRole('button', { name: en('wallet', 'send.confirmAction', { amount: money(1234) }) })
    .click();
  await expect(
    page.getByText(en('wallet', 'send.completedTitle', { name: `@${DEMO_PEOPLE.leo.ztartag}` })),
  ).toBeVisible();
  expect((await balanceOf(page)).availableMinor).toBe(10_000 - 1234);
});

test('the coherence report shows a goal that cannot be reached by its date, and not once the date moves', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signUpNewPerson(page, request, 'planner');
  await fundWallet(page, 10_000, 'Plan Person');
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const later = `${year + 2}-${String(month).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`;

  // A goal of 300.00 by today, 50.00 saved in it.
  await page.goto('/goals');
  await page
    .getByTestId('goals-empty')
    .getByRole('button', { name: en('goals', 'list.emptyAction') })
    .click();
  const form = page.getByRole('dialog', { name: en('goals', 'form.createTitle') });
  await form.getByLabel(en('goals', 'form.name'), { exact: true }).fill('Trip');
  await form.getByLabel(new RegExp(`^${en('goals', 'form.target')}`)).fill('300.00');
  await form.getByLabel(en('goals', 'form.date'), { exact: true }).fill(today);
  await form.getByRole('button', { name: en('goals', 'actions.create') }).click();
  await expect(form).toBeHidden();
  const card = page.getByTestId('goal-card').filter({ hasText: 'Trip' });
  await card.getByRole('button', { name: en('goals', 'actions.add') }).click();
  const move = page.getByRole('dialog', { name: en('goals', 'move.addTitle', { name: 'Trip' }) });
  await move.getByLabel(new RegExp(`^${en('goals', 'move.amount')}`)).fill('50.00');
  await move.getByRole('button', { name: en('goals', 'actions.continue') }).click();
  await move.getByRole('button', { name: en('goals', 'move.confirmAdd', { amount: money(5_000) }) }).click();
  await move.getByRole('button', { name: en('goals', 'actions.done') }).click();

  await page.goto('/skiner-coherence');
  await expect(page.getByTestId('screen-title')).toHaveText(en('screens', 'coherence.title'));
  const finding = page.getByTestId('coherence-findings').locator('li[data-rule="goalUnreachable"]');
  await expect(finding).toHaveCount(1);
  await expect(finding).toContainText('Trip');
  await expect(finding).toContainText(en('assistant', 'coherence.severity.high'));
  await expect(finding).toContainText(
    en('assistant', 'coherence.rules.goalUnreachable.body', { needed: money(25_000), pace: money(5_000) }),
  );
  await expectNoSevereAxeIssue(page, 'the coherence report with a finding');

  // Its action leads to the goals, where the date moves two years on.
  await finding.getByRole('link', { name: en('assistant', 'coherence.actions.goals') }).click();
  await expect(page).toHaveURL(/\/goals$/);
  await card.getByRole('button', { name: en('goals', 'actions.edit') }).click();
  const edit = page.getByRole('dialog', { name: en('goals', 'form.editTitle') });
  await edit.getByLabel(en('goals', 'form.date'), { exact: true }).fill(later);
  await edit.getByRole('button', { name: en('goals', 'actions.save') }).click();
  await expect(edit).toBeHidden();

  await page.goto('/skiner-coherence');
  await expect(page.getByTestId('coherence-empty')).toBeVisible();
  await expect(page.locator('li[data-rule="goalUnreachable"]')).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { en } from './support/catalog.ts';
import { balanceOf, fundWallet, money } from './support/money.ts';
import { DEMO_PEOPLE, signUpNewPerson } from './support/people.ts';

test('the assistant panel opens from any screen: asks, keeps the conversation, prepares a transfer for the transfer screen', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signUpNewPerson(page, request, 'panel');
  await fundWallet(page, 10_000, 'Panel Person');

  await page.goto('/wallet');
  const opener = page.getByRole('button', { name: en('nav', 'assistant.open') });
  await opener.click();
  const panel = page.getByRole('dialog', { name: en('nav', 'assistant.title') });
  await expect(panel).toBeVisible();
  // A drawer on the right on a desktop, as tall as the window.
  const box = (await panel.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThan(viewport.width / 3);
  expect(Math.round(box.height)).toBe(viewport.height);

  await panel.getByRole('button', { name: en('assistant', 'chat.suggestions.balance') }).click();
  await expect(panel.getByTestId('assistant-messages')).toContainText(money(10_000));
  await expectNoSevereAxeIssue(page, 'the assistant panel with an answer');

  // Escape closes it and gives focus back to its button; the conversation is still there after.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(panel.getByTestId('assistant-messages')).toContainText(money(10_000));

  // A prepared transfer opens the transfer screen (closing the panel), where it is confirmed.
  await panel.getByLabel(en('assistant', 'chat.askLabel')).fill(`Send 12.34 to @${DEMO_PEOPLE.leo.ztartag}`);
  await panel.getByRole('button', { name: en('assistant', 'chat.send'), exact: true }).click();
  const open = panel.getByRole('link', { name: en('assistant', 'chat.openTransfer') });
  await expect(open).toBeVisible();
  expect((await balanceOf(page)).availableMinor).toBe(10_000);
  await open.click();
  await expect(page).toHaveURL(/\/payments\?/);
  await expect(panel).toBeHidden();
  await expect(page.getByLabel(en('wallet', 'send.recipient'), { exact: true })).toHaveValue(
    DEMO_PEOPLE.leo.ztartag,
  );
  await page.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await page
    .getByRole('button', { name: en('wallet', 'send.confirmAction', { amount: money(1234) }) })
    .click();
  await expect(
    page.getByText(en('wallet', 'send.completedTitle', { name: `@${DEMO_PEOPLE.leo.ztartag}` })),
  ).toBeVisible();
  expect((await balanceOf(page)).availableMinor).toBe(10_000 - 1234);

  // The panel's conversation is one of the person's conversations on the full screen.
  await opener.click();
  await panel.getByRole('link', { name: en('assistant', 'panel.openFull') }).click();
  await expect(page).toHaveURL(/\/conversational-agent$/);
  await expect(page.getByTestId('assistant-conversations')).toContainText(
    en('assistant', 'chat.suggestions.balance'),
  );
});

test('a signed-out visitor finds the help assistant from the sign-in screen and gets help, not figures', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/auth');
  await page.getByRole('link', { name: en('screens', 'auth.help') }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByTestId('screen-title')).toHaveText(en('assistant', 'guest.title'));
  await expect(page.getByTestId('assistant-usage')).toBeVisible();

  await page.getByRole('button', { name: en('assistant', 'guest.suggestions.howto') }).click();
  const messages = page.getByTestId('guest-messages');
  await expect(messages).toContainText('Ztart Tips');
  await expect(page.getByTestId('assistant-usage')).not.toContainText(
    en('assistant', 'usage.daily', { used: '0', limit: '1,000' }),
  );
  await expectNoSevereAxeIssue(page, 'the help assistant for visitors');

  await page.getByLabel(en('assistant', 'chat.askLabel')).fill('What is my balance?');
  await page.getByRole('button', { name: en('assistant', 'chat.send'), exact: true }).click();
  await expect(messages).toContainText('Sign in to ask about your own money');
  await expect(page.getByRole('link', { name: en('assistant', 'guest.signIn') })).toBeVisible();
});

import { devices, expect, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { en } from './support/catalog.ts';
import { debtItem, settlementTransfer } from './support/debts.ts';
import { fundAtLeast, money } from './support/money.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn, uniqueSuffix } from './support/people.ts';

const phone = devices['Pixel 7'];
test.use({
  viewport: phone.viewport,
  deviceScaleFactor: phone.deviceScaleFactor,
  isMobile: phone.isMobile,
  hasTouch: phone.hasTouch,
  userAgent: phone.userAgent,
});

test('a debt owed to me of 20.00: the other person confirms it and settles 12.00 by transfer; both see 8.00 left and the transfer', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const note = `Concert tickets ${uniqueSuffix()}`;
  const creditor = DEMO_PEOPLE.claire;
  const debtor = DEMO_PEOPLE.maria;

  // The creditor records that the debtor owes them 20.00.
  await signIn(page, creditor.email, DEMO_PASSWORD);
  await page.goto('/contacts/debts');
  await expect(page.getByTestId('screen-title')).toHaveText(en('debts', 'title'));
  await page
    .getByRole('button', { name: en('debts', 'actions.record') })
    .first()
    .click();
  const record = page.getByRole('dialog', { name: en('debts', 'form.title') });
  await record.getByLabel(en('wallet', 'send.recipient'), { exact: true }).fill(debtor.ztartag);
  await expect(record.getByText(`@${debtor.ztartag}`)).toBeVisible();
  await record.getByRole('radio', { name: en('debts', 'form.directionOwedToMe') }).check();
  await record.getByLabel(new RegExp(`^${en('debts', 'form.amount')}`)).fill('20.00');
  await record.getByLabel(en('debts', 'form.note')).fill(note);
  await record.getByRole('button', { name: en('debts', 'form.submit') }).click();
  await expect(page.getByText(en('debts', 'form.recorded'))).toBeVisible();
  await expect(record).toBeHidden();

  await page.getByRole('tab', { name: en('debts', 'tabs.owedToMe') }).click();
  const recorded = debtItem(page, note);
  await expect(recorded).toContainText(en('debts', 'item.owedToMe', { name: `@${debtor.ztartag}` }));
  await expect(recorded).toContainText(en('debts', 'item.status.pending'));
  await expect(recorded.getByTestId('debt-remaining')).toHaveText(money(2000));
  // Not settleable until the other person confirms it.
  await expect(recorded.getByRole('button', { name: en('debts', 'actions.settle') })).toHaveCount(0);
  await expectNoSevereAxeIssue(page, 'the debts owed to me');

  // The debtor, elsewhere, sees the same debt from their side, confirms it and pays 12.00.
  const debtorContext = await browser.newContext({
    viewport: phone.viewport,
    isMobile: phone.isMobile,
    hasTouch: phone.hasTouch,
    userAgent: phone.userAgent,
  });
  const debtorPage = await debtorContext.newPage();
  await signIn(debtorPage, debtor.email, DEMO_PASSWORD);
  await fundAtLeast(debtorPage, 2000, 'Maria Santos');
  await debtorPage.goto('/contacts/debts');
  const owed = debtItem(debtorPage, note);
  await expect(owed).toContainText(en('debts', 'item.iOwe', { name: `@${creditor.ztartag}` }));
  await expect(owed).toContainText(en('debts', 'item.askConfirm', { name: `@${creditor.ztartag}` }));
  await expectNoSevereAxeIssue(debtorPage, 'a debt waiting for an answer');
  await owed.getByRole('button', { name: en('debts', 'actions.confirm') }).click();
  await expect(owed).toContainText(en('debts', 'item.status.open'));

  await owed.getByRole('button', { name: en('debts', 'actions.settle') }).click();
  const settle = debtorPage.getByRole('dialog', { name: en('debts', 'settle.title') });
  const amount = settle.getByLabel(new RegExp(`^${en('debts', 'settle.amount')}`));
  // The amount starts at what is left.
  await expect(amount).toHaveValue('20.00');
  await amount.fill('12.00');
  await settle.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  // Nothing moves before the confirmation says to whom, how and what is left after.
  await expect(settle.getByText(en('debts', 'settle.confirmTitle'))).toBeVisible();
  await expect(settle.getByText(`@${creditor.ztartag}`)).toBeVisible();
  await expect(settle.getByText(money(800), { exact: true })).toBeVisible();
  await settle
    .getByRole('button', { name: en('debts', 'settle.confirmTransfer', { amount: money(1200) }) })
    .click();
  await expect(settle.getByText(en('debts', 'settle.doneTitle', { amount: money(1200) }))).toBeVisible();
  await expect(settle.getByText(en('debts', 'settle.doneRemaining', { amount: money(800) }))).toBeVisible();
  await settle.getByRole('button', { name: en('debts', 'actions.done') }).click();
  await expect(owed.getByTestId('debt-remaining')).toHaveText(money(800));

  // The history names the settlement.
  await owed.getByRole('button', { name: /1 settlement/ }).click();
  await expect(owed.getByText(en('debts', 'item.via.transfer'))).toBeVisible();

  // Both see 8.00 left, and the transfer in their transactions.
  await page.reload();
  await page.getByRole('tab', { name: en('debts', 'tabs.owedToMe') }).click();
  await expect(debtItem(page, note).getByTestId('debt-remaining')).toHaveText(money(800));
  await expect(debtItem(page, note)).toContainText(en('debts', 'item.status.open'));

  await expect(
    await settlementTransfer(debtorPage, `Transfer to @${creditor.ztartag}`, money(1200)),
  ).toBeVisible();
  await expect(await settlementTransfer(page, `Transfer from @${debtor.ztartag}`, money(1200))).toBeVisible();
  await debtorContext.close();
});

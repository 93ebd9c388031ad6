import { devices, expect, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { en } from './support/catalog.ts';
import { forgetContacts } from './support/contacts.ts';
import { debtItem, settlementTransfer } from './support/debts.ts';
import { fundAtLeast, money } from './support/money.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn, uniqueSuffix } from './support/people.ts';

const c = (key: string, values?: Record<string, string>) => en('contacts', key, values);
const d = (key: string, values?: Record<string, string>) => en('debts', key, values);

// Sam keeps the contacts and is owed; Maria owes and pays. No other journey has either of them pay
// the other, nor touches Sam's contacts.
const owner = { ...DEMO_PEOPLE.sam, name: 'Sam Okafor' };
const friend = { ...DEMO_PEOPLE.maria, name: 'Maria Santos' };

/** Three people, one of them Maria (by her ztartag), whom Sam already has: she is merged, not doubled. */
const VCF = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Maria from the café',
  `X-ZTARTAG:${friend.ztartag}`,
  'TEL:+15550100147',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Tomás Ribeiro',
  'EMAIL:tomas.ribeiro@example.com',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'N:Haddad;Yasmin;;;',
  'TEL;TYPE=cell:+1 312 555 0199',
  'END:VCARD',
].join('\r\n');

// Signing up is limited to 5 a hour from one address, and other journeys of the suite use them all:
// this one signs in as two seeded demo people instead of a brand-new one.
test('on a phone, with two demo people (sign-ups are used up by other journeys): a contact by ztartag, grouped, favourite, merged from a .vcf; a debt of 20.00 recorded from that contact, confirmed and settled 12.00 by transfer; both see 8.00 left and the transfer', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const note = `Dinner at the marina ${uniqueSuffix()}`;
  await signIn(page, owner.email, DEMO_PASSWORD);
  await forgetContacts(page);

  // A group, then Maria added by her ztartag into it.
  await page.goto('/contacts?tab=groups');
  await page.getByRole('button', { name: c('groups.create') }).click();
  const groupDialog = page.getByRole('dialog', { name: c('groups.create') });
  await groupDialog.getByLabel(c('groups.name'), { exact: true }).fill('Dinner club');
  await groupDialog.getByRole('button', { name: c('actions.save') }).click();
  await expect(page.getByText(c('groups.count_other', { count: '0' }))).toBeVisible();

  await page
    .getByRole('button', { name: c('actions.addContact') })
    .first()
    .click();
  const add = page.getByRole('dialog', { name: c('add.title') });
  await add.getByLabel(c('add.lookupLabel'), { exact: true }).fill(`@${friend.ztartag}`);
  await add.getByRole('button', { name: c('add.lookup') }).click();
  await expect(add.getByTestId('lookup-result')).toContainText(`@${friend.ztartag}`);
  await add.getByRole('button', { name: c('add.choose') }).click();
  await expect(add.getByLabel(c('fields.nickname'), { exact: true })).toHaveValue(friend.name);
  await add.getByLabel(c('fields.group'), { exact: true }).selectOption({ label: 'Dinner club' });
  await add.getByRole('button', { name: c('actions.add') }).click();
  await expect(page.getByText(c('add.done', { name: friend.name }))).toBeVisible();

  // Her card opens: a favourite now.
  const detail = page.getByRole('dialog', { name: friend.name });
  await detail.getByRole('button', { name: c('detail.favourite') }).click();
  await expect(detail.getByRole('button', { name: c('detail.unfavourite') })).toBeVisible();
  await detail.getByRole('button', { name: c('actions.close') }).click();
  await page.getByRole('tab', { name: c('tabs.favourites') }).click();
  const favourites = page.getByRole('list', { name: c('tabs.favourites') });
  await expect(favourites.getByRole('button')).toHaveCount(1);
  await expect(favourites).toContainText(friend.name);
  await expect(favourites).toContainText('Dinner club');

  // Three people from a .vcf file: Maria is merged into her contact, the two others are new.
  await page.getByRole('tab', { name: c('tabs.all') }).click();
  await page
    .getByTestId('vcf-input')
    .setInputFiles({ name: 'dinner.vcf', mimeType: 'text/vcard', buffer: Buffer.from(VCF) });
  await expect(
    page.getByText(c('device.result', { imported: '2', merged: '1', skipped: '0' })),
  ).toBeVisible();
  const all = page.getByRole('list', { name: c('tabs.all') });
  await expect(all.getByRole('button')).toHaveCount(3);
  await expect(all).toContainText('Tomás Ribeiro');
  await expect(all).toContainText('Yasmin Haddad');

  // From her contact, "Settle a debt" opens her debts, named, with the form starting with her.
  await all.getByRole('button', { name: new RegExp(friend.name) }).click();
  await expect(detail).toContainText('+15550100147');
  await detail.getByRole('link', { name: c('detail.settleDebt') }).click();
  await expect(page).toHaveURL(/\/contacts\/debts\?contact=/);
  await expect(page.getByText(d('list.withContact', { name: friend.name }))).toBeVisible();
  await page
    .getByRole('button', { name: d('actions.record') })
    .first()
    .click();
  const record = page.getByRole('dialog', { name: d('form.title') });
  await expect(record.getByLabel(en('wallet', 'send.recipient'), { exact: true })).toHaveValue(
    `@${friend.ztartag}`,
  );
  await expect(record.getByText(friend.name)).toBeVisible();
  await record.getByRole('radio', { name: d('form.directionOwedToMe') }).check();
  await record.getByLabel(new RegExp(`^${d('form.amount')}`)).fill('20.00');
  await record.getByLabel(d('form.note')).fill(note);
  await expectNoSevereAxeIssue(page, 'recording a debt from a contact');
  await record.getByRole('button', { name: d('form.submit') }).click();
  await expect(page.getByText(d('form.recorded'))).toBeVisible();
  await expect(record).toBeHidden();

  await page.getByRole('tab', { name: d('tabs.owedToMe') }).click();
  const recorded = debtItem(page, note);
  await expect(recorded).toContainText(d('item.owedToMe', { name: `@${friend.ztartag}` }));
  await expect(recorded).toContainText(d('item.status.pending'));
  await expect(recorded.getByTestId('debt-remaining')).toHaveText(money(2000));
  await expectNoSevereAxeIssue(page, 'the debts with one contact');

  // Maria, on her own phone, confirms the debt and pays 12.00 of it by transfer.
  const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
  const friendContext = await browser.newContext(phone);
  const friendPage = await friendContext.newPage();
  await signIn(friendPage, friend.email, DEMO_PASSWORD);
  await fundAtLeast(friendPage, 2000, friend.name);
  await friendPage.goto('/contacts/debts');
  const owed = debtItem(friendPage, note);
  await expect(owed).toContainText(d('item.askConfirm', { name: `@${owner.ztartag}` }));
  await owed.getByRole('button', { name: d('actions.confirm') }).click();
  await expect(owed).toContainText(d('item.status.open'));
  await owed.getByRole('button', { name: d('actions.settle') }).click();
  const settle = friendPage.getByRole('dialog', { name: d('settle.title') });
  await settle.getByLabel(new RegExp(`^${d('settle.amount')}`)).fill('12.00');
  await settle.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await settle.getByRole('button', { name: d('settle.confirmTransfer', { amount: money(1200) }) }).click();
  await expect(settle.getByText(d('settle.doneRemaining', { amount: money(800) }))).toBeVisible();
  await settle.getByRole('button', { name: d('actions.done') }).click();
  await expect(owed.getByTestId('debt-remaining')).toHaveText(money(800));

  // Both see 8.00 left, and the transfer in their transactions.
  await page.reload();
  await page.getByRole('tab', { name: d('tabs.owedToMe') }).click();
  await expect(debtItem(page, note).getByTestId('debt-remaining')).toHaveText(money(800));
  await expect(debtItem(page, note)).toContainText(d('item.status.open'));

  await expect(
    await settlementTransfer(friendPage, `Transfer to @${owner.ztartag}`, money(1200)),
  ).toBeVisible();
  await expect(await settlementTransfer(page, `Transfer from @${friend.ztartag}`, money(1200))).toBeVisible();
  await friendContext.close();

  await forgetContacts(page);
});

import { devices, expect, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { en } from './support/catalog.ts';
import { callAsPage, forgetContacts } from './support/contacts.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn } from './support/people.ts';

const c = (key: string, values?: Record<string, string>) => en('contacts', key, values);

// A phone: the contacts screens are laid out for one first.
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use(phone);

const VCF = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Leo from the band',
  `X-ZTARTAG:${DEMO_PEOPLE.leo.ztartag}`,
  'TEL:+15550100200',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Quinn Baker',
  'EMAIL:quinn.baker@example.com',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'N:Okoro;Ngozi;;;',
  'TEL;TYPE=cell:+44 20 7946 0000',
  'END:VCARD',
].join('\r\n');

test('add a contact by ztartag, group it, make it a favourite, import a .vcf that merges it, and the screens pass axe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_PEOPLE.maria.email, DEMO_PASSWORD);
  await forgetContacts(page);

  await page.goto('/contacts');
  await expect(page.getByText(c('empty.title'))).toBeVisible();
  await expectNoSevereAxeIssue(page, 'the empty contacts list');

  // A group first: its name is required.
  await page.getByRole('tab', { name: c('tabs.groups') }).click();
  await page.getByRole('button', { name: c('groups.create') }).click();
  const groupDialog = page.getByRole('dialog', { name: c('groups.create') });
  await groupDialog.getByRole('button', { name: c('actions.save') }).click();
  await expect(groupDialog.getByText(en('validation', 'groupNameRequired'))).toBeVisible();
  await groupDialog.getByLabel(c('groups.name'), { exact: true }).fill('Band');
  await groupDialog.getByLabel(c('groups.description'), { exact: true }).fill('Friday gigs');
  await groupDialog.getByRole('button', { name: c('actions.save') }).click();
  await expect(page.getByText(c('groups.count_other', { count: '0' }))).toBeVisible();
  await expectNoSevereAxeIssue(page, 'the groups tab');

  // Add Leo by his ztartag, into the group.
  await page
    .getByRole('button', { name: c('actions.addContact') })
    .first()
    .click();
  const add = page.getByRole('dialog', { name: c('add.title') });
  await add.getByLabel(c('add.lookupLabel'), { exact: true }).fill(`@${DEMO_PEOPLE.leo.ztartag}`);
  await add.getByRole('button', { name: c('add.lookup') }).click();
  await expect(add.getByTestId('lookup-result')).toContainText(`@${DEMO_PEOPLE.leo.ztartag}`);
  await expectNoSevereAxeIssue(page, 'the add contact dialog');
  await add.getByRole('button', { name: c('add.choose') }).click();
  await expect(add.getByLabel(c('fields.nickname'), { exact: true })).toHaveValue('Leo Martín');
  await add.getByLabel(c('fields.group'), { exact: true }).selectOption({ label: 'Band' });
  await add.getByRole('button', { name: c('actions.add') }).click();
  await expect(page.getByText(c('add.done', { name: 'Leo Martín' }))).toBeVisible();

  // The contact opens: make him a favourite; his actions link to sending, tipping and debts.
  const detail = page.getByRole('dialog', { name: 'Leo Martín' });
  await expect(detail.getByTestId('contact-detail')).toBeVisible();
  await expect(detail.getByRole('link', { name: c('detail.sendMoney') })).toHaveAttribute(
    'href',
    `/payments?to=${DEMO_PEOPLE.leo.ztartag}`,
  );
  await expect(detail.getByRole('link', { name: c('detail.settleDebt') })).toHaveAttribute(
    'href',
    /\/contacts\/debts\?contact=/,
  );
  await detail.getByRole('button', { name: c('detail.favourite') }).click();
  await expect(detail.getByRole('button', { name: c('detail.unfavourite') })).toBeVisible();
  await expect(detail.getByText(c('detail.history'))).toBeVisible();
  await expectNoSevereAxeIssue(page, 'a contact');
  await detail.getByRole('button', { name: c('actions.close') }).click();

  await page.getByRole('tab', { name: c('tabs.favourites') }).click();
  const favourites = page.getByRole('list', { name: c('tabs.favourites') });
  await expect(favourites.getByRole('button')).toHaveCount(1);
  await expect(favourites).toContainText('Leo Martín');
  await expect(favourites).toContainText('Band');

  // Import three people from a .vcf file: Leo is already a contact, so he is merged, not doubled.
  await page.getByRole('tab', { name: c('tabs.all') }).click();
  await page
    .getByTestId('vcf-input')
    .setInputFiles({ name: 'friends.vcf', mimeType: 'text/vcard', buffer: Buffer.from(VCF) });
  await expect(
    page.getByText(c('device.result', { imported: '2', merged: '1', skipped: '0' })),
  ).toBeVisible();
  const all = page.getByRole('list', { name: c('tabs.all') });
  await expect(all.getByRole('button')).toHaveCount(3);
  await expect(all).toContainText('Quinn Baker');
  await expect(all).toContainText('Ngozi Okoro');
  await expectNoSevereAxeIssue(page, 'the contacts list');

  // Search, then the merged contact kept his name and gained the phone of the card.
  await page.getByLabel(c('list.search'), { exact: true }).fill('quinn');
  await expect(all.getByRole('button')).toHaveCount(1);
  await page.getByLabel(c('list.search'), { exact: true }).fill('');
  await all.getByRole('button', { name: /Leo Martín/ }).click();
  await expect(page.getByRole('dialog', { name: 'Leo Martín' })).toContainText('+15550100200');

  // Export gives every contact back as a .vcf file.
  const exported = await callAsPage(page, 'GET', '/api/contacts/export.vcf');
  expect((await exported.text()).match(/BEGIN:VCARD/g)).toHaveLength(3);

  // My contact QR and the scanner.
  await page.goto('/contacts?tab=qr');
  await expect(
    page.getByRole('img', { name: c('qr.mineAlt', { ztartag: DEMO_PEOPLE.maria.ztartag }) }),
  ).toBeVisible();
  await expectNoSevereAxeIssue(page, 'the contact QR tab');

  await forgetContacts(page);
});

test('a blocked person cannot find the one who blocked them, nor pay them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Each journey has its own people: the other one starts by forgetting Maria's contacts.
  const blocker = DEMO_PEOPLE.leo;
  const blocked = DEMO_PEOPLE.sam;
  await signIn(page, blocker.email, DEMO_PASSWORD);
  await forgetContacts(page);

  // The link nearby people use: the add dialog opens looking Sam up.
  await page.goto(`/contacts?add=${blocked.ztartag}`);
  const add = page.getByRole('dialog', { name: c('add.title') });
  await expect(add.getByTestId('lookup-result')).toContainText(`@${blocked.ztartag}`);
  await add.getByRole('button', { name: c('add.choose') }).click();
  await add.getByLabel(c('fields.blocked')).check();
  await add.getByRole('button', { name: c('actions.add') }).click();
  await expect(
    page.getByRole('dialog', { name: 'Sam Okafor' }).getByText(c('detail.blockedHint')),
  ).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Sam Okafor' })
    .getByRole('button', { name: c('actions.close') })
    .click();
  await page.getByRole('tab', { name: c('tabs.blocked') }).click();
  await expect(page.getByRole('list', { name: c('tabs.blocked') })).toContainText('Sam Okafor');
  await expectNoSevereAxeIssue(page, 'the blocked list');

  // Sam, on his phone: searching finds nobody, and a transfer is refused as to nobody.
  const samContext = await browser.newContext(phone);
  const sam = await samContext.newPage();
  await signIn(sam, blocked.email, DEMO_PASSWORD);
  await sam.goto('/contacts');
  await sam
    .getByRole('button', { name: c('actions.addContact') })
    .first()
    .click();
  const samAdd = sam.getByRole('dialog', { name: c('add.title') });
  await samAdd.getByLabel(c('add.lookupLabel'), { exact: true }).fill(blocker.ztartag);
  await samAdd.getByRole('button', { name: c('add.lookup') }).click();
  await expect(samAdd.getByText(c('add.notFound'))).toBeVisible();

  await sam.goto(`/payments?to=${blocker.ztartag}`);
  await expect(sam.getByText(en('errors', 'recipient_user_not_found'))).toBeVisible();
  const transfer = await callAsPage(
    sam,
    'POST',
    '/api/transfers',
    { recipient: blocker.ztartag, amountMinor: 100, currency: 'USD' },
    { 'Idempotency-Key': `blocked-${Date.now()}` },
  );
  expect(transfer.status()).toBe(404);
  expect(((await transfer.json()) as { error: { code: string } }).error.code).toBe(
    'recipient_user_not_found',
  );
  // No money moved between them, either way.
  const between = await callAsPage(sam, 'GET', `/api/transactions?counterparty=${blocker.ztartag}`);
  expect(((await between.json()) as { items: unknown[] }).items).toEqual([]);
  await samContext.close();

  await forgetContacts(page);
});

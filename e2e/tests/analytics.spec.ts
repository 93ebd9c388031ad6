import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { text } from './support/catalog.ts';
import { callAsPage } from './support/contacts.ts';
import { fundWallet, money } from './support/money.ts';
import { DEMO_PEOPLE, signUpNewPerson } from './support/people.ts';

const a = (key: string, values?: Record<string, string>) => text('en', 'analytics', key, values);

test('a person with money in and out sees the figures, reads a chart as a table and downloads the CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signUpNewPerson(page, request, 'charts');
  // Money in: a card deposit of 100.00, settled. Money out: 12.34 sent to Leo.
  await fundWallet(page, 10_000, 'Chart Reader');
  const transfer = await callAsPage(
    page,
    'POST',
    '/api/transfers',
    { recipient: DEMO_PEOPLE.leo.ztartag, amountMinor: 1_234, currency: 'USD' },
    { 'Idempotency-Key': `analytics-${Date.now()}` },
  );
  expect(transfer.status(), await transfer.text()).toBe(201);

  await page.goto('/analytics');
  await expect(page.getByTestId('screen-title')).toHaveText(text('en', 'screens', 'analytics.title'));
  await expect(page.getByTestId('analytics-total-income')).toContainText(money(10_000));
  await expect(page.getByTestId('analytics-total-expense')).toContainText(money(1_234));
  await expect(page.getByTestId('analytics-total-net')).toContainText(money(8_766));

  // The chart's accessible name is the sentence under its title.
  const series = page.getByTestId('analytics-series');
  const chart = series.getByRole('img', {
    name: new RegExp(`received \\${money(10_000)} and spent \\${money(1_234)}`),
  });
  await expect(chart).toBeVisible();
  await series.getByRole('button', { name: a('view.showTable') }).click();
  await expect(chart).toBeHidden();
  const table = series.getByRole('table');
  await expect(table.getByRole('cell', { name: money(10_000), exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: money(1_234), exact: true }).first()).toBeVisible();
  await series.getByRole('button', { name: a('view.showChart') }).click();
  await expect(chart).toBeVisible();

  // The transfer is spending in the Transfers category, and Leo is the one person.
  await expect(page.getByTestId('analytics-categories')).toContainText(
    text('en', 'transactions', 'categories.transfers'),
  );
  await expect(page.getByTestId('analytics-people').getByRole('link')).toHaveAttribute(
    'href',
    `/transactions?counterparty=${DEMO_PEOPLE.leo.ztartag}`,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: a('export.action') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^ztart-analytics-USD-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await download.path()) ?? '', 'utf8').split('\r\n');
  expect(csv[0]).toBe('section,start,end,label,income,expense,amount,count,currency');
  expect(csv[1]).toMatch(/^total,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},,100\.00,12\.34,87\.66,,USD$/);
  expect(csv.some((line) => /^category,.*,transfers,,12\.34,12\.34,1,USD$/.test(line))).toBe(true);
  expect(
    csv.some((line) => line.startsWith('counterparty,') && line.includes(`(@${DEMO_PEOPLE.leo.ztartag})`)),
  ).toBe(true);

  // Another period with nothing in it says so and offers what fills it.
  // The address changes in a transition: the radio is checked once the screen has followed it.
  const lastMonth = page.getByRole('radio', { name: a('filters.presets.lastMonth') });
  await lastMonth.click();
  await expect(page).toHaveURL(/period=lastMonth/);
  await expect(lastMonth).toBeChecked();
  await expect(page.getByTestId('analytics-empty')).toBeVisible();
});

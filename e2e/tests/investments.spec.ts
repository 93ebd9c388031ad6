import { expect, type Page, test } from '@playwright/test';
import type { InstrumentListResponse, PortfolioResponse } from '@ztart/shared/contracts/investments';
import { costReleased, quantityBought, quantitySold, worthAt } from '@ztart/shared/market';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { en } from './support/catalog.ts';
import { balanceOf, fundWallet, money } from './support/money.ts';
import { signUpNewPerson } from './support/people.ts';

async function todaysPrice(page: Page, symbol: string): Promise<number> {
  const response = await page.request.get('/api/investments/instruments');
  expect(response.ok()).toBe(true);
  const list = (await response.json()) as InstrumentListResponse;
  expect(list.simulated).toBe(true);
  return list.items.find((item) => item.symbol === symbol)!.priceMinor;
}

async function portfolioOf(page: Page): Promise<PortfolioResponse> {
  const response = await page.request.get('/api/investments/portfolio');
  expect(response.ok()).toBe(true);
  return (await response.json()) as PortfolioResponse;
}

/** Opens the order dialog from a button, types the amount, confirms, and waits for the receipt. */
async function placeOrder(page: Page, side: 'buy' | 'sell', amount: string, amountMinor: number) {
  const dialog = page.getByRole('dialog', {
    name: en('investments', side === 'buy' ? 'order.titleBuy' : 'order.titleSell', { symbol: 'ZTIX' }),
  });
  await expect(dialog).toBeVisible();
  await dialog
    .getByLabel(new RegExp(`^${en('investments', side === 'buy' ? 'order.amountBuy' : 'order.amountSell')}`))
    .fill(amount);
  await dialog.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await expect(dialog.getByText(en('investments', 'order.simulatedNote'))).toBeVisible();
  const confirm = en('investments', side === 'buy' ? 'order.confirmBuy' : 'order.confirmSell', {
    amount: money(amountMinor),
  });
  if (side === 'buy') await expectNoSevereAxeIssue(page, 'the order confirmation');
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(
    dialog.getByRole('heading', {
      name: en('investments', side === 'buy' ? 'order.doneBuy' : 'order.doneSell', {
        amount: money(amountMinor),
        symbol: 'ZTIX',
      }),
    }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: en('investments', 'actions.done') }).click();
  await expect(dialog).toBeHidden();
}

test('deposit, buy 100.00 of an instrument, sell half, and see the portfolio agree with the wallet to the cent', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signUpNewPerson(page, request, 'investor');
  await fundWallet(page, 20_000, 'Ines Vestor');

  await page.goto('/investments');
  await expect(page.getByTestId('screen-title')).toHaveText(en('investments', 'title'));
  await expect(page.getByTestId('simulated-label')).toContainText(en('investments', 'simulated.label'));
  await expect(page.getByTestId('portfolio-empty')).toBeVisible();
  await expect(page.getByTestId('instrument-row')).toHaveCount(6);

  // The chart of the instrument, with its summary for screen readers.
  await page
    .getByRole('button', { name: en('investments', 'actions.chartNamed', { name: 'Ztart Tech Index' }) })
    .click();
  const details = page.getByRole('dialog', { name: 'Ztart Tech Index (ZTIX)' });
  await expect(details.getByTestId('price-chart')).toBeVisible();
  await expectNoSevereAxeIssue(page, 'the price chart');
  await details.getByRole('button', { name: en('investments', 'actions.buy'), exact: true }).click();

  const price = await todaysPrice(page, 'ZTIX');
  await placeOrder(page, 'buy', '100.00', 10_000);
  expect((await balanceOf(page)).availableMinor).toBe(10_000);
  const bought = quantityBought(10_000, price);

  const position = page.getByTestId('position-row');
  await expect(position).toHaveCount(1);
  await expect(position).toContainText(money(worthAt(bought, price)));
  await position
    .getByRole('button', { name: en('investments', 'actions.sellNamed', { symbol: 'ZTIX' }) })
    .click();
  await placeOrder(page, 'sell', '50.00', 5_000);

  // Wallet, investment account and portfolio agree to the cent at the day's price.
  const sold = quantitySold(5_000, price);
  const held = bought - sold;
  const cost = 10_000 - costReleased(10_000, bought, sold);
  expect((await balanceOf(page)).availableMinor).toBe(15_000);
  const portfolio = await portfolioOf(page);
  expect(portfolio.positions).toMatchObject([{ symbol: 'ZTIX', quantityMicro: held, costMinor: cost }]);
  expect(portfolio.totals).toEqual([
    {
      currency: 'USD',
      costMinor: cost,
      valueMinor: worthAt(held, price),
      profitMinor: worthAt(held, price) - cost,
      accountMinor: cost,
    },
  ]);
  await expect(position).toContainText(money(worthAt(held, price)));
  await expect(page.getByTestId('portfolio-totals')).toContainText(money(worthAt(held, price)));
  await expect(page.getByTestId('order-row')).toHaveCount(2);
  await expect(page.getByTestId('order-row').first()).toContainText(
    en('investments', 'orders.sold', { symbol: 'ZTIX' }),
  );
  await expectNoSevereAxeIssue(page, 'the investments page with a position');

  // The wallet's history shows both orders as the person's own moves.
  await page.goto('/transactions');
  await expect(page.getByText(en('transactions', 'description.investment_buy')).first()).toBeVisible();
  await expect(page.getByText(en('transactions', 'description.investment_sell')).first()).toBeVisible();
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { categories } from '@/components/transactions/test-data';
import { mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

function monthOf(month: string, currentMonth: string) {
  return { month, currentMonth, timeZone: 'Europe/Lisbon', items: [], totals: [] };
}

describe('/budget: the month switcher', () => {
  it('goes back and forth from the current month', async () => {
    mockApi({
      'GET /api/categories': [200, { items: categories() }],
      'GET /api/budgets': [200, monthOf('2026-11', '2026-11')],
    });
    renderRoute('/budget', { auth: signedIn() });

    expect(await screen.findByRole('button', { name: 'Previous month, October 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next month, December 2026' })).toBeEnabled();
  });

  it('stops at the first month the server keeps budgets for, 24 months back', async () => {
    mockApi({
      'GET /api/categories': [200, { items: categories() }],
      'GET /api/budgets': [200, monthOf('2024-11', '2026-11')],
    });
    renderRoute('/budget?month=2024-11', { auth: signedIn() });

    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next month, December 2024' })).toBeEnabled();
  });

  it('stops at the last month, 12 months ahead', async () => {
    mockApi({
      'GET /api/categories': [200, { items: categories() }],
      'GET /api/budgets': [200, monthOf('2027-11', '2026-11')],
    });
    renderRoute('/budget?month=2027-11', { auth: signedIn() });

    expect(await screen.findByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous month, October 2027' })).toBeEnabled();
  });
});

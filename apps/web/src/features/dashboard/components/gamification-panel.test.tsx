import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GamificationSlot } from '@/features/dashboard/components/gamification-slot';
import { standing } from '@/test/gamification-data';
import { error, mockApi } from '@/test/mock-api';
import { renderWithProviders, signedIn } from '@/test/render';

/** The panel's code loads after the home screen's: slower than a query on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 };

function renderPanel() {
  const router = createMemoryRouter([{ path: '/', element: <GamificationSlot /> }]);
  renderWithProviders(<RouterProvider router={router} />, { auth: signedIn() });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the home screen’s gamification panel', () => {
  it('shows the level, the XP bar, today’s three challenges, the latest achievement and the way to all of them', async () => {
    mockApi({ 'GET /api/gamification': [200, standing()] });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Your progress' }, FIRST_LOAD);
    expect(within(panel).getByRole('heading', { name: 'Level Apprentice' })).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'XP towards the next level' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    expect(within(panel).getAllByTestId('daily-challenge')).toHaveLength(3);
    expect(within(panel).getByText('Latest achievements')).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByTestId('achievement')
        .map((item) => item.dataset.achievement),
    ).toEqual(['first_deposit']);
    expect(within(panel).getByRole('link', { name: 'See all achievements' })).toHaveAttribute(
      'href',
      '/achievements',
    );
  }, 30_000);

  it('before the first achievement, shows the nearest ones and how to earn them', async () => {
    const fresh = standing();
    mockApi({
      'GET /api/gamification': [
        200,
        {
          ...fresh,
          achievements: fresh.achievements.map((achievement) => ({ ...achievement, unlockedAt: null })),
        },
      ],
    });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Your progress' }, FIRST_LOAD);
    expect(within(panel).getByText('Up next')).toBeInTheDocument();
    const shown = within(panel).getAllByTestId('achievement');
    // The furthest along first (7/10 tips received), then the catalogue's first.
    expect(shown.map((item) => item.dataset.achievement)).toEqual(['tips_received_10', 'first_deposit']);
    expect(shown[0]).toHaveTextContent('7/10');
    expect(shown[1]).toHaveTextContent('How to earn it: Add money to your wallet for the first time.');
  });

  it('says "Gamification load error" when loading fails, and tries again on request', async () => {
    let fail = true;
    mockApi({
      'GET /api/gamification': () => (fail ? [503, error('internal_error')] : [200, standing()]),
    });
    renderPanel();
    expect(await screen.findByTestId('gamification-load-error', {}, FIRST_LOAD)).toHaveTextContent(
      'Gamification load error. Please try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your progress' })).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION_QUERY } from '@/components/gamification/celebration-cards';
import { CelebrationHost } from '@/components/gamification/celebration-host';
import { createCelebrationStore } from '@/lib/gamification/celebrations';
import { renderWithProviders, signedIn } from '@/test/render';

function renderHost() {
  const store = createCelebrationStore();
  const router = createMemoryRouter([
    { path: '/', element: <CelebrationHost store={store} /> },
    { path: '/achievements', element: <p>achievements screen</p> },
  ]);
  renderWithProviders(<RouterProvider router={router} />, { auth: signedIn() });
  return { store, router };
}

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === REDUCED_MOTION_QUERY,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const dialog of document.querySelectorAll('dialog')) dialog.remove();
});

describe('celebrations', () => {
  it('shows a level up in words, reads it out, and Escape dismisses it', async () => {
    prefersReducedMotion(false);
    const { store } = renderHost();
    act(() => {
      store.celebrate({ kind: 'level_up', level: 'apprentice', xp: 105 });
    });
    const card = await screen.findByTestId('celebration');
    expect(card).toHaveAttribute('data-kind', 'level_up');
    expect(card).toHaveTextContent('Level up!');
    expect(card).toHaveTextContent("You're now Apprentice.");
    expect(screen.getByRole('status')).toHaveTextContent("Level up! You're now Apprentice.");
    // Focus stays where it was: the celebration does not take it.
    expect(document.activeElement).toBe(document.body);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('celebration')).not.toBeInTheDocument());
    expect(store.getSnapshot()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('stacks an achievement over a completed challenge, each with its own dismiss button', async () => {
    prefersReducedMotion(false);
    const { store } = renderHost();
    act(() => {
      store.celebrate({ kind: 'challenge_complete', challengeId: 'send_tip', xp: 25 });
      store.celebrate({ kind: 'achievement', achievementId: 'first_tip_sent', rarity: 'common' });
    });
    const region = await screen.findByRole('region', { name: 'Celebrations' });
    const cards = within(region).getAllByTestId('celebration');
    expect(cards.map((card) => card.dataset.kind)).toEqual(['achievement', 'challenge_complete']);
    expect(cards[0]).toHaveTextContent('First tip sent · Common');
    expect(cards[1]).toHaveTextContent('Send a tip · +25 XP');

    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss: Challenge complete!' }));
    expect(
      within(region)
        .getAllByTestId('celebration')
        .map((card) => card.dataset.kind),
    ).toEqual(['achievement']);
  });

  it('leads to the achievements screen, and leaving dismisses the card', async () => {
    prefersReducedMotion(false);
    const { store, router } = renderHost();
    act(() => {
      store.celebrate({ kind: 'achievement', achievementId: 'first_deposit', rarity: 'common' });
    });
    await userEvent.click(await screen.findByRole('link', { name: 'See achievements' }));
    expect(router.state.location.pathname).toBe('/achievements');
    expect(store.getSnapshot()).toEqual([]);
  });

  it('throws confetti with motion, and none under reduced motion', async () => {
    const animate = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true });
    prefersReducedMotion(false);
    const first = renderHost();
    act(() => {
      first.store.celebrate({ kind: 'level_up', level: 'expert', xp: 500 });
    });
    expect(await screen.findByRole('region', { name: 'Celebrations' })).toHaveAttribute(
      'data-motion',
      'full',
    );
    expect(animate).toHaveBeenCalled();

    document.body.innerHTML = '';
    animate.mockClear();
    prefersReducedMotion(true);
    const second = renderHost();
    act(() => {
      second.store.celebrate({ kind: 'level_up', level: 'expert', xp: 500 });
    });
    const region = await screen.findByRole('region', { name: 'Celebrations' });
    expect(region).toHaveAttribute('data-motion', 'reduced');
    expect(within(region).getByTestId('celebration')).toHaveTextContent("You're now Expert.");
    expect(animate).not.toHaveBeenCalled();
    Reflect.deleteProperty(HTMLElement.prototype, 'animate');
  });

  it('waits for an open dialog (a receipt, say) to close before it shows', async () => {
    prefersReducedMotion(false);
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    const { store } = renderHost();
    act(() => {
      store.celebrate({ kind: 'achievement', achievementId: 'first_deposit', rarity: 'common' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('celebration')).not.toBeInTheDocument();

    act(() => dialog.removeAttribute('open'));
    expect(await screen.findByTestId('celebration')).toHaveTextContent('First deposit · Common');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { XpEvent } from '@ztart/shared/contracts/gamification';
import { ACHIEVEMENT_IDS } from '@ztart/shared/gamification';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standing } from '@/test/gamification-data';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

/** The screen's code loads on its first visit: slower than a query on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 };

function xpEvent(index: number, overrides: Partial<XpEvent> = {}): XpEvent {
  return {
    id: `0000000${index}-4e5f-4a6b-8c7d-9e0f1a2b3c4d`.slice(-36).padStart(36, '0'),
    action: 'tip_sent',
    xp: 15,
    withheld: null,
    challengeId: null,
    counterpartyZtartag: 'leo',
    createdAt: `2026-05-03T1${index}:00:00.000Z`,
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/achievements', () => {
  it('shows the level with its XP bar, today’s challenges and every achievement, locked ones with how to earn them', async () => {
    mockApi({
      'GET /api/gamification': [200, standing()],
      'GET /api/gamification/history': [200, { items: [], nextCursor: null }],
    });
    renderRoute('/achievements', { auth: signedIn() });
    expect(await screen.findByTestId('screen-title', {}, FIRST_LOAD)).toHaveTextContent('Achievements');

    expect(await screen.findByRole('heading', { name: 'Level Apprentice' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'XP towards the next level' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(bar).toHaveAttribute('aria-valuetext', '180 of 500 XP');
    expect(screen.getByText('320 XP to Expert')).toBeInTheDocument();
    expect(screen.getByText('3 days in a row')).toBeInTheDocument();

    const challenges = screen.getAllByTestId('daily-challenge');
    expect(challenges.map((item) => item.textContent)).toEqual([
      'Send a tipDone',
      'Receive 3 tips1/3',
      'Pay an invoice0/1',
    ]);
    expect(challenges[0]).toHaveAttribute('data-done');

    expect(screen.getByTestId('achievements-unlocked')).toHaveTextContent(
      `1 of ${ACHIEVEMENT_IDS.length} unlocked`,
    );
    const achievements = screen.getAllByTestId('achievement');
    // Unlocked first.
    const first = achievements[0] as HTMLElement;
    expect(first).toHaveAttribute('data-achievement', 'first_deposit');
    expect(first).toHaveTextContent('First deposit');
    expect(first).toHaveTextContent('Common');
    expect(first).toHaveTextContent('Unlocked on May 2, 2026');

    const counted = achievements.find(
      (item) => item.dataset.achievement === 'tips_received_10',
    ) as HTMLElement;
    expect(counted).toHaveTextContent('Crowd pleaser');
    expect(counted).toHaveTextContent('Rare');
    expect(counted).toHaveTextContent('How to earn it: Receive 10 tips.');
    expect(within(counted).getByTestId('achievement-progress')).toHaveTextContent('7/10');
    expect(within(counted).getByRole('progressbar', { name: 'Crowd pleaser' })).toHaveAttribute(
      'aria-valuetext',
      '7 of 10',
    );
    const legend = achievements.find((item) => item.dataset.achievement === 'level_legend') as HTMLElement;
    expect(legend).toHaveTextContent('Legendary');
    expect(legend).toHaveTextContent('How to earn it: Reach the Legend level.');

    expect(await screen.findByText(/Nothing earned yet/)).toBeInTheDocument();
  }, 30_000);

  it('says the highest level is reached, with a full bar', async () => {
    mockApi({
      'GET /api/gamification': [
        200,
        standing({ level: 'legend', xp: 5_210, levelFloorXp: 5_000, nextLevelXp: null }),
      ],
      'GET /api/gamification/history': [200, { items: [], nextCursor: null }],
    });
    renderRoute('/achievements', { auth: signedIn() });
    await screen.findByTestId('screen-title', {}, FIRST_LOAD);
    expect(await screen.findByText("You've reached the highest level.")).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'XP towards the next level' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '5,210 XP, highest level');
  });

  it('lists the XP history a page at a time, with what earned nothing and why', async () => {
    const api = mockApi({
      'GET /api/gamification': [200, standing()],
      'GET /api/gamification/history': (call) =>
        call.path.includes('cursor=page-2')
          ? [
              200,
              {
                items: [xpEvent(1, { action: 'first_deposit', xp: 50, counterpartyZtartag: null })],
                nextCursor: null,
              },
            ]
          : [
              200,
              {
                items: [
                  xpEvent(3, {
                    action: 'challenge_completed',
                    xp: 25,
                    challengeId: 'send_tip',
                    counterpartyZtartag: null,
                  }),
                  xpEvent(2, { action: 'transfer_received', xp: 0, withheld: 'back_and_forth' }),
                ],
                nextCursor: 'page-2',
              },
            ],
    });
    renderRoute('/achievements', { auth: signedIn() });
    await screen.findByTestId('screen-title', {}, FIRST_LOAD);
    const history = await screen.findByRole('region', { name: 'XP history' });
    await waitFor(() => expect(within(history).getAllByTestId('xp-event')).toHaveLength(2));
    const [challenge, withheld] = within(history).getAllByTestId('xp-event');
    expect(challenge).toHaveTextContent('Daily challenge completed');
    expect(challenge).toHaveTextContent('Challenge: Send a tip');
    expect(challenge).toHaveTextContent('+25 XP');
    expect(withheld).toHaveTextContent('Money received');
    expect(withheld).toHaveTextContent('with @leo');
    expect(withheld).toHaveTextContent('No XP: money sent back and forth earns XP once a day.');
    expect(withheld).toHaveTextContent('0 XP');

    await userEvent.click(within(history).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(history).getAllByTestId('xp-event')).toHaveLength(3));
    const deposit = within(history).getAllByTestId('xp-event')[2];
    expect(deposit).toHaveTextContent('First deposit');
    expect(deposit).toHaveTextContent('+50 XP');
    expect(within(history).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/gamification/history').map((call) => call.path)).toEqual([
      '/api/gamification/history?limit=20',
      '/api/gamification/history?limit=20&cursor=page-2',
    ]);
  });

  it('says "Gamification load error" when loading fails, and tries again on request', async () => {
    let fail = true;
    mockApi({
      'GET /api/gamification': () => (fail ? [500, error('internal_error')] : [200, standing()]),
      'GET /api/gamification/history': [200, { items: [], nextCursor: null }],
    });
    renderRoute('/achievements', { auth: signedIn() });
    await screen.findByTestId('screen-title', {}, FIRST_LOAD);
    const message = await screen.findByTestId('gamification-load-error');
    expect(message).toHaveTextContent('Gamification load error. Please try again.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Level Apprentice' })).toBeInTheDocument();
    expect(screen.queryByTestId('gamification-load-error')).not.toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    mockApi({
      'GET /api/gamification': [200, standing()],
      'GET /api/gamification/history': [200, { items: [], nextCursor: null }],
    });
    renderRoute('/achievements', { auth: signedIn(), language: 'es' });
    await screen.findByTestId('screen-title', {}, FIRST_LOAD);
    expect(await screen.findByRole('heading', { name: 'Nivel Aprendiz' })).toBeInTheDocument();
    expect(screen.getByText('Retos de hoy')).toBeInTheDocument();
    expect(screen.getByText('Te faltan 320 XP para Experto')).toBeInTheDocument();
  });
});

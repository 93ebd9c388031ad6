import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AssistantMessage,
  AssistantUsage,
  CoherenceReport,
  Conversation,
} from '@ztart/shared/contracts/assistant';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CONVERSATION_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const conversation: Conversation = {
  id: CONVERSATION_ID,
  title: '',
  createdAt: '2026-05-20T10:00:00.000Z',
  updatedAt: '2026-05-20T10:00:00.000Z',
};
const usage: AssistantUsage = {
  role: 'user',
  daily: { usedTokens: 1_234, limitTokens: 10_000 },
  monthly: { usedTokens: 5_000, limitTokens: 300_000 },
  costTodayCents: 2,
  costLimitCents: 10,
  resetsAt: '2026-05-21T00:00:00.000Z',
  streaming: false,
  models: ['standard'],
};
const message = (overrides: Partial<AssistantMessage>): AssistantMessage => ({
  id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  role: 'user',
  content: 'Send 12.34 to @leo_guitar',
  action: null,
  tokens: 8,
  createdAt: '2026-05-20T10:00:00.000Z',
  ...overrides,
});
const answer = message({
  id: '1b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  role: 'assistant',
  content: 'I prepared a transfer to @leo_guitar of $12.34.',
  action: { type: 'transfer', recipient: 'leo_guitar', amountMinor: 1234, currency: 'USD' },
});

describe('/conversational-agent', () => {
  it('shows the usage meter, asks in a new conversation and links a prepared transfer to the transfer screen', async () => {
    let asked = false;
    const api = mockApi({
      'GET /api/assistant/conversations': () => [
        200,
        { items: asked ? [{ ...conversation, title: 'Send 12.34' }] : [] },
      ],
      'GET /api/assistant/usage': [200, usage],
      'POST /api/assistant/conversations': [201, conversation],
      [`POST /api/assistant/conversations/${CONVERSATION_ID}/messages`]: () => {
        asked = true;
        return [200, { question: message({}), answer, usage }];
      },
      [`GET /api/assistant/conversations/${CONVERSATION_ID}/messages`]: () => [
        200,
        { items: asked ? [message({}), answer] : [] },
      ],
    });
    renderRoute('/conversational-agent', { auth: signedIn() });
    expect(await screen.findByText('Today: 1,234 of 10,000 tokens')).toBeInTheDocument();
    expect(screen.getByText('Cost today: 2 of 10 cents')).toBeInTheDocument();
    expect(screen.getByText('No conversations yet. Ask a question to start one.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Your question'), 'Send 12.34 to @leo_guitar');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const link = await screen.findByRole('link', { name: 'Open the transfer to confirm it' });
    expect(link).toHaveAttribute('href', '/payments?to=leo_guitar&amountMinor=1234&currency=USD');
    expect(api.callsTo('POST', `/api/assistant/conversations/${CONVERSATION_ID}/messages`)[0]?.body).toEqual({
      content: 'Send 12.34 to @leo_guitar',
      language: 'en',
    });
    expect(await screen.findByRole('button', { name: 'Send 12.34' })).toBeInTheDocument();
  });

  it('says when the quota is used up', async () => {
    mockApi({
      'GET /api/assistant/conversations': [200, { items: [{ ...conversation, title: 'Money' }] }],
      'GET /api/assistant/usage': [200, usage],
      [`GET /api/assistant/conversations/${CONVERSATION_ID}/messages`]: [200, { items: [] }],
      [`POST /api/assistant/conversations/${CONVERSATION_ID}/messages`]: [
        429,
        error('quota_exceeded', { quota: 'daily', resetsAt: '2026-05-21T00:00:00.000Z' }),
      ],
    });
    renderRoute('/conversational-agent', { auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Money' }));
    await userEvent.click(await screen.findByRole('button', { name: 'What is my balance?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have used up your assistant allowance');
  });

  it('deletes a conversation only after confirming', async () => {
    const api = mockApi({
      'GET /api/assistant/conversations': [200, { items: [{ ...conversation, title: 'Budget talk' }] }],
      'GET /api/assistant/usage': [200, usage],
      [`DELETE /api/assistant/conversations/${CONVERSATION_ID}`]: [204],
    });
    renderRoute('/conversational-agent', { auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: Budget talk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    expect(api.callsTo('DELETE', `/api/assistant/conversations/${CONVERSATION_ID}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', `/api/assistant/conversations/${CONVERSATION_ID}`)).toHaveLength(1),
    );
  });
});

describe('/skiner-coherence', () => {
  it('lists findings with their severity, figures and a link to act', async () => {
    const report: CoherenceReport = {
      months: ['2026-04'],
      findings: [
        {
          rule: 'goalUnreachable',
          severity: 'high',
          currency: 'USD',
          figures: {
            goal: 'Trip',
            goalId: CONVERSATION_ID,
            targetDate: '2026-05-31',
            neededMinor: 25_000,
            paceMinor: 5_000,
          },
          action: { href: '/goals' },
        },
        {
          rule: 'categoryOverBudget',
          severity: 'medium',
          currency: 'USD',
          figures: { category: 'food', months: 3, overMinor: 1_500, amountMinor: 10_000 },
          action: { href: '/budget' },
        },
      ],
    };
    mockApi({ 'GET /api/coherence': [200, report] });
    renderRoute('/skiner-coherence', { auth: signedIn() });
    const [goal, category] = within(await screen.findByTestId('coherence-findings')).getAllByRole('listitem');
    expect(goal).toHaveTextContent('High');
    expect(goal).toHaveTextContent('It needs $250.00 a month; you have been saving $50.00 a month.');
    expect(within(goal!).getByRole('link', { name: 'Review your goals' })).toHaveAttribute('href', '/goals');
    expect(category).toHaveTextContent('Food & drink: over budget 3 months running');
    expect(within(category!).getByRole('link', { name: 'Review your budgets' })).toHaveAttribute(
      'href',
      '/budget',
    );
  });

  it('says when everything adds up', async () => {
    mockApi({ 'GET /api/coherence': [200, { months: [], findings: [] }] });
    renderRoute('/skiner-coherence', { auth: signedIn() });
    expect(await screen.findByText('Everything adds up')).toBeInTheDocument();
  });
});

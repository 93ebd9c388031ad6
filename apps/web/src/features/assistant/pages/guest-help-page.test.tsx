import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssistantUsage } from '@ztart/shared/contracts/assistant';
import { describe, expect, it } from 'vitest';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute } from '@/test/render';

/** The screen's code loads lazily: on a busy machine that takes more than a second. */
const SLOW = { timeout: 10_000 };

const usage = (usedTokens: number): AssistantUsage => ({
  role: 'guest',
  daily: { usedTokens, limitTokens: 1_000 },
  monthly: { usedTokens, limitTokens: 30_000 },
  costTodayCents: usedTokens > 0 ? 1 : 0,
  costLimitCents: 1,
  resetsAt: '2026-05-21T00:00:00.000Z',
  streaming: false,
  models: ['standard'],
});

describe('/help', () => {
  it('answers a signed-out visitor in their language and shows the guest quota', async () => {
    const api = mockApi({
      'GET /api/assistant/guest/usage': [200, usage(0)],
      'POST /api/assistant/guest/messages': [
        200,
        { answer: { content: 'Soy Skiner, el asistente de ayuda.', tokens: 9 }, usage: usage(17) },
      ],
    });
    renderRoute('/help', { language: 'es' });
    await waitFor(
      () => expect(screen.getByTestId('assistant-usage')).toHaveTextContent('Hoy: 0 de 1000 tokens'),
      SLOW,
    );
    await userEvent.click(screen.getByRole('button', { name: '¿Qué puedo hacer con Ztart Tips?' }));
    expect(await screen.findByText('Soy Skiner, el asistente de ayuda.', {}, SLOW)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/assistant/guest/messages')[0]?.body).toEqual({
      content: '¿Qué puedo hacer con Ztart Tips?',
      language: 'es',
    });
    await waitFor(
      () => expect(screen.getByTestId('assistant-usage')).toHaveTextContent('Hoy: 17 de 1000 tokens'),
      SLOW,
    );
    expect(screen.getByRole('link', { name: 'Inicia sesión o crea una cuenta' })).toHaveAttribute(
      'href',
      '/auth',
    );
  });

  it('says when the guest quota is used up, and keeps the question to try again', async () => {
    mockApi({
      'GET /api/assistant/guest/usage': [200, usage(1_000)],
      'POST /api/assistant/guest/messages': [
        429,
        error('quota_exceeded', { quota: 'daily', resetsAt: '2026-05-21T00:00:00.000Z' }),
      ],
    });
    renderRoute('/help');
    const field = await screen.findByLabelText('Your question', {}, SLOW);
    await userEvent.type(field, 'How do I send a tip?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'You have used up your assistant allowance',
    );
    expect(field).toHaveValue('How do I send a tip?');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

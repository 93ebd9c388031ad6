import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, onMoneyMoved } from '@/lib/api-client';
import { setDemoMode } from '@/lib/demo/demo-mode';
import { APP_ACTIONS, LOG_USER_ACTION_PATH, logErrorShown, logUserAction } from '@/lib/user-actions';
import { error, mockApi } from '@/test/mock-api';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the app’s own audit entries (log_user_action)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setDemoMode(false);
  });

  it('sends the spec’s parameters and swallows a refusal of the call itself', async () => {
    const mock = mockApi({ [`POST ${LOG_USER_ACTION_PATH}`]: [500, error('internal_error')] });
    expect(() => logUserAction(APP_ACTIONS.qrCreated, 'qr_code:1', { kind: 'static' })).not.toThrow();
    await settle();
    expect(mock.callsTo('POST', LOG_USER_ACTION_PATH)[0]?.body).toEqual({
      p_action_type: 'qr_created',
      p_resource: 'qr_code:1',
      p_metadata: { kind: 'static' },
    });
  });

  it('sends nothing in demo mode', async () => {
    const mock = mockApi({});
    setDemoMode(true);
    logUserAction(APP_ACTIONS.signedIn);
    await settle();
    expect(mock.calls).toHaveLength(0);
  });

  it('logs the same error at the same place once per quiet period', async () => {
    const mock = mockApi({ [`POST ${LOG_USER_ACTION_PATH}`]: [204] });
    logErrorShown('insufficient_balance', 'form:/wallet', 1_000);
    logErrorShown('insufficient_balance', 'form:/wallet', 2_000);
    logErrorShown('insufficient_balance', 'form:/goals', 2_000);
    logErrorShown('insufficient_balance', 'form:/wallet', 12_000);
    await settle();
    const logged = mock.callsTo('POST', LOG_USER_ACTION_PATH).map((call) => call.body);
    expect(logged).toEqual([
      {
        p_action_type: 'error_shown',
        p_resource: 'form:/wallet',
        p_metadata: { code: 'insufficient_balance' },
      },
      {
        p_action_type: 'error_shown',
        p_resource: 'form:/goals',
        p_metadata: { code: 'insufficient_balance' },
      },
      {
        p_action_type: 'error_shown',
        p_resource: 'form:/wallet',
        p_metadata: { code: 'insufficient_balance' },
      },
    ]);
  });

  it('hears of accepted money movements only: a POST with an Idempotency-Key that succeeded', async () => {
    mockApi({
      'POST /api/transfers': [201, {}],
      'POST /api/contacts': [201, {}],
      'POST /api/withdrawals': [422, error('insufficient_balance')],
    });
    const moved: string[] = [];
    const stop = onMoneyMoved((path) => moved.push(path));
    await api.post('/api/transfers', {}, { headers: { 'Idempotency-Key': 'k1' } });
    await api.post('/api/contacts', {});
    await api.post('/api/withdrawals', {}, { headers: { 'Idempotency-Key': 'k2' } }).catch(() => undefined);
    stop();
    await api.post('/api/transfers', {}, { headers: { 'Idempotency-Key': 'k3' } });
    expect(moved).toEqual(['/api/transfers']);
  });
});

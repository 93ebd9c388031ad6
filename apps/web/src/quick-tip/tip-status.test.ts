import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, mockApi } from '@/test/mock-api';
import { tip } from './test-data.ts';
import { TIP_STATUS_FIRST_ASK_MS, TIP_STATUS_GIVE_UP_MS, useTipStatus } from './tip-status.ts';

const PENDING = tip({ status: 'pending' });
const path = `GET /api/public/tips/${PENDING.id}`;
const progress = (status: string) =>
  [200, { id: PENDING.id, status, settledAt: status === 'pending' ? null : '2026-06-15T12:00:05Z' }] as const;

/** Lets the timers due within `ms` run, and the answers they asked for arrive. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the receipt of a card tip follows its status', () => {
  it('asks again while it is pending, then shows it completed and stops asking', async () => {
    const answers = [progress('pending'), progress('completed')];
    const api = mockApi({ [path]: () => answers.shift() ?? progress('completed') });
    const { result } = renderHook(() => useTipStatus(PENDING, true));

    expect(result.current).toBe('pending');
    await wait(TIP_STATUS_FIRST_ASK_MS);
    expect(result.current).toBe('pending');
    expect(api.calls).toHaveLength(1);
    await wait(TIP_STATUS_FIRST_ASK_MS * 1.5);
    expect(result.current).toBe('completed');
    expect(api.calls).toHaveLength(2);
    await wait(60_000);
    expect(api.calls).toHaveLength(2);
  });

  it('shows a tip that failed at settlement as failed', async () => {
    mockApi({ [path]: progress('failed') });
    const { result } = renderHook(() => useTipStatus(PENDING, true));
    await wait(TIP_STATUS_FIRST_ASK_MS);
    expect(result.current).toBe('failed');
  });

  it('keeps asking after a lost answer, and gives up after half an hour', async () => {
    let answers = 0;
    const api = mockApi({
      [path]: () => (++answers === 1 ? [503, error('service_unavailable')] : progress('pending')),
    });
    const { result } = renderHook(() => useTipStatus(PENDING, true));
    await wait(TIP_STATUS_GIVE_UP_MS + 60_000);
    const asked = api.calls.length;
    expect(asked).toBeGreaterThan(100);
    expect(result.current).toBe('pending');
    await wait(10 * 60_000);
    expect(api.calls).toHaveLength(asked);
  });

  it('asks nothing for a tip already settled, nor in the demo', async () => {
    const api = mockApi({});
    renderHook(() => useTipStatus(tip({ status: 'completed' }), true));
    renderHook(() => useTipStatus(PENDING, false));
    await wait(60_000);
    expect(api.calls).toEqual([]);
  });
});

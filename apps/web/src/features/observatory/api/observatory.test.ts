import type { ObservatorySnapshot } from '@ztart/shared/contracts/admin';
import { describe, expect, it, vi } from 'vitest';
import {
  connectObservatory,
  OBSERVATORY_EVENTS_PATH,
  type StreamState,
} from '@/features/observatory/api/observatory';
import type { EventSourceLike } from '@/lib/live-events';

function snapshot(overrides: Partial<ObservatorySnapshot> = {}): ObservatorySnapshot {
  return {
    generatedAt: '2026-05-02T10:00:00.000Z',
    services: { database: 'up', redis: 'not_configured', mail: 'up' },
    routes: [
      {
        group: 'wallet',
        requestsPerMinute: 12,
        errorRatePerMille: 25,
        p50Ms: 4,
        p95Ms: 20,
        p99Ms: 41,
        totalRequests: 300,
      },
    ],
    moneyMovements: [
      { minute: '2026-05-02T09:58:00.000Z', count: 2 },
      { minute: '2026-05-02T09:59:00.000Z', count: 3 },
    ],
    invariant: { ok: true, checkedAt: '2026-05-02T09:59:30.000Z', differences: 0 },
    system: null,
    ...overrides,
  };
}

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => unknown) | null = null;
  onerror: ((event: Event) => unknown) | null = null;
  closed = false;
  listeners = new Map<string, (event: MessageEvent) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    this.listeners.get(type)?.(new MessageEvent(type, { data }));
  }
}

describe('the observatory stream', () => {
  it('passes on each snapshot event, skips what breaks the contract, and reopens after a drop', () => {
    vi.useFakeTimers();
    const sources: FakeSource[] = [];
    const snapshots: ObservatorySnapshot[] = [];
    const states: StreamState[] = [];
    const close = connectObservatory({
      createSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
      onSnapshot: (next) => snapshots.push(next),
      onStateChange: (state) => states.push(state),
      delayMs: (attempt) => attempt * 1_000,
    });

    const first = sources[0]!;
    expect(first.url).toBe(OBSERVATORY_EVENTS_PATH);
    first.onopen?.(new Event('open'));
    first.emit('snapshot', JSON.stringify({ type: 'snapshot', snapshot: snapshot() }));
    first.emit('snapshot', JSON.stringify({ type: 'snapshot', snapshot: { generatedAt: 'yesterday' } }));
    first.emit('snapshot', 'not json');
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]?.routes[0]?.group).toBe('wallet');

    first.onerror?.(new Event('error'));
    expect(first.closed).toBe(true);
    expect(states).toEqual(['connecting', 'live', 'reconnecting']);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(2);
    sources[1]!.onopen?.(new Event('open'));
    expect(states.at(-1)).toBe('live');

    close();
    expect(sources[1]!.closed).toBe(true);
    vi.useRealTimers();
  });
});

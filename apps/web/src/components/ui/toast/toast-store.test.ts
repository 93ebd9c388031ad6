import { TOAST_DURATION_MS, TOAST_LIMIT } from '@ztart/shared/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '@/components/ui/toast/toast-store';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never shows more than TOAST_LIMIT toasts and keeps the newest', () => {
    const store = createToastStore();
    for (let n = 1; n <= 5; n += 1) {
      store.show({ title: `Toast ${n}` });
      expect(store.getSnapshot().length).toBeLessThanOrEqual(TOAST_LIMIT);
    }
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual(
      ['Toast 5', 'Toast 4', 'Toast 3', 'Toast 2', 'Toast 1'].slice(0, TOAST_LIMIT),
    );
  });

  it('a newer toast replaces the older one when only one fits', () => {
    const store = createToastStore({ limit: 1 });
    store.show({ title: 'Signed Out' });
    store.show({ title: 'Login successful', variant: 'success' });
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ title: 'Login successful', variant: 'success' }),
    ]);
  });

  it('removes a toast after TOAST_DURATION_MS', () => {
    const store = createToastStore();
    store.show({ title: 'Demo Mode', description: 'Demo mode is now active' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("a replaced toast's timer does not remove its successor early", () => {
    const store = createToastStore({ limit: 1, durationMs: 1000 });
    store.show({ title: 'first' });
    vi.advanceTimersByTime(900);
    store.show({ title: 'second' });
    vi.advanceTimersByTime(500);
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual(['second']);
    vi.advanceTimersByTime(500);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('dismisses on request and tells its subscribers', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ title: 'Exit Demo' });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ title: 'again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

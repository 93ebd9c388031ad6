import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { LiveEvent, Notification } from '@ztart/shared/contracts/notifications';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { setDemoMode } from '@/lib/demo/demo-mode';
import { DEMO_SETTLE_MS, demoPaymentMethods, resetDemoMoney, simulateDeposit } from '@/lib/demo/demo-money';
import { celebrationStore } from '@/lib/gamification/celebrations';
import {
  applyLiveEvent,
  connectLiveEvents,
  type EventSourceLike,
  LiveEvents,
  notificationToast,
  reconnectDelayMs,
  UNREAD_COUNT_QUERY_KEY,
} from '@/lib/live-events';
import { createTestI18n } from '@/test/i18n';
import { demoUser, signedIn, TestProviders } from '@/test/render';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource implements EventSourceLike {
  static opened: FakeSource[] = [];
  onopen: ((event: Event) => unknown) | null = null;
  onerror: ((event: Event) => unknown) | null = null;
  closed = false;
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
}

function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: '3f0b1c2d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    type: 'income',
    kind: 'deposit',
    status: 'completed',
    amountMinor: 5_000,
    currency: 'USD',
    categoryId: null,
    description: 'Deposit',
    note: null,
    counterparty: null,
    paymentMethod: null,
    failureCode: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    settledAt: '2026-05-01T10:01:00.000Z',
    ...overrides,
  };
}

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '8a1b2c3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d',
    type: 'transfer',
    event: 'transfer_received',
    data: { amountMinor: 1_234, currency: 'USD', fromZtartag: 'leo', fromName: 'Leo Martins' },
    readAt: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A client holding the answers a money screen shows, to see which ones an event makes stale. */
function clientWithAnswers() {
  const client = new QueryClient();
  for (const key of [
    ['wallet', 'summary'],
    ['wallet', 'analytics', 'USD', 30],
    ['transactions', 'list'],
    ['notifications', 'list'],
    ['profile'],
  ]) {
    client.setQueryData(key, { cached: true });
  }
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey[0]);
  return { client, stale };
}

beforeEach(() => {
  FakeSource.opened = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetDemoMoney();
  celebrationStore.dismissAll();
});

describe('applyLiveEvent', () => {
  it('a transaction event refreshes the wallet, its analytics and the transactions, nothing else', async () => {
    const { client, stale } = clientWithAnswers();
    await applyLiveEvent(client, { type: 'transaction', transaction: transaction() }, createTestI18n('en'));
    expect(new Set(stale())).toEqual(new Set(['wallet', 'transactions']));
    expect(stale().filter((root) => root === 'wallet')).toHaveLength(2);
    expect(toastStore.getSnapshot()).toEqual([]);
  });

  it('a notification event refreshes the notifications and says what happened, in the language shown', async () => {
    const { client, stale } = clientWithAnswers();
    await applyLiveEvent(
      client,
      { type: 'notification', notification: notification() },
      createTestI18n('en'),
    );
    expect(stale()).toEqual(['notifications']);
    expect(toastStore.getSnapshot()[0]?.title).toBe('You received $12.34 from @leo');

    await applyLiveEvent(
      client,
      {
        type: 'notification',
        notification: notification({
          event: 'deposit_completed',
          data: { amountMinor: 5_000, currency: 'EUR' },
        }),
      },
      createTestI18n('es'),
    );
    const spanish = toastStore.getSnapshot()[0]?.title ?? '';
    expect(spanish.replace(/\s/g, ' ')).toContain('50,00 €');
    expect(spanish).toMatch(/depósito/);
  });
});

describe('gamification in live events', () => {
  it('a celebration refreshes the level, XP and challenges and shows the celebration, not a toast', async () => {
    const { client } = clientWithAnswers();
    client.setQueryData(['gamification', 'standing'], { cached: true });
    const toastsBefore = toastStore.getSnapshot();
    const celebration = { kind: 'challenge_complete', challengeId: 'send_tip', xp: 25 } as const;
    await applyLiveEvent(client, { type: 'celebration', celebration }, createTestI18n('en'));
    expect(client.getQueryState(['gamification', 'standing'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['wallet', 'summary'])?.isInvalidated).toBe(false);
    expect(celebrationStore.getSnapshot().map((shown) => shown.celebration)).toEqual([celebration]);
    expect(toastStore.getSnapshot()).toBe(toastsBefore);
  });

  it('money moving refreshes the level and XP too: money actions earn XP', async () => {
    const { client } = clientWithAnswers();
    client.setQueryData(['gamification', 'standing'], { cached: true });
    await applyLiveEvent(client, { type: 'transaction', transaction: transaction() }, createTestI18n('en'));
    expect(client.getQueryState(['gamification', 'standing'])?.isInvalidated).toBe(true);
  });

  it('an achievement or level notification counts in the bell without a toast: its celebration says it', async () => {
    const { client, stale } = clientWithAnswers();
    client.setQueryData(UNREAD_COUNT_QUERY_KEY, 0);
    const toastsBefore = toastStore.getSnapshot();
    await applyLiveEvent(
      client,
      {
        type: 'notification',
        notification: notification({
          type: 'achievement',
          event: 'achievement_unlocked',
          data: { achievementId: 'first_deposit', rarity: 'common' },
        }),
      },
      createTestI18n('en'),
    );
    expect(client.getQueryData(UNREAD_COUNT_QUERY_KEY)).toBe(1);
    expect(stale()).toContain('notifications');
    expect(toastStore.getSnapshot()).toBe(toastsBefore);
  });

  it('words achievement and level notifications in the notification centre', async () => {
    const en = createTestI18n('en');
    await en.loadNamespaces('gamification');
    const unlocked = notification({
      type: 'achievement',
      event: 'achievement_unlocked',
      data: { achievementId: 'tips_received_10', rarity: 'rare' },
    });
    expect(notificationToast(unlocked, en).title).toBe('Achievement unlocked: Crowd pleaser');
    const level = notification({ type: 'achievement', event: 'level_up', data: { level: 'expert' } });
    expect(notificationToast(level, en).title).toBe('You reached the Expert level');
    const es = createTestI18n('es');
    await es.loadNamespaces('gamification');
    expect(notificationToast(level, es).title).toBe('Llegaste al nivel Experto');
  });
});

describe('a budget alert in words', () => {
  const alert = (data: Notification['data']) =>
    notification({
      type: 'reminder',
      event: 'budget_alert',
      data: { amountMinor: 10_000, currency: 'USD', month: '2026-05', percent: 80, ...data },
    });

  it('names the budget’s category: a default one translated, or the person’s own name for it', () => {
    const en = createTestI18n('en');
    expect(notificationToast(alert({ categoryKey: 'food', categoryName: null }), en).title).toBe(
      "You've used 80 % of your $100.00 budget for Food & drink",
    );
    expect(
      notificationToast(alert({ categoryKey: null, categoryName: 'Groceries', percent: 100 }), en).title,
    ).toBe("You've spent your whole $100.00 budget for Groceries");
    // A renamed default category goes by the person’s name.
    expect(notificationToast(alert({ categoryKey: 'food', categoryName: 'Lunches' }), en).title).toMatch(
      /budget for Lunches$/,
    );
    const es = notificationToast(
      alert({ categoryKey: 'transport', categoryName: null }),
      createTestI18n('es'),
    );
    expect(es.title).toMatch(/presupuesto de .+ para Transporte$/);
  });

  it('still reads well when the alert names no category', () => {
    expect(notificationToast(alert({ percent: 100 }), createTestI18n('en')).title).toBe(
      "You've spent your whole $100.00 budget",
    );
    expect(notificationToast(alert({ categoryKey: 'unknown_key' }), createTestI18n('en')).title).toBe(
      "You've used 80 % of your $100.00 budget",
    );
  });
});

describe('the bell’s count in live events', () => {
  it('a new notification adds one at once and refreshes the count; reading elsewhere sets it', async () => {
    const { client, stale } = clientWithAnswers();
    client.setQueryData(UNREAD_COUNT_QUERY_KEY, 2);
    await applyLiveEvent(
      client,
      { type: 'notification', notification: notification() },
      createTestI18n('en'),
    );
    expect(client.getQueryData(UNREAD_COUNT_QUERY_KEY)).toBe(3);
    expect(stale()).toEqual(['notifications', 'notifications']);

    const toastsBefore = toastStore.getSnapshot();
    const { client: other, stale: otherStale } = clientWithAnswers();
    other.setQueryData(UNREAD_COUNT_QUERY_KEY, 7);
    await applyLiveEvent(other, { type: 'notifications_read', unreadCount: 0 }, createTestI18n('en'));
    expect(other.getQueryData(UNREAD_COUNT_QUERY_KEY)).toBe(0);
    // The lists refresh; the count the server just gave is kept as it is.
    expect(otherStale()).toEqual(['notifications']);
    expect(other.getQueryState(UNREAD_COUNT_QUERY_KEY)?.isInvalidated).toBe(false);
    // Reading says nothing aloud.
    expect(toastStore.getSnapshot()).toEqual(toastsBefore);
  });

  it('listens for every kind of live event, reads included', () => {
    vi.useFakeTimers();
    let source: FakeSource | undefined;
    const events: LiveEvent[] = [];
    const close = connectLiveEvents({
      parse: (type, data) => ({ type, ...JSON.parse(data) }) as LiveEvent,
      onEvent: (event) => events.push(event),
      onReconnect: () => {},
      createSource: () => {
        source = new FakeSource('/api/events');
        return source;
      },
    });
    source?.emit('notifications_read', { unreadCount: 4 });
    expect(events).toEqual([{ type: 'notifications_read', unreadCount: 4 }]);
    close();
  });
});

describe('connectLiveEvents', () => {
  const parse = (type: string, data: string) => ({ type, ...JSON.parse(data) }) as LiveEvent;

  it('hands on each event of the stream', () => {
    const onEvent = vi.fn();
    const close = connectLiveEvents({
      parse,
      onEvent,
      onReconnect: vi.fn(),
      createSource: (url) => new FakeSource(url),
    });
    const source = FakeSource.opened[0];
    expect(source?.url).toBe('/api/events');
    source?.open();
    source?.emit('transaction', { transaction: transaction() });
    expect(onEvent).toHaveBeenCalledWith({ type: 'transaction', transaction: transaction() });
    close();
    expect(source?.closed).toBe(true);
  });

  it('reconnects with growing pauses, and refreshes on reconnection for what was missed', () => {
    vi.useFakeTimers();
    const onReconnect = vi.fn();
    const delays: number[] = [];
    const close = connectLiveEvents({
      parse,
      onEvent: vi.fn(),
      onReconnect,
      createSource: (url) => new FakeSource(url),
      delayMs: (attempt) => {
        const delay = reconnectDelayMs(attempt, () => 0.5);
        delays.push(delay);
        return delay;
      },
    });
    FakeSource.opened[0]?.open();
    FakeSource.opened[0]?.fail();
    expect(FakeSource.opened[0]?.closed).toBe(true);
    expect(FakeSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeSource.opened).toHaveLength(2);
    // The server is still down: the next pause is longer.
    FakeSource.opened[1]?.fail();
    vi.advanceTimersByTime(1_999);
    expect(FakeSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSource.opened).toHaveLength(3);
    expect(delays).toEqual([1_000, 2_000]);
    expect(onReconnect).not.toHaveBeenCalled();
    FakeSource.opened[2]?.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);

    // Closed for good: no more attempts.
    FakeSource.opened[2]?.fail();
    close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSource.opened).toHaveLength(3);
  });

  it('never waits more than 30 seconds between attempts', () => {
    expect(reconnectDelayMs(20, () => 0.5)).toBe(30_000);
    expect(reconnectDelayMs(20, () => 1)).toBeLessThanOrEqual(37_500);
  });
});

describe('<LiveEvents /> in the signed-in app', () => {
  it('opens one stream while signed in; a transaction event refetches the balance on screen', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    let fetches = 0;
    function Balance() {
      const wallet = useQuery({ queryKey: ['wallet', 'summary'], queryFn: async () => ++fetches });
      return <p>fetched {wallet.data ?? 0}</p>;
    }
    const { unmount } = render(
      <TestProviders auth={signedIn()}>
        <LiveEvents />
        <Balance />
      </TestProviders>,
    );
    expect(await screen.findByText('fetched 1')).toBeInTheDocument();
    await waitFor(() => expect(FakeSource.opened).toHaveLength(1));
    const source = FakeSource.opened[0];
    act(() => source?.open());
    // A message that does not match the contract is ignored.
    act(() => source?.emit('transaction', { transaction: { id: 'nope' } }));
    act(() => source?.emit('transaction', { transaction: transaction({ status: 'completed' }) }));
    expect(await screen.findByText('fetched 2')).toBeInTheDocument();
    unmount();
    expect(source?.closed).toBe(true);
  });

  it('opens no stream when signed out or in demo mode', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    render(
      <TestProviders>
        <LiveEvents />
      </TestProviders>,
    );
    setDemoMode(true);
    render(
      <TestProviders auth={demoUser()}>
        <LiveEvents />
      </TestProviders>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeSource.opened).toHaveLength(0);
  });

  it('in demo mode, a simulated deposit settling shows its toast, as a live event would', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setDemoMode(true);
    render(
      <TestProviders auth={demoUser()} toaster>
        <LiveEvents />
      </TestProviders>,
    );
    // The demo's module loads on demand: let it subscribe.
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    const card = demoPaymentMethods().find((method) => method.type === 'card');
    if (!card) throw new Error('no demo card');
    act(() => {
      simulateDeposit({ paymentMethodId: card.id, amountMinor: 2_000, currency: 'USD' });
    });
    await act(async () => {
      vi.advanceTimersByTime(DEMO_SETTLE_MS);
    });
    await waitFor(() =>
      expect(toastStore.getSnapshot()[0]?.title).toBe('Your deposit of $20.00 has arrived'),
    );
  });
});

describe('an invoice falling due in words', () => {
  it('says the due date as a date of the person’s language, not as stored', () => {
    const dueSoon = notification({
      type: 'reminder',
      event: 'invoice_due_soon',
      data: { amountMinor: 1_104, currency: 'USD', invoiceNumber: 'INV-2026-0001', dueDate: '2026-05-31' },
    });
    expect(notificationToast(dueSoon, createTestI18n('en')).title).toBe(
      'Invoice INV-2026-0001 ($11.04) is due on May 31, 2026',
    );
    const french = notificationToast(dueSoon, createTestI18n('fr')).title;
    expect(french).toContain('31 mai 2026');
    expect(french).not.toContain('2026-05-31');
  });
});

describe('a plan that could not be renewed in words', () => {
  it('names the plan and the price the wallet lacked, in the person’s language', () => {
    const failed = notification({
      type: 'system',
      event: 'plan_renewal_failed',
      data: { amountMinor: 2_700, currency: 'EUR', planLevel: 'business' },
    });
    const english = notificationToast(failed, createTestI18n('en'));
    expect(english.variant).toBe('destructive');
    expect(english.title).toContain('Your Business plan could not be renewed');
    expect(english.title).toContain('€27.00');
    expect(notificationToast(failed, createTestI18n('es')).title).toContain(
      'No se pudo renovar tu plan Business',
    );
  });
});

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { LiveEvent, Notification } from '@ztart/shared/contracts/notifications';
import { type Currency, formatMoney, isCurrency } from '@ztart/shared/money';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast/toast-store';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCalendarDate } from '@/lib/calendar-date';
import { afterFirstScreen } from '@/lib/contract-check';
import { celebrationStore } from '@/lib/gamification/celebrations';

export const LIVE_EVENTS_PATH = '/api/events';

/**
 * Query roots that a money movement touches. The features own their keys; every one of them
 * sits under one of these roots, so a movement refreshes every balance, list and chart.
 */
export const WALLET_QUERY_ROOT = ['wallet'] as const;
export const TRANSACTIONS_QUERY_ROOT = ['transactions'] as const;
/**
 * The analytics screen's figures (features/analytics): under the transactions' root, so every
 * movement refreshes them; a change of time zone refreshes them alone.
 */
export const ANALYTICS_QUERY_ROOT = [...TRANSACTIONS_QUERY_ROOT, 'analytics'] as const;
export const NOTIFICATIONS_QUERY_ROOT = ['notifications'] as const;
/** The bell's unread count (lib/notifications), which live events set directly. */
export const UNREAD_COUNT_QUERY_KEY = [...NOTIFICATIONS_QUERY_ROOT, 'unread-count'] as const;
/** Received and sent tips with their totals (features/tips). */
export const TIPS_QUERY_ROOT = ['tips'] as const;
/** Debts and their settlements (features/debts): a settlement by transfer is a movement too. */
export const DEBTS_QUERY_ROOT = ['debts'] as const;
/** Budgets with what was spent (features/budgets): every spend changes them. */
export const BUDGETS_QUERY_ROOT = ['budgets'] as const;
/** Savings goals: money moved into or out of them changes the wallet too. */
export const GOALS_QUERY_ROOT = ['goals'] as const;
/** The person's investments: a wallet movement may be an order, so money events refresh them too. */
export const INVESTMENTS_QUERY_ROOT = ['investments'] as const;
/** The person's invoices: a payment of one lands in the wallet, so money events refresh them too. */
export const INVOICES_QUERY_ROOT = ['invoices'] as const;
/** Level, XP, achievements and challenges: money movements earn XP, so they refresh them too. */
export const GAMIFICATION_QUERY_ROOT = ['gamification'] as const;

/**
 * The app keeps answers fresh for minutes and does not refetch on mount; an answer that a
 * movement made stale must be fetched again when its screen opens (`refetchOnMount`).
 */
export function refetchIfInvalidated(query: { state: { isInvalidated: boolean } }): boolean {
  return query.state.isInvalidated;
}

/** After money moved (here, or in another tab, or towards this person): balances, lists and charts refresh. */
export function invalidateMoneyQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: DEBTS_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: BUDGETS_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: GOALS_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: INVESTMENTS_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: GAMIFICATION_QUERY_ROOT }),
  ]).then(() => undefined);
}

/**
 * The budget's category as the person reads it elsewhere: their own name for it, else a default
 * category's translated name (the transactions catalogue's), else null when the alert names none.
 */
function budgetCategoryName(data: Notification['data'], i18n: I18n): string | null {
  if (data.categoryName) return data.categoryName;
  const key = data.categoryKey ? `categories.${data.categoryKey}` : null;
  return key && i18n.exists(key, { ns: 'transactions' })
    ? i18n.getFixedT(null, 'transactions')(key as 'categories.food')
    : null;
}

/** A plan's name as the plans screen shows it (the business catalogue's), else its level as sent. */
function planName(level: string | undefined, i18n: I18n): string {
  const key = `plans.levels.${level ?? ''}`;
  return level && i18n.exists(key, { ns: 'business' })
    ? i18n.getFixedT(null, 'business')(key as 'plans.levels.business')
    : (level ?? '');
}

/** A notification event in words: "You received $12.34 from @leo". */
export function notificationToast(
  notification: Notification,
  i18n: I18n,
): { title: string; variant: 'success' | 'destructive' | 'default' } {
  const { data } = notification;
  const currency: Currency = isCurrency(data.currency) ? data.currency : 'USD';
  const amount = formatMoney(data.amountMinor ?? 0, currency, i18n.language);
  const from = data.fromZtartag ? `@${data.fromZtartag}` : data.fromName;
  const t = i18n.getFixedT(null, 'wallet');
  const gamification = i18n.getFixedT(null, 'gamification');
  switch (notification.event) {
    case 'transfer_received':
      return {
        title: t(from ? 'live.transferReceived' : 'live.transferReceivedAnonymous', { amount, from }),
        variant: 'success',
      };
    case 'tip_received':
      return {
        title: t(from ? 'live.tipReceived' : 'live.tipReceivedAnonymous', { amount, from }),
        variant: 'success',
      };
    case 'deposit_completed':
      return { title: t('live.depositCompleted', { amount }), variant: 'success' };
    case 'deposit_failed':
      return { title: t('live.depositFailed', { amount }), variant: 'destructive' };
    case 'withdrawal_completed':
      return { title: t('live.withdrawalCompleted', { amount }), variant: 'success' };
    case 'withdrawal_failed':
      return { title: t('live.withdrawalFailed', { amount }), variant: 'destructive' };
    case 'debt_recorded':
      return {
        title: t(from ? 'live.debtRecorded' : 'live.debtRecordedAnonymous', { amount, from }),
        variant: 'default',
      };
    case 'debt_due':
      return {
        title: t(from ? 'live.debtDue' : 'live.debtDueAnonymous', { amount, from }),
        variant: 'default',
      };
    case 'budget_alert': {
      const reached = data.percent !== undefined && data.percent >= 100;
      const category = budgetCategoryName(data, i18n);
      const key = category
        ? reached
          ? 'live.budgetReached'
          : 'live.budgetNear'
        : reached
          ? 'live.budgetReachedNoCategory'
          : 'live.budgetNearNoCategory';
      return { title: t(key, { amount, percent: data.percent ?? 80, category }), variant: 'default' };
    }
    case 'goal_reached':
      return { title: t('live.goalReached', { amount, name: data.goalName ?? '' }), variant: 'success' };
    case 'invoice_paid':
      return {
        title: t('live.invoicePaid', {
          amount,
          number: data.invoiceNumber ?? '',
          customer: data.customerName ?? '',
        }),
        variant: 'success',
      };
    case 'invoice_payment_failed':
      return {
        title: t('live.invoicePaymentFailed', { amount, number: data.invoiceNumber ?? '' }),
        variant: 'destructive',
      };
    case 'invoice_due_soon':
      return {
        title: t('live.invoiceDueSoon', {
          amount,
          number: data.invoiceNumber ?? '',
          date: data.dueDate ? formatCalendarDate(data.dueDate, i18n.language) : '',
        }),
        variant: 'default',
      };
    case 'invoice_overdue':
      return {
        title: t('live.invoiceOverdue', {
          amount,
          number: data.invoiceNumber ?? '',
          customer: data.customerName ?? '',
        }),
        variant: 'default',
      };
    case 'achievement_unlocked':
      return {
        title: data.achievementId
          ? gamification('notifications.achievementUnlocked', {
              title: gamification(`achievements.${data.achievementId}.title`),
            })
          : gamification('notifications.achievementUnlockedUnnamed'),
        variant: 'success',
      };
    case 'level_up':
      return {
        title: data.level
          ? gamification('notifications.levelUp', { level: gamification(`levels.${data.level}`) })
          : gamification('notifications.levelUpUnnamed'),
        variant: 'success',
      };
    case 'plan_renewal_failed':
      return {
        title: t('live.planRenewalFailed', { amount, plan: planName(data.planLevel, i18n) }),
        variant: 'destructive',
      };
  }
}

/** Notifications whose news the celebration of the same moment already shows: no toast for them. */
const CELEBRATED_EVENTS: ReadonlySet<Notification['event']> = new Set(['achievement_unlocked', 'level_up']);

/**
 * What each event does to the screen: a transaction refreshes money queries; a notification
 * refreshes the notification queries and says what happened in a toast.
 */
export async function applyLiveEvent(queryClient: QueryClient, event: LiveEvent, i18n: I18n): Promise<void> {
  if (event.type === 'notifications_read') {
    // Read on another page (or this one): the bell shows the server's count, the lists refresh.
    queryClient.setQueryData(UNREAD_COUNT_QUERY_KEY, event.unreadCount);
    void queryClient.invalidateQueries({
      queryKey: NOTIFICATIONS_QUERY_ROOT,
      predicate: (query) => query.queryKey[1] !== UNREAD_COUNT_QUERY_KEY[1],
    });
    return;
  }
  if (event.type === 'transaction') {
    const { kind } = event.transaction;
    // A tip arriving, or settling from pending to completed or failed, changes the tips lists.
    if (kind === 'tip_in' || kind === 'tip_out')
      void queryClient.invalidateQueries({ queryKey: TIPS_QUERY_ROOT });
    await invalidateMoneyQueries(queryClient);
    return;
  }
  if (event.type === 'celebration') {
    void queryClient.invalidateQueries({ queryKey: GAMIFICATION_QUERY_ROOT });
    // Its words are ready when its card and its announcement show.
    await i18n.loadNamespaces(['gamification']);
    celebrationStore.celebrate(event.celebration);
    return;
  }
  // The bell counts it at once; the refetch that follows confirms the count.
  queryClient.setQueryData<number>(UNREAD_COUNT_QUERY_KEY, (count) =>
    count === undefined ? count : count + 1,
  );
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT });
  if (event.notification.event === 'debt_recorded' || event.notification.event === 'debt_due')
    void queryClient.invalidateQueries({ queryKey: DEBTS_QUERY_ROOT });
  if (CELEBRATED_EVENTS.has(event.notification.event)) return;
  // Budget alerts name their category from the transactions catalogue.
  await i18n.loadNamespaces(['wallet', 'transactions']);
  toast(notificationToast(event.notification, i18n));
}

/** The `event:` names of the stream: every kind of LiveEvent (the type asks for each). */
const LIVE_EVENT_TYPES = Object.keys({
  transaction: true,
  notification: true,
  notifications_read: true,
  celebration: true,
} satisfies Record<LiveEvent['type'], true>) as LiveEvent['type'][];

/** The wait before reconnecting after the `attempt`-th failure in a row: 1 s doubling to 30 s, with jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/** What this module uses of an EventSource (tests pass a fake one). */
export interface EventSourceLike {
  onopen: ((event: Event) => unknown) | null;
  onerror: ((event: Event) => unknown) | null;
  addEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
  close: () => void;
}

export interface LiveConnectionOptions {
  onEvent: (event: LiveEvent) => void;
  /** After a reconnection: events may have been missed while the stream was down. */
  onReconnect: () => void;
  createSource?: (url: string) => EventSourceLike;
  /** Parses one message's data; rejects what does not match the contract. */
  parse: (type: string, data: string) => LiveEvent | null;
  delayMs?: (attempt: number) => number;
}

/**
 * One stream of live events, reopened with growing pauses when it drops (the browser's own
 * retry would hammer a server that refuses the stream). Returns the function that closes it.
 */
export function connectLiveEvents({
  onEvent,
  onReconnect,
  parse,
  createSource = (url) => new EventSource(url, { withCredentials: true }),
  delayMs = reconnectDelayMs,
}: LiveConnectionOptions): () => void {
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let everOpened = false;
  let closed = false;

  const open = () => {
    const current = createSource(LIVE_EVENTS_PATH);
    source = current;
    current.onopen = () => {
      if (everOpened) onReconnect();
      everOpened = true;
      failures = 0;
    };
    current.onerror = () => {
      current.close();
      if (closed) return;
      failures += 1;
      timer = setTimeout(open, delayMs(failures));
    };
    for (const type of LIVE_EVENT_TYPES) {
      current.addEventListener(type, (message) => {
        const event = parse(type, String(message.data));
        if (event) onEvent(event);
      });
    }
  };

  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}

/**
 * Reads one message with the shared contract, loaded once the first screen is done (with zod: a
 * signed-in first screen does not download it first, lib/contract-check.ts). The stream opens then;
 * what changed before is in the answers the first screen fetched.
 */
async function loadParser(): Promise<LiveConnectionOptions['parse']> {
  await afterFirstScreen();
  const { liveEventSchema } = await import('@ztart/shared/contracts/notifications');
  return (type, data) => {
    try {
      const parsed = liveEventSchema.safeParse({ type, ...JSON.parse(data) });
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
}

/**
 * Keeps the screen in step with the person's money while they are signed in: the server's event
 * stream, or in demo mode the simulated movements of demo-money. Mounted once, in the app layout.
 */
export function useLiveEvents(): void {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const signedIn = auth.status === 'signedIn';
  const demo = signedIn && auth.demo;
  const userId = signedIn ? auth.user.id : null;

  useEffect(() => {
    if (!userId) return;
    const handle = (event: LiveEvent) => void applyLiveEvent(queryClient, event, i18n);
    let disconnect: (() => void) | null = null;
    let cancelled = false;
    if (demo) {
      // Loaded on demand: the demo's data stays out of the layout's code.
      void import('@/lib/demo/demo-money').then(({ subscribeDemoMoney }) => {
        if (!cancelled) disconnect = subscribeDemoMoney((events) => events.forEach(handle));
      });
    } else if (typeof EventSource !== 'undefined') {
      // Browsers without EventSource (and test DOMs) simply refresh when screens open.
      void loadParser().then((parse) => {
        if (cancelled) return;
        disconnect = connectLiveEvents({
          parse,
          onEvent: handle,
          onReconnect: () => {
            // What changed while the stream was down (XP too) is in these answers; its celebrations are past.
            void queryClient.invalidateQueries({ queryKey: TIPS_QUERY_ROOT });
            void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT });
            void invalidateMoneyQueries(queryClient);
          },
        });
      });
    }
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [userId, demo, queryClient, i18n]);
}

/** The hook as a component, for the layout: `<LiveEvents />`. */
export function LiveEvents(): null {
  useLiveEvents();
  return null;
}

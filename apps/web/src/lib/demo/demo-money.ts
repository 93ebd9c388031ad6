import {
  detectCardBrand,
  isCardExpired,
  isValidAccountNumber,
  isValidCardNumber,
  isValidCvc,
  isValidIban,
  isValidRoutingNumber,
  normalizeCardNumber,
  normalizeIban,
} from '@ztart/shared/cards';
import type { LiveEvent, Notification } from '@ztart/shared/contracts/notifications';
import type { AddPaymentMethodRequest, PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import type {
  Category,
  DefaultCategoryKey,
  Transaction,
  TransactionKind,
  TransactionStatus,
} from '@ztart/shared/contracts/transactions';
import {
  CATEGORY_OF_KIND,
  DEFAULT_CATEGORY_COLORS,
  DEFAULT_CATEGORY_KEYS,
  TYPE_OF_KIND,
} from '@ztart/shared/contracts/transactions';
import type {
  DepositRequest,
  MoneyMovementResponse,
  RecipientResponse,
  TransferRequest,
  WalletAnalyticsResponse,
  WalletBalance,
  WalletResponse,
  WithdrawalRequest,
} from '@ztart/shared/contracts/wallet';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { CURRENCIES, type Currency, isAmountMinor } from '@ztart/shared/money';
import { cleanPhone } from '@ztart/shared/patterns';
import { toReferenceMinor } from '@ztart/shared/reference-rates';
import { ApiError, type ApiErrorCode } from '@/lib/api-client';
import { DEMO_USER } from '@/lib/demo/demo-mode';

/**
 * The demo person's money (spec §4): a believable wallet that lives in this module only.
 * Nothing here reaches the server; simulated movements change the local state and tell
 * subscribers, so the screens can show them like real ones.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Fixed ids so that lists keep their keys across renders and tests can name rows. */
function demoId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** The default categories, as the server creates them for a new person. */
export function demoCategories(): Category[] {
  return DEFAULT_CATEGORY_KEYS.map((key, index) => ({
    id: demoId(0xca7000 + index),
    key,
    name: null,
    color: DEFAULT_CATEGORY_COLORS[key],
  }));
}

function categoryIdOf(key: DefaultCategoryKey | null): string | null {
  if (key === null) return null;
  return demoId(0xca7000 + DEFAULT_CATEGORY_KEYS.indexOf(key));
}

const DEMO_CARD_VISA: PaymentMethod = {
  id: demoId(0xc0001),
  type: 'card',
  brand: 'visa',
  last4: '4242',
  expMonth: 8,
  expYear: 2029,
  holderName: 'Alex Demo',
  billingAddress: {
    line1: 'Rua Augusta 120',
    city: 'Lisboa',
    postalCode: '1100-053',
    country: 'PT',
  },
  bankAccountKind: null,
  country: null,
  isDefault: true,
  createdAt: '2026-01-02T10:00:00.000Z',
};

const DEMO_CARD_MASTERCARD: PaymentMethod = {
  id: demoId(0xc0002),
  type: 'card',
  brand: 'mastercard',
  last4: '4444',
  expMonth: 3,
  expYear: 2028,
  holderName: 'Alex Demo',
  billingAddress: {
    line1: 'Rua Augusta 120',
    city: 'Lisboa',
    postalCode: '1100-053',
    country: 'PT',
  },
  bankAccountKind: null,
  country: null,
  isDefault: false,
  createdAt: '2026-01-05T18:30:00.000Z',
};

const DEMO_BANK_ACCOUNT: PaymentMethod = {
  id: demoId(0xba001),
  type: 'bank_account',
  brand: null,
  last4: '1547',
  expMonth: null,
  expYear: null,
  holderName: 'Alex Demo',
  billingAddress: null,
  bankAccountKind: 'iban',
  country: 'PT',
  isDefault: true,
  createdAt: '2026-01-02T10:05:00.000Z',
};

/** The demo's cards and bank account as `GET /api/payment-methods` would list them. */
export function demoPaymentMethodsSeed(): PaymentMethod[] {
  return [DEMO_CARD_VISA, DEMO_BANK_ACCOUNT, DEMO_CARD_MASTERCARD].map((method) => ({ ...method }));
}

interface SeedRow {
  /** How long before "now" it happened. */
  ago: number;
  kind: TransactionKind;
  status: TransactionStatus;
  amountMinor: number;
  currency: Currency;
  /** null for an anonymous tip. */
  counterparty?: { ztartag: string | null; displayName: string } | null;
  note?: string;
  method?: PaymentMethod;
  category?: DefaultCategoryKey;
  failureCode?: string;
}

/** Newest first: a street musician's month of tips, a few payments to friends and the bank. */
const SEED: readonly SeedRow[] = [
  {
    ago: 25 * MINUTE,
    kind: 'deposit',
    status: 'pending',
    amountMinor: 5_000,
    currency: 'USD',
    method: DEMO_CARD_VISA,
  },
  {
    ago: 3 * HOUR,
    kind: 'tip_in',
    status: 'completed',
    amountMinor: 500,
    currency: 'USD',
    counterparty: { ztartag: 'leo_guitar', displayName: 'Leo Martins' },
    note: 'Loved the Fado cover!',
  },
  {
    ago: 9 * HOUR,
    kind: 'tip_in',
    status: 'completed',
    amountMinor: 1_000,
    currency: 'EUR',
    counterparty: null,
  },
  {
    ago: 1 * DAY + 2 * HOUR,
    kind: 'transfer_out',
    status: 'completed',
    amountMinor: 1_850,
    currency: 'USD',
    counterparty: { ztartag: 'maria_santos', displayName: 'Maria Santos' },
    note: 'Dinner at the tasca',
    category: 'food',
  },
  {
    ago: 2 * DAY + 5 * HOUR,
    kind: 'transfer_in',
    status: 'completed',
    amountMinor: 4_000,
    currency: 'USD',
    counterparty: { ztartag: 'sam_rivera', displayName: 'Sam Rivera' },
    note: 'Concert tickets, thanks!',
  },
  {
    ago: 3 * DAY + 1 * HOUR,
    kind: 'withdrawal',
    status: 'completed',
    amountMinor: 20_000,
    currency: 'EUR',
    method: DEMO_BANK_ACCOUNT,
  },
  {
    ago: 4 * DAY + 7 * HOUR,
    kind: 'tip_in',
    status: 'completed',
    amountMinor: 300,
    currency: 'USD',
    counterparty: { ztartag: 'nina_k', displayName: 'Nina Kowalski' },
  },
  {
    ago: 5 * DAY + 3 * HOUR,
    kind: 'deposit',
    status: 'failed',
    amountMinor: 15_000,
    currency: 'USD',
    method: DEMO_CARD_MASTERCARD,
    failureCode: 'card_declined',
  },
  {
    ago: 6 * DAY + 4 * HOUR,
    kind: 'tip_out',
    status: 'completed',
    amountMinor: 200,
    currency: 'EUR',
    counterparty: { ztartag: 'tomas_sax', displayName: 'Tomás Ferreira' },
    note: 'Great set by the river',
  },
  {
    ago: 8 * DAY + 6 * HOUR,
    kind: 'transfer_out',
    status: 'completed',
    amountMinor: 3_500,
    currency: 'USD',
    counterparty: { ztartag: 'maria_santos', displayName: 'Maria Santos' },
    note: 'Train to Porto',
    category: 'transport',
  },
  {
    ago: 11 * DAY + 2 * HOUR,
    kind: 'tip_in',
    status: 'completed',
    amountMinor: 2_000,
    currency: 'USD',
    counterparty: { ztartag: 'leo_guitar', displayName: 'Leo Martins' },
  },
  {
    ago: 14 * DAY + 5 * HOUR,
    kind: 'deposit',
    status: 'completed',
    amountMinor: 10_000,
    currency: 'USD',
    method: DEMO_CARD_VISA,
  },
  {
    ago: 18 * DAY + 9 * HOUR,
    kind: 'tip_in',
    status: 'completed',
    amountMinor: 45_000,
    currency: 'EUR',
    counterparty: { ztartag: 'lisbon_jazz_club', displayName: 'Lisbon Jazz Club' },
    note: 'Friday night gig',
  },
  {
    ago: 22 * DAY + 1 * HOUR,
    kind: 'transfer_out',
    status: 'completed',
    amountMinor: 6_000,
    currency: 'USD',
    counterparty: { ztartag: 'sam_rivera', displayName: 'Sam Rivera' },
    note: 'Rent share',
    category: 'bills',
  },
  {
    ago: 27 * DAY + 3 * HOUR,
    kind: 'deposit',
    status: 'completed',
    amountMinor: 25_000,
    currency: 'USD',
    method: DEMO_CARD_VISA,
  },
];

function describe(kind: TransactionKind, counterparty: Transaction['counterparty'], method?: PaymentMethod) {
  const who = counterparty
    ? counterparty.ztartag
      ? `@${counterparty.ztartag}`
      : counterparty.displayName
    : null;
  switch (kind) {
    case 'deposit':
      return `Deposit from card •••• ${method?.last4 ?? ''}`.trim();
    case 'withdrawal':
      return `Withdrawal to bank account •••• ${method?.last4 ?? ''}`.trim();
    case 'transfer_in':
      return `Transfer from ${who ?? 'someone'}`;
    case 'transfer_out':
      return `Transfer to ${who ?? 'someone'}`;
    case 'tip_in':
      return who ? `Tip from ${who}` : 'Anonymous tip';
    case 'tip_out':
      return `Tip to ${who ?? 'someone'}`;
    case 'goal_deposit':
      return `Into goal ${who ?? ''}`.trim();
    case 'goal_withdrawal':
      return `Out of goal ${who ?? ''}`.trim();
    case 'investment_buy':
      return 'Investment bought (simulated market)';
    case 'investment_sell':
      return 'Investment sold (simulated market)';
    case 'invoice_in':
      return `Invoice paid by ${who ?? 'a customer'}`;
    case 'invoice_out':
      return `Invoice paid to ${who ?? 'someone'}`;
  }
}

function methodRef(method: PaymentMethod | undefined): Transaction['paymentMethod'] {
  return method ? { id: method.id, type: method.type, brand: method.brand, last4: method.last4 } : null;
}

function toTransaction(row: SeedRow, index: number, now: number): Transaction {
  const createdAt = new Date(now - row.ago);
  const counterparty = row.counterparty ?? null;
  return {
    id: demoId(0x7a0000 + index),
    type: TYPE_OF_KIND[row.kind],
    kind: row.kind,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    categoryId: categoryIdOf(row.category ?? CATEGORY_OF_KIND[row.kind]),
    description: describe(row.kind, counterparty, row.method),
    note: row.note ?? null,
    counterparty,
    paymentMethod: methodRef(row.method),
    failureCode: row.failureCode ?? null,
    createdAt: createdAt.toISOString(),
    // Card deposits settle within minutes; the demo's settled rows did so ten minutes later.
    settledAt: row.status === 'pending' ? null : new Date(createdAt.getTime() + 10 * MINUTE).toISOString(),
  };
}

/**
 * The demo's seeded history, newest first, dated relative to `now` so that it always looks
 * recent: about a month of tips, transfers, deposits and a withdrawal in USD and EUR.
 */
export function demoTransactionsSeed(now: number = Date.now()): Transaction[] {
  return SEED.map((row, index) => toTransaction(row, index, now));
}

interface DemoMoneyState {
  transactions: Transaction[];
  paymentMethods: PaymentMethod[];
  /** Newest first, as the notification centre lists them. */
  notifications: Notification[];
}

let state: DemoMoneyState | null = null;
/** Told of every change, with the live events the server would have sent for it. */
type DemoMoneyListener = (events: LiveEvent[]) => void;
const listeners = new Set<DemoMoneyListener>();

function current(): DemoMoneyState {
  if (!state) {
    const transactions = demoTransactionsSeed();
    state = {
      transactions,
      paymentMethods: demoPaymentMethodsSeed(),
      notifications: demoNotificationsSeed(transactions),
    };
  }
  return state;
}

/** The notifications the seeded money would have sent: its three latest tips and transfers in, the newest unread. */
function demoNotificationsSeed(transactions: readonly Transaction[]): Notification[] {
  return transactions
    .filter((transaction) => transaction.kind === 'tip_in' || transaction.kind === 'transfer_in')
    .slice(0, 3)
    .map((transaction, index) => ({
      id: demoId(0x4e0000 + index),
      type: transaction.kind === 'tip_in' ? 'tip' : 'transfer',
      event: transaction.kind === 'tip_in' ? 'tip_received' : 'transfer_received',
      data: {
        amountMinor: transaction.amountMinor,
        currency: transaction.currency,
        transactionId: transaction.id,
        fromZtartag: transaction.counterparty?.ztartag ?? null,
        fromName: transaction.counterparty?.displayName ?? null,
      },
      readAt: index === 0 ? null : transaction.createdAt,
      createdAt: transaction.createdAt,
    }));
}

/** The demo's notifications, newest first: the seeded ones and those of simulated movements. */
export function demoNotifications(): Notification[] {
  return current().notifications.slice();
}

/** Marks one demo notification read, or all of them; returns how many changed. */
export function readDemoNotifications(id?: string): number {
  const now = new Date().toISOString();
  let updated = 0;
  const notifications = current().notifications.map((notification) => {
    if (notification.readAt !== null || (id !== undefined && notification.id !== id)) return notification;
    updated += 1;
    return { ...notification, readAt: now };
  });
  const unreadCount = notifications.filter((notification) => notification.readAt === null).length;
  changed({ notifications }, updated > 0 ? [{ type: 'notifications_read', unreadCount }] : []);
  return updated;
}

function changed(next: Partial<DemoMoneyState>, events: LiveEvent[] = []): void {
  state = { ...current(), ...next };
  for (const listener of listeners) listener(events);
}

/** Called whenever a simulated movement or a change of payment methods alters the demo's money. */
export function subscribeDemoMoney(listener: DemoMoneyListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to the seeded wallet (leaving demo mode, tests). */
export function resetDemoMoney(): void {
  for (const timer of settleTimers) clearTimeout(timer);
  settleTimers.clear();
  state = null;
  for (const listener of listeners) listener([]);
}

/** Every demo transaction, newest first: the seed plus whatever was simulated since. */
export function demoTransactions(): Transaction[] {
  return current().transactions.slice();
}

/** Timers of simulated card charges and payouts still on their way. */
const settleTimers = new Set<ReturnType<typeof setTimeout>>();

/** How long a simulated deposit or withdrawal stays pending before it settles. */
export const DEMO_SETTLE_MS = 4_000;

/** Balances follow the transactions as the ledger would: pending income waits, pending expense is held. */
export function demoBalances(): WalletBalance[] {
  const totals = new Map<Currency, { available: number; pending: number }>(
    CURRENCIES.map((currency) => [currency, { available: 0, pending: 0 }]),
  );
  for (const transaction of current().transactions) {
    const total = totals.get(transaction.currency);
    if (!total || transaction.status === 'failed') continue;
    if (transaction.type === 'expense') total.available -= transaction.amountMinor;
    else if (transaction.status === 'pending') total.pending += transaction.amountMinor;
    else total.available += transaction.amountMinor;
  }
  return CURRENCIES.map((currency) => {
    const { available, pending } = totals.get(currency) ?? { available: 0, pending: 0 };
    return {
      currency,
      availableMinor: available,
      pendingMinor: pending,
      totalMinor: available + pending,
      inGoalsMinor: 0,
    };
  });
}

/** `GET /api/wallet` for the demo: its person is verified and has no PIN (demo-mode.ts). */
export function demoWallet(now: number = Date.now()): WalletResponse {
  const since = now - DAY;
  const sent = new Map<Currency, number>();
  let sentReferenceMinor = 0;
  for (const transaction of current().transactions) {
    const counts = transaction.kind === 'transfer_out' || transaction.kind === 'withdrawal';
    if (!counts || transaction.status === 'failed' || Date.parse(transaction.createdAt) < since) continue;
    sent.set(transaction.currency, (sent.get(transaction.currency) ?? 0) + transaction.amountMinor);
    sentReferenceMinor += toReferenceMinor(transaction.amountMinor, transaction.currency);
  }
  return {
    balances: demoBalances(),
    limits: {
      minMinor: AMOUNT_LIMITS.minMinor,
      transferMaxMinor: AMOUNT_LIMITS.transferMaxMinor,
      noPinMaxMinor: AMOUNT_LIMITS.noPinMaxMinor,
      pinSet: false,
      verified: true,
      dailyLimitMinor: null,
      sentLast24h: [...sent].map(([currency, amountMinor]) => ({ currency, amountMinor })),
      sentLast24hReferenceMinor: sentReferenceMinor,
    },
  };
}

function utcDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** `GET /api/wallet/analytics` for the demo: completed income and expense per UTC day, oldest first. */
export function demoAnalytics(
  currency: Currency,
  days: number,
  now: number = Date.now(),
): WalletAnalyticsResponse {
  const series = Array.from({ length: days }, (_, index) => ({
    date: utcDate(now - (days - 1 - index) * DAY),
    incomeMinor: 0,
    expenseMinor: 0,
  }));
  const byDate = new Map(series.map((day) => [day.date, day]));
  for (const transaction of current().transactions) {
    if (transaction.currency !== currency || transaction.status !== 'completed') continue;
    const day = byDate.get(utcDate(Date.parse(transaction.createdAt)));
    if (!day) continue;
    if (transaction.type === 'income') day.incomeMinor += transaction.amountMinor;
    else day.expenseMinor += transaction.amountMinor;
  }
  return {
    currency,
    days: series,
    incomeMinor: series.reduce((sum, day) => sum + day.incomeMinor, 0),
    expenseMinor: series.reduce((sum, day) => sum + day.expenseMinor, 0),
  };
}

/** The demo's cards and bank accounts: default first, then newest first, like the server. */
export function demoPaymentMethods(): PaymentMethod[] {
  return current()
    .paymentMethods.slice()
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.createdAt.localeCompare(a.createdAt));
}

function demoError(code: ApiErrorCode, status: number, details?: Record<string, unknown>): ApiError {
  return new ApiError({ code, status, message: code, details });
}

function findMethod(id: string, type: PaymentMethod['type']): PaymentMethod {
  const method = current().paymentMethods.find((candidate) => candidate.id === id);
  if (!method) throw demoError('payment_method_not_found', 404);
  if (method.type !== type) throw demoError('payment_method_unsuitable', 422);
  return method;
}

function availableOf(currency: Currency): number {
  return demoBalances().find((balance) => balance.currency === currency)?.availableMinor ?? 0;
}

let sequence = 0;

function nextId(): string {
  sequence += 1;
  return demoId(0x51000000 + sequence);
}

function record(transaction: Transaction): Transaction {
  changed({ transactions: [transaction, ...current().transactions] }, [{ type: 'transaction', transaction }]);
  return transaction;
}

/** The notification the server would send when a deposit or withdrawal settles. */
function settledNotification(transaction: Transaction): Notification {
  return {
    id: nextId(),
    type: 'system',
    event: transaction.kind === 'deposit' ? 'deposit_completed' : 'withdrawal_completed',
    data: {
      amountMinor: transaction.amountMinor,
      currency: transaction.currency,
      transactionId: transaction.id,
    },
    readAt: null,
    createdAt: new Date().toISOString(),
  };
}

/** After DEMO_SETTLE_MS the pending movement completes, as the processor's webhook would make it. */
function settleLater(id: string): void {
  const timer = setTimeout(() => {
    settleTimers.delete(timer);
    const pending = current().transactions.find((transaction) => transaction.id === id);
    if (pending?.status !== 'pending') return;
    const settled: Transaction = { ...pending, status: 'completed', settledAt: new Date().toISOString() };
    const notification = settledNotification(settled);
    changed(
      {
        transactions: current().transactions.map((transaction) =>
          transaction.id === id ? settled : transaction,
        ),
        notifications: [notification, ...current().notifications],
      },
      [
        { type: 'transaction', transaction: settled },
        { type: 'notification', notification },
      ],
    );
  }, DEMO_SETTLE_MS);
  settleTimers.add(timer);
}

function movement(
  kind: TransactionKind,
  request: { amountMinor: number; currency: Currency; note?: string },
  extra: Pick<Transaction, 'status' | 'counterparty' | 'paymentMethod'>,
  method?: PaymentMethod,
): Transaction {
  const now = new Date().toISOString();
  return {
    id: nextId(),
    type: TYPE_OF_KIND[kind],
    kind,
    amountMinor: request.amountMinor,
    currency: request.currency,
    categoryId: categoryIdOf(CATEGORY_OF_KIND[kind]),
    description: describe(kind, extra.counterparty, method),
    note: request.note?.trim() || null,
    failureCode: null,
    createdAt: now,
    settledAt: extra.status === 'pending' ? null : now,
    ...extra,
  };
}

function assertAmount(amountMinor: number): void {
  if (!isAmountMinor(amountMinor) || amountMinor < AMOUNT_LIMITS.minMinor) {
    throw demoError('validation_failed', 400, { field: 'amountMinor' });
  }
}

/** A simulated card deposit: pending at once, completed a few seconds later. */
export function simulateDeposit(request: DepositRequest): MoneyMovementResponse {
  assertAmount(request.amountMinor);
  const card = findMethod(request.paymentMethodId, 'card');
  const transaction = record(
    movement(
      'deposit',
      request,
      { status: 'pending', counterparty: null, paymentMethod: methodRef(card) },
      card,
    ),
  );
  settleLater(transaction.id);
  return { transaction };
}

/** A simulated payout: the amount is held at once and the transfer to the bank completes a little later. */
export function simulateWithdrawal(request: WithdrawalRequest): MoneyMovementResponse {
  assertAmount(request.amountMinor);
  const account = findMethod(request.paymentMethodId, 'bank_account');
  if (request.amountMinor > availableOf(request.currency)) throw demoError('insufficient_balance', 422);
  const transaction = record(
    movement(
      'withdrawal',
      request,
      { status: 'pending', counterparty: null, paymentMethod: methodRef(account) },
      account,
    ),
  );
  settleLater(transaction.id);
  return { transaction };
}

/** People the demo can send to, found by ztartag, email or phone like the real lookup. */
const DEMO_PEOPLE: ReadonlyArray<RecipientResponse & { email: string; phone: string }> = [
  {
    ztartag: 'leo_guitar',
    displayName: 'Leo Martins',
    avatarUrl: null,
    verified: true,
    email: 'leo.martins@example.com',
    phone: '+351912345678',
  },
  {
    ztartag: 'maria_santos',
    displayName: 'Maria Santos',
    avatarUrl: null,
    verified: true,
    email: 'maria.santos@example.com',
    phone: '+5511987654321',
  },
  {
    ztartag: 'sam_rivera',
    displayName: 'Sam Rivera',
    avatarUrl: null,
    verified: false,
    email: 'sam.rivera@example.com',
    phone: '+15555550188',
  },
  {
    ztartag: 'nina_k',
    displayName: 'Nina Kowalski',
    avatarUrl: null,
    verified: true,
    email: 'nina.k@example.com',
    phone: '+48601234567',
  },
];

/** `GET /api/transfers/recipient` for the demo, with the same refusals as the server. */
export function demoRecipient(query: string): RecipientResponse {
  const q = query.trim().toLowerCase();
  const tag = q.replace(/^@/, '');
  const digits = cleanPhone(q);
  if (tag === DEMO_USER.ztartag || q === 'alex.demo@example.com') throw demoError('recipient_is_self', 400);
  const person = DEMO_PEOPLE.find(
    (candidate) => candidate.ztartag === tag || candidate.email === q || candidate.phone === digits,
  );
  if (!person)
    throw demoError(
      q.includes('@') && !q.startsWith('@') ? 'recipient_not_found' : 'recipient_user_not_found',
      404,
    );
  const { email: _email, phone: _phone, ...recipient } = person;
  return recipient;
}

/** A simulated transfer: completed at once, like a real one between two wallets. */
export function simulateTransfer(request: TransferRequest): MoneyMovementResponse {
  assertAmount(request.amountMinor);
  const recipient = demoRecipient(request.recipient);
  if (request.amountMinor > AMOUNT_LIMITS.transferMaxMinor) {
    throw demoError('limit_exceeded', 422, {
      limit: 'transferMax',
      limitMinor: AMOUNT_LIMITS.transferMaxMinor,
    });
  }
  if (request.amountMinor > availableOf(request.currency)) throw demoError('insufficient_balance', 422);
  const transaction = record(
    movement('transfer_out', request, {
      status: 'completed',
      counterparty: { ztartag: recipient.ztartag, displayName: recipient.displayName },
      paymentMethod: null,
    }),
  );
  return { transaction };
}

/** The processor's refusals of card and bank details: 422 with the field at fault. */
function fieldError(code: ApiErrorCode, field: string): ApiError {
  return demoError(code, 422, { field });
}

/** Adds a card or bank account to the demo after the same offline checks the processor makes. */
export function addDemoPaymentMethod(
  request: AddPaymentMethodRequest,
  now: Date = new Date(),
): PaymentMethod {
  let method: PaymentMethod;
  const base = { id: nextId(), createdAt: now.toISOString(), isDefault: false };
  if (request.type === 'card') {
    const digits = normalizeCardNumber(request.number);
    const brand = detectCardBrand(digits);
    if (!isValidCardNumber(digits)) throw fieldError('card_number_invalid', 'number');
    if (isCardExpired(request.expMonth, request.expYear, now)) {
      // The field at fault, as the processor names it: a past year, or a past month of this year.
      throw fieldError('card_expired', request.expYear < now.getUTCFullYear() ? 'expYear' : 'expMonth');
    }
    if (!isValidCvc(request.cvc, brand)) throw fieldError('card_cvc_invalid', 'cvc');
    method = {
      ...base,
      type: 'card',
      brand,
      last4: digits.slice(-4),
      expMonth: request.expMonth,
      expYear: request.expYear,
      holderName: request.cardholderName.trim(),
      billingAddress: request.billingAddress,
      bankAccountKind: null,
      country: null,
    };
  } else if (request.iban) {
    const iban = normalizeIban(request.iban);
    if (!isValidIban(iban)) throw fieldError('iban_invalid', 'iban');
    method = {
      ...base,
      type: 'bank_account',
      brand: null,
      last4: iban.slice(-4),
      expMonth: null,
      expYear: null,
      holderName: request.holderName.trim(),
      billingAddress: null,
      bankAccountKind: 'iban',
      country: iban.slice(0, 2),
    };
  } else {
    const accountNumber = request.accountNumber?.trim() ?? '';
    const routingNumber = request.routingNumber?.trim() ?? '';
    if (!isValidAccountNumber(accountNumber)) throw fieldError('account_number_invalid', 'accountNumber');
    if (!isValidRoutingNumber(routingNumber)) throw fieldError('routing_number_invalid', 'routingNumber');
    method = {
      ...base,
      type: 'bank_account',
      brand: null,
      last4: accountNumber.slice(-4),
      expMonth: null,
      expYear: null,
      holderName: request.holderName.trim(),
      billingAddress: null,
      bankAccountKind: 'us_account',
      country: 'US',
    };
  }
  // The first of its type becomes the default, as on the server.
  const others = current().paymentMethods.filter((candidate) => candidate.type === method.type);
  const isDefault = request.setDefault === true || others.length === 0;
  method = { ...method, isDefault };
  changed({
    paymentMethods: [
      ...current().paymentMethods.map((candidate) =>
        isDefault && candidate.type === method.type ? { ...candidate, isDefault: false } : candidate,
      ),
      method,
    ],
  });
  return method;
}

/** Makes a method the default of its type. */
export function setDemoDefaultPaymentMethod(id: string): PaymentMethod {
  const target = current().paymentMethods.find((method) => method.id === id);
  if (!target) throw demoError('payment_method_not_found', 404);
  changed({
    paymentMethods: current().paymentMethods.map((method) =>
      method.type === target.type ? { ...method, isDefault: method.id === id } : method,
    ),
  });
  return { ...target, isDefault: true };
}

/** Removes a method; when it was the default, the newest other one of its type takes over. */
export function removeDemoPaymentMethod(id: string): void {
  const target = current().paymentMethods.find((method) => method.id === id);
  if (!target) throw demoError('payment_method_not_found', 404);
  const rest = current().paymentMethods.filter((method) => method.id !== id);
  const heir = target.isDefault
    ? rest
        .filter((method) => method.type === target.type)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]
    : undefined;
  changed({
    paymentMethods: rest.map((method) => (method.id === heir?.id ? { ...method, isDefault: true } : method)),
  });
}

import type { LiveEvent } from '@ztart/shared/contracts/notifications';
import type { Tip } from '@ztart/shared/contracts/qr-codes';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { invoices } from '../invoices/tables.ts';
import { transactions } from '../transactions/tables.ts';
import { businesses } from './tables.ts';
import { type EventSource, queueAccountEvent, queueOwnerEvent } from './webhooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    businessEvents: BusinessEventWatcher;
  }
}

export interface BusinessEventWatcher {
  /** Reads the businesses' accounts again at the next event (after one was created here). */
  forget: () => void;
  stop: () => void;
  /** Resolves once every event seen so far is queued (tests, shutdown). */
  idle: () => Promise<void>;
}

/** How long the list of business accounts is trusted before it is read again. */
const ACCOUNTS_FRESH_MS = 15_000;

/** What a transaction's event tells of (decision 0056). */
function transactionSource(transaction: Transaction): EventSource {
  return {
    key: `transaction:${transaction.id}`,
    occurredAt: new Date(transaction.settledAt ?? transaction.createdAt),
  };
}

/** The fields of a tip that `tip.received` tells. */
type ReceivedTip = Pick<
  Tip,
  'id' | 'status' | 'source' | 'amountMinor' | 'currency' | 'message' | 'createdAt'
>;

/** `tip.received`'s data and source, the same whether the tip path or the sweep queues it. */
export function tipReceived(tip: ReceivedTip): { data: Record<string, unknown>; source: EventSource } {
  return {
    data: {
      tipId: tip.id,
      status: tip.status,
      source: tip.source,
      amountMinor: tip.amountMinor,
      currency: tip.currency,
      message: tip.message,
      createdAt: tip.createdAt,
    },
    source: { key: `tip:${tip.id}`, occurredAt: new Date(tip.createdAt) },
  };
}

/**
 * The events of one completed movement, the same whether the live watcher or the sweep saw it:
 *   - a `transfer_in` / `transfer_out` of a business's own account → `transfer.received` /
 *     `transfer.sent` (a transfer to its tag, each member's share of a distribution);
 *   - an `invoice_in` of a person who owns businesses → `invoice.paid` (a card payment when it
 *     settles, a wallet payment at once).
 */
export async function queueTransactionEvent(
  context: AppContext,
  userId: string,
  transaction: Transaction,
): Promise<void> {
  if (transaction.kind === 'invoice_in') {
    const [invoice] = await context.db
      .select({ id: invoices.id, number: invoices.number, customerName: invoices.customerName })
      .from(transactions)
      .innerJoin(invoices, eq(invoices.paymentGroupId, transactions.groupId))
      .where(and(eq(transactions.id, transaction.id), eq(invoices.issuerId, userId)));
    await queueOwnerEvent(
      context,
      userId,
      'invoice.paid',
      {
        invoiceId: invoice?.id ?? null,
        number: invoice?.number ?? null,
        customerName: invoice?.customerName ?? null,
        transactionId: transaction.id,
        amountMinor: transaction.amountMinor,
        currency: transaction.currency,
        paidAt: transaction.settledAt ?? transaction.createdAt,
      },
      transactionSource(transaction),
    );
    return;
  }
  await queueAccountEvent(
    context,
    userId,
    transaction.kind === 'transfer_in' ? 'transfer.received' : 'transfer.sent',
    {
      transactionId: transaction.id,
      amountMinor: transaction.amountMinor,
      currency: transaction.currency,
      counterparty: transaction.counterparty
        ? { ztartag: transaction.counterparty.ztartag, name: transaction.counterparty.displayName }
        : null,
      note: transaction.note,
      createdAt: transaction.createdAt,
    },
    transactionSource(transaction),
  );
}

const EVENT_KINDS = ['transfer_in', 'transfer_out', 'invoice_in'] as const;

/**
 * Turns money that moved into webhook events (decision 0047), after the fact: every money path
 * publishes a `transaction` event once its database transaction has committed, so watching them
 * sees every movement whichever module made it, without those modules knowing of webhooks.
 * Tips into a business are told by the tip path itself (`tip.received`, with the tip's details).
 * Only transfer events of a business's account are looked into: the set of those accounts is kept
 * in memory and read again every ACCOUNTS_FRESH_MS, so a person's transfers cost no query.
 * What this misses (the process ended between the commit and the queueing) the sweep catches
 * (modules/webhook-sweep).
 */
export function watchBusinessEvents(context: AppContext, log: FastifyBaseLogger): BusinessEventWatcher {
  const running = new Set<Promise<void>>();
  let accounts: Set<string> | null = null;
  let readAt = 0;

  const businessAccounts = async (): Promise<Set<string>> => {
    const wallNow = Date.now();
    if (accounts && wallNow - readAt < ACCOUNTS_FRESH_MS) return accounts;
    const rows = await context.db.select({ id: businesses.accountId }).from(businesses);
    accounts = new Set(rows.map((row) => row.id));
    readAt = wallNow;
    return accounts;
  };

  const handle = async (userId: string, transaction: Transaction) => {
    if (transaction.kind !== 'invoice_in' && !(await businessAccounts()).has(userId)) return;
    await queueTransactionEvent(context, userId, transaction);
  };

  const stop = context.live.observe((userId: string, event: LiveEvent) => {
    if (event.type !== 'transaction') return;
    const { transaction } = event;
    if (transaction.status !== 'completed') return;
    if (!(EVENT_KINDS as readonly string[]).includes(transaction.kind)) return;
    const work = handle(userId, transaction)
      .catch((error: unknown) => log.error({ err: error, userId }, 'a business event could not be queued'))
      .finally(() => running.delete(work));
    running.add(work);
  });

  return {
    forget: () => {
      accounts = null;
    },
    stop,
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

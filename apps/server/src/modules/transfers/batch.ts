import {
  CATEGORY_OF_KIND,
  DEFAULT_CATEGORY_KEYS,
  type Transaction,
} from '@ztart/shared/contracts/transactions';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Batcher } from '../../db/batcher.ts';
import type { AppDatabase } from '../../db/client.ts';
import { isRejectedByDatabase } from '../../db/errors.ts';
import { queryRows } from '../../db/raw-query.ts';
import { DEFAULT_CATEGORY_COLORS } from '../transactions/record.ts';
import { OUTGOING_KINDS } from '../wallet/limits.ts';
import { findParties, type Parties, type PartiesQuery } from './recipients.ts';
import { retryTransientConflicts } from './retry.ts';

const TRANSFER_LEDGER_CODE = 'transfer';

/**
 * The most transfers in one batch: the accounts of a batch stay locked until it commits, and its
 * run grows with its size (0.2 to 0.3 ms of PostgreSQL's time each).
 */
const MAX_BATCH_SIZE = 32;
/**
 * One batch of movements at a time per server: the next one fills while it runs, and grows the
 * larger for it (bench/README.md has the figures); several servers still run theirs side by side.
 */
const MOVEMENT_BATCHES_IN_FLIGHT = 1;
/** Look-ups of people are light reads: two at a time keep one filling while the other runs. */
const LOOKUP_BATCHES_IN_FLIGHT = 2;

/**
 * One transfer as the database function `transfer_batch` takes it
 * (drizzle/0007_transfer_batch_in_sets.sql): what was checked before (the recipient, the
 * per-transaction maximum), what it must check under its locks, and every row it writes,
 * prepared here.
 */
export interface TransferOrder {
  /** The Idempotency-Key: required, so that a transfer whose answer was lost can be asked about again. */
  key: string;
  requestHash: string;
  senderId: string;
  recipientId: string;
  amountMinor: number;
  currency: Currency;
  now: Date;
  keyExpiresAt: Date;
  dayStartsAt: Date;
  /** The sender is unverified: the daily limit applies. */
  checkDaily: boolean;
  /** Above the no-PIN amount in a session that has not entered the PIN: refused if a PIN is set. */
  checkPin: boolean;
  ledgerBatchId: string;
  /** Rows as columns; the function fills in the transactions' category_id. */
  sent: Record<string, unknown>;
  received: Record<string, unknown>;
  notification: Record<string, unknown>;
  audit: Record<string, unknown>;
  /** The answer, whose transaction.categoryId the function fills in. */
  answer: { transaction: Transaction };
}

export type TransferRefusal =
  | 'insufficient_balance'
  | 'limit_exceeded'
  | 'pin_required'
  | 'idempotency_conflict'
  | 'wallet_error';

export type TransferOutcome =
  | {
      replayed?: undefined;
      error?: undefined;
      statusCode: number;
      body: { transaction: Transaction };
      sentCategoryId: string | null;
      receivedCategoryId: string | null;
    }
  | { replayed: true; error?: undefined; statusCode: number; body: unknown }
  | { replayed?: undefined; error: TransferRefusal; remainingMinor?: number };

/** What every batch is told: the rules live in packages/shared and the modules that own them. */
const BATCH_SETTINGS = JSON.stringify({
  unverifiedDailyMinor: AMOUNT_LIMITS.unverifiedDailyMinor,
  outgoingKinds: OUTGOING_KINDS,
  ledgerCode: TRANSFER_LEDGER_CODE,
  categoryKey: CATEGORY_OF_KIND.transfer_out,
  defaultCategories: DEFAULT_CATEGORY_KEYS.map((key) => ({ key, color: DEFAULT_CATEGORY_COLORS[key] })),
});

/** Runs transfers in one statement, and so in one database transaction: all of them are kept, or none. */
export async function runTransferBatch(db: AppDatabase, orders: TransferOrder[]): Promise<TransferOutcome[]> {
  const [row] = await queryRows<{ outcomes: TransferOutcome[] }>(
    db,
    sql`SELECT transfer_batch(${JSON.stringify(orders)}::jsonb, ${BATCH_SETTINGS}::jsonb) AS outcomes`,
  );
  if (!row) throw new Error('transfer_batch answered no row');
  return row.outcomes;
}

/** The two database steps of a transfer, each shared by the transfers arriving together. */
export interface TransferBatchers {
  parties: Batcher<PartiesQuery, Parties>;
  movements: Batcher<TransferOrder, TransferOutcome>;
}

/**
 * Transfers arriving together share their look-up of people and their movement. A deadlock or
 * serialization failure runs a batch of movements again (it rolled back whole); another error that
 * PostgreSQL returned runs each of its transfers alone. Any other failure — the connection lost
 * while the batch was out, perhaps after it committed — runs nothing again: each transfer of the
 * batch answers that its outcome is unknown, and the client's retry with the same key tells.
 * Each step queues at most `maxQueued` requests; one more is refused (503 `overloaded`).
 */
export function createTransferBatchers(
  db: AppDatabase,
  log: FastifyBaseLogger,
  { maxQueued }: { maxQueued: number },
): TransferBatchers {
  return {
    parties: new Batcher({
      run: (queries) => findParties(db, queries),
      maxBatchSize: MAX_BATCH_SIZE,
      maxInFlight: LOOKUP_BATCHES_IN_FLIGHT,
      maxQueued,
      // A read: running it again never changes anything.
      runsAgainAfter: () => true,
    }),
    movements: new Batcher({
      run: (orders) =>
        retryTransientConflicts(() => runTransferBatch(db, orders), {
          onRetry: (error, attempt) =>
            log.warn(
              { err: error, attempt },
              'a batch of transfers hit a transient database conflict; retrying',
            ),
        }),
      maxBatchSize: MAX_BATCH_SIZE,
      maxInFlight: MOVEMENT_BATCHES_IN_FLIGHT,
      maxQueued,
      runsAgainAfter: isRejectedByDatabase,
    }),
  };
}

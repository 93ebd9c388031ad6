import {
  DEFAULT_CATEGORY_COLORS,
  DEFAULT_CATEGORY_KEYS,
  OUTGOING_KINDS,
} from '@ztart/shared/contracts/transactions';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import type { FastifyBaseLogger } from 'fastify';
import { Batcher } from '../../db/batcher.ts';
import type { AppDatabase } from '../../db/client.ts';
import { isRejectedByDatabase } from '../../db/errors.ts';
import { retryTransientConflicts } from '../../db/retry.ts';
import {
  type MovementOrder,
  type MovementOutcome,
  movementSettings,
  runMovements,
} from '../ledger/movement.ts';
import { findParties, type Parties, type PartiesQuery } from '../profiles/people.ts';

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

/** What every batch of movements is told: the rules live in packages/shared and the modules that own them. */
export const MOVEMENT_SETTINGS = movementSettings({
  unverifiedDailyReferenceMinor: AMOUNT_LIMITS.unverifiedDailyMinor,
  outgoingKinds: OUTGOING_KINDS,
  defaultCategories: DEFAULT_CATEGORY_KEYS.map((key) => ({ key, color: DEFAULT_CATEGORY_COLORS[key] })),
});

/**
 * The two database steps of a transfer, each shared by the requests arriving together; wallet tips
 * share the movements too (the one ledger movement, ledger/movement.ts).
 */
export interface TransferBatchers {
  parties: Batcher<PartiesQuery, Parties>;
  movements: Batcher<MovementOrder, MovementOutcome>;
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
        retryTransientConflicts(() => runMovements(db, orders, MOVEMENT_SETTINGS), {
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

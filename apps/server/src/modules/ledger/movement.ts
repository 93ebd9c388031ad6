import type { Transaction } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import { fromReferenceMinor, referenceFactors } from '@ztart/shared/reference-rates';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import type { LedgerTransferCode } from './tables.ts';

/**
 * The accounts a movement may take money from or put it in: the wallet, the person's goal savings,
 * or their investment account.
 */
export type MovementAccountKind = 'wallet_available' | 'goal_savings' | 'investment';

/**
 * One movement of money from a person's available wallet to another's (or between a person's
 * wallet and their savings goals or their investment account), as the database function
 * `ledger_movement` (movement.sql) takes it: every wallet-to-wallet payment (a transfer, a tip from
 * the wallet, and each later one) is one of these, and nothing else moves money between wallets.
 * The caller has checked what needs no lock (the recipient, the per-transaction maximum, the
 * amount's bounds) and prepared every row; the function checks what needs the locks (kept answer,
 * payer still there, daily cap, PIN, balance) and writes it all, or nothing.
 */
export interface MovementOrder {
  /** The Idempotency-Key: required, so that a movement whose answer was lost can be asked about again. Kept in the sender's scope. */
  key: string;
  requestHash: string;
  senderId: string;
  recipientId: string;
  amountMinor: number;
  currency: Currency;
  now: Date;
  keyExpiresAt: Date;
  dayStartsAt: Date;
  /** The sender is unverified: the daily cap applies, counted across currencies. */
  checkDaily: boolean;
  /** Above the no-PIN amount in a session that has not entered the PIN: refused if a PIN is set. */
  checkPin: boolean;
  /** The `batch_id` of the ledger transfer and the `ledger_batch_id` of both transactions. */
  ledgerBatchId: string;
  ledgerCode: LedgerTransferCode;
  /** The default category both transactions are filed under (the person's own, if they kept it); none for an investment order. */
  categoryKey: string | null;
  /**
   * Rows as columns (`columnValues`); the function fills in the transactions' category_id. A move
   * of the person's own money (a goal's, an investment order) has no `received` side and no `notification`.
   */
  sent: Record<string, unknown>;
  received?: Record<string, unknown>;
  notification?: Record<string, unknown>;
  audit: Record<string, unknown>;
  /** A tip from the wallet: its `tips` row. */
  tip?: Record<string, unknown>;
  /** A debt's settlement by transfer: its `debt_settlements` row; refused above what is left of the debt. */
  debtSettlement?: Record<string, unknown>;
  /**
   * The payer's account (default the available wallet); `goal_savings` for money out of a goal,
   * `investment` for a sale.
   */
  debitKind?: MovementAccountKind;
  /**
   * The recipient's account (default the available wallet); `goal_savings` for money into a goal,
   * `investment` for a buy.
   */
  creditKind?: MovementAccountKind;
  /**
   * A savings goal's move (sender = recipient, one of the kinds `goal_savings`): the goal, locked and
   * checked (the sender's, in the currency; never more out than it holds; refused `not_found` or
   * `goal_savings_insufficient`), its saved amount moved with the money; `reachedNotification` is
   * written the one time its saved amount reaches the target. The answer's `goal` gets its
   * `savedMinor`, `targetMinor` and `reachedAt` filled in.
   */
  goal?: { id: string; reachedNotification: Record<string, unknown> };
  /**
   * An investment order (decision 0036): sender and recipient are the same person, and the money
   * moves between their wallet and their investment account (`creditKind` `investment` for a buy,
   * `debitKind` for a sell); the function decides the quantity and cost under the holding's lock,
   * writes them into `order` (the `investment_orders` row, as columns) and into the answer's
   * `order`, and changes the holding.
   */
  investment?: InvestmentMovement;
  /**
   * An invoice paid from the payer's wallet (decision 0038): the recipient's sent invoice, for
   * exactly its total in its currency, locked and marked paid (source wallet, completed) with the
   * money; refused `invoice_not_payable` when it is paid, void or not theirs.
   */
  invoice?: { id: string; groupId: string };
  /** The answer kept under the key; an answer with a `transaction` gets its categoryId filled in. */
  answer: { transaction: Transaction } | Record<string, unknown>;
}

export interface InvestmentMovement {
  side: 'buy' | 'sell';
  symbol: string;
  priceMinor: number;
  /** A buy: the micro-units the amount buys, rounded down; a sell: those it takes, rounded up. */
  quantityMicro: number;
  order: Record<string, unknown>;
}

export type MovementRefusal =
  | 'insufficient_balance'
  | 'limit_exceeded'
  | 'pin_required'
  | 'idempotency_conflict'
  | 'wallet_error'
  | 'recipient_user_not_found'
  | 'settlement_above_remaining'
  | 'not_found'
  | 'goal_savings_insufficient'
  | 'insufficient_holdings'
  | 'invoice_not_payable';

export type MovementOutcome =
  | {
      replayed?: undefined;
      error?: undefined;
      statusCode: number;
      body: unknown;
      sentCategoryId: string | null;
      receivedCategoryId: string | null;
      /** This goal move made its goal reach the target. */
      goalReached?: true;
      /** Its notification (the recipient's, or its goal's reached) was written: its type is on (notification preferences). */
      notified: boolean;
    }
  | { replayed: true; error?: undefined; statusCode: number; body: unknown }
  | { replayed?: undefined; error: MovementRefusal; remainingReferenceMinor?: number };

/** The rules a batch is told, from packages/shared and the modules that own them. */
export interface MovementRules {
  /** The unverified daily cap, in reference minor units (US cents). */
  unverifiedDailyReferenceMinor: number;
  /** Transaction kinds that count toward the daily cap. */
  outgoingKinds: readonly string[];
  /** Default categories created with a person's first categorised movement. */
  defaultCategories: readonly { key: string; color: string }[];
}

/** The settings argument: the rules, and the reference-rate table the cap converts with. */
export function movementSettings(rules: MovementRules): string {
  return JSON.stringify({ ...rules, referenceRates: referenceFactors() });
}

/** Runs movements in one statement, and so in one database transaction: all of them are kept, or none. */
export async function runMovements(
  db: AppDatabase,
  orders: MovementOrder[],
  settings: string,
): Promise<MovementOutcome[]> {
  const [row] = await queryRows<{ outcomes: MovementOutcome[] }>(
    db,
    sql`SELECT ledger_movement(${JSON.stringify(orders)}::jsonb, ${settings}::jsonb) AS outcomes`,
  );
  if (!row) throw new Error('ledger_movement answered no row');
  return row.outcomes;
}

/** What a daily-cap refusal leaves to send, in the currency of the refused movement. */
export function remainingOf(outcome: { remainingReferenceMinor?: number }, currency: Currency): number {
  return fromReferenceMinor(outcome.remainingReferenceMinor ?? 0, currency);
}

import { randomUUID } from 'node:crypto';
import { type Currency, isCurrency } from '@ztart/shared/money';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { AppError } from '../../http/errors.ts';
import {
  type LedgerAccountKind,
  type LedgerAccountRow,
  type LedgerTransferCode,
  type LedgerTransferRow,
  type LedgerTransferState,
  ledgerAccounts,
  ledgerTransfers,
} from './tables.ts';

/** The database or a transaction: every function here works inside a caller's transaction too. */
export type LedgerExecutor = AppDatabase;

const WALLET_KINDS: readonly LedgerAccountKind[] = ['wallet_available', 'wallet_pending'];
/** A person's accounts: their wallet, and what their investments cost them; never negative. */
const PERSONAL_KINDS: readonly LedgerAccountKind[] = [...WALLET_KINDS, 'investment'];

export interface AccountKey {
  /** null for the system's accounts (clearing, payouts, fees). */
  ownerId: string | null;
  kind: LedgerAccountKind;
  currency: Currency;
}

export interface TransferLeg {
  debitAccountId: number;
  creditAccountId: number;
  amountMinor: number;
  currency: Currency;
  code: LedgerTransferCode;
}

export interface TransferInput {
  legs: TransferLeg[];
}

export interface TransferResult {
  batchId: string;
  transfers: LedgerTransferRow[];
}

export interface AccountReconciliation {
  accountId: number;
  ownerId: string | null;
  kind: string;
  currency: string;
  balanceMinor: number;
  transfersMinor: number;
}

export interface Reconciliation {
  accounts: AccountReconciliation[];
  /** Sum of all balances per currency: 0 in a sound ledger. */
  totals: Record<string, number>;
}

/** Finds or creates an account; system accounts may go negative, wallet accounts never. */
export async function ensureAccount(db: LedgerExecutor, key: AccountKey): Promise<LedgerAccountRow> {
  const [account] = await ensureAccounts(db, [key]);
  if (!account) throw new Error('ledger account vanished after insert');
  return account;
}

/**
 * Finds or creates several accounts with one look-up when they all exist (the usual case: accounts
 * exist after a person's first movement in a currency); returned in the order of `keys`.
 */
export async function ensureAccounts(db: LedgerExecutor, keys: AccountKey[]): Promise<LedgerAccountRow[]> {
  for (const key of keys) assertAccountKey(key);
  const find = async () =>
    db
      .select()
      .from(ledgerAccounts)
      .where(
        or(
          ...keys.map((key) =>
            and(
              key.ownerId === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, key.ownerId),
              eq(ledgerAccounts.kind, key.kind),
              eq(ledgerAccounts.currency, key.currency),
            ),
          ),
        ),
      );
  const inOrder = (rows: LedgerAccountRow[]) =>
    keys.map((key) =>
      rows.find(
        (row) => row.ownerId === key.ownerId && row.kind === key.kind && row.currency === key.currency,
      ),
    );
  const existing = inOrder(await find());
  const missing = keys.filter((_, i) => existing[i] === undefined);
  if (missing.length === 0) return existing as LedgerAccountRow[];
  await db
    .insert(ledgerAccounts)
    .values(
      missing.map((key) => ({
        ownerId: key.ownerId,
        kind: key.kind,
        currency: key.currency,
        allowNegative: !PERSONAL_KINDS.includes(key.kind),
      })),
    )
    .onConflictDoNothing();
  const accounts = inOrder(await find());
  if (accounts.some((account) => account === undefined))
    throw new Error('ledger account vanished after insert');
  return accounts as LedgerAccountRow[];
}

function assertAccountKey(key: AccountKey): void {
  if (!isCurrency(key.currency)) throw new AppError('bad_request', { message: 'Unknown currency.' });
  const isPersonal = PERSONAL_KINDS.includes(key.kind);
  if (isPersonal !== (key.ownerId !== null)) {
    throw new AppError('bad_request', {
      message: "A person's accounts have an owner; system accounts do not.",
    });
  }
}

/**
 * Starts a two-phase movement (a card deposit processor_clearing → a wallet_pending, or a hold
 * wallet_available → payouts): the money moves now, and postPending or voidPending settles it.
 */
export async function createPending(db: LedgerExecutor, input: TransferInput): Promise<TransferResult> {
  const { legs } = input;
  if (legs.length === 0) throw new AppError('bad_request', { message: 'A transfer needs at least one leg.' });
  for (const leg of legs) assertLeg(leg);
  const batchId = randomUUID();
  const apply = (tx: LedgerExecutor) => applyLegs(tx, legs, { state: 'pending', pendingId: null, batchId });
  // Inside a caller's transaction (every HTTP movement) the legs join it: all of it commits or none.
  const transfers = isTransaction(db) ? await apply(db) : await db.transaction(apply);
  return { batchId, transfers };
}

/**
 * Settles a pending transfer. Into a person's pending wallet (a card deposit): the money moves on
 * to their available balance, and the posting transfer is returned. Anywhere else (a hold, such as
 * a withdrawal's `wallet_available → payouts`): the money is already where it belongs, so the
 * transfer is only marked posted, and returned.
 */
export async function postPending(db: LedgerExecutor, pendingId: string): Promise<LedgerTransferRow> {
  return db.transaction(async (tx) => {
    const pending = await lockPending(tx, pendingId);
    const [credited] = await tx
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, pending.creditAccountId));
    if (!credited) throw new Error('pending transfer credits an account that does not exist');
    if (credited.kind !== 'wallet_pending' || credited.ownerId === null) {
      const [held] = await tx
        .update(ledgerTransfers)
        .set({ state: 'posted' })
        .where(eq(ledgerTransfers.id, pendingId))
        .returning();
      if (!held) throw new Error('posting a hold updated no transfer');
      return held;
    }
    const available = await ensureAccount(tx, {
      ownerId: credited.ownerId,
      kind: 'wallet_available',
      currency: pending.currency as Currency,
    });
    const [row] = await applyLegs(
      tx,
      [
        {
          debitAccountId: credited.id,
          creditAccountId: available.id,
          amountMinor: pending.amountMinor,
          currency: pending.currency as Currency,
          code: pending.code as LedgerTransferCode,
        },
      ],
      { state: 'posted', pendingId, batchId: randomUUID() },
    );
    await tx.update(ledgerTransfers).set({ state: 'posted' }).where(eq(ledgerTransfers.id, pendingId));
    if (!row) throw new Error('posting wrote no transfer');
    return row;
  });
}

/** Cancels a pending transfer with a reversing transfer; both end up voided. */
export async function voidPending(db: LedgerExecutor, pendingId: string): Promise<LedgerTransferRow> {
  return db.transaction(async (tx) => {
    const pending = await lockPending(tx, pendingId);
    const [row] = await applyLegs(
      tx,
      [
        {
          debitAccountId: pending.creditAccountId,
          creditAccountId: pending.debitAccountId,
          amountMinor: pending.amountMinor,
          currency: pending.currency as Currency,
          code: pending.code as LedgerTransferCode,
        },
      ],
      { state: 'voided', pendingId, batchId: randomUUID() },
    );
    await tx.update(ledgerTransfers).set({ state: 'voided' }).where(eq(ledgerTransfers.id, pendingId));
    if (!row) throw new Error('voiding wrote no transfer');
    return row;
  });
}

/** A person's accounts with their balances. */
export async function balances(db: LedgerExecutor, ownerId: string): Promise<LedgerAccountRow[]> {
  return db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerId, ownerId))
    .orderBy(asc(ledgerAccounts.id));
}

/**
 * Every account's stored balance next to the sum of its transfers (credits minus debits), and
 * the sum of all balances per currency.
 */
export async function reconcile(db: LedgerExecutor): Promise<Reconciliation> {
  const rows = await queryRows<{
    id: string | number;
    owner_id: string | null;
    kind: string;
    currency: string;
    balance_minor: string | number;
    transfers_minor: string | number;
  }>(
    db,
    sql`
      SELECT a.id, a.owner_id, a.kind, a.currency, a.balance_minor,
        COALESCE((SELECT SUM(t.amount_minor) FROM ${ledgerTransfers} t WHERE t.credit_account_id = a.id), 0)
        - COALESCE((SELECT SUM(t.amount_minor) FROM ${ledgerTransfers} t WHERE t.debit_account_id = a.id), 0)
          AS transfers_minor
      FROM ${ledgerAccounts} a
      ORDER BY a.id`,
  );
  const accounts = rows.map((row) => ({
    accountId: Number(row.id),
    ownerId: row.owner_id,
    kind: row.kind,
    currency: row.currency,
    balanceMinor: Number(row.balance_minor),
    transfersMinor: Number(row.transfers_minor),
  }));
  const totals: Record<string, number> = {};
  for (const account of accounts)
    totals[account.currency] = (totals[account.currency] ?? 0) + account.balanceMinor;
  return { accounts, totals };
}

function isTransaction(db: LedgerExecutor): boolean {
  return db instanceof PgTransaction;
}

function assertLeg(leg: TransferLeg): void {
  if (!Number.isSafeInteger(leg.amountMinor) || leg.amountMinor <= 0) {
    throw new AppError('bad_request', {
      message: 'An amount must be a positive whole number of minor units.',
    });
  }
  if (!isCurrency(leg.currency)) throw new AppError('bad_request', { message: 'Unknown currency.' });
  if (leg.debitAccountId === leg.creditAccountId) {
    throw new AppError('bad_request', { message: 'A transfer needs two different accounts.' });
  }
}

/**
 * Locks the accounts in ascending id order, checks currencies and balances, updates the balances
 * and writes the transfer rows: to be called inside a transaction.
 */
async function applyLegs(
  tx: LedgerExecutor,
  legs: TransferLeg[],
  options: {
    state: LedgerTransferState;
    pendingId: string | null;
    batchId: string;
  },
): Promise<LedgerTransferRow[]> {
  const ids = [...new Set(legs.flatMap((leg) => [leg.debitAccountId, leg.creditAccountId]))].sort(
    (a, b) => a - b,
  );
  const locked = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const accounts = new Map(locked.map((account) => [account.id, account]));
  const deltas = new Map<number, number>();
  for (const leg of legs) {
    const debit = accounts.get(leg.debitAccountId);
    const credit = accounts.get(leg.creditAccountId);
    if (!debit || !credit) throw new AppError('not_found', { message: 'Ledger account not found.' });
    if (debit.currency !== leg.currency || credit.currency !== leg.currency) {
      throw new AppError('bad_request', { message: 'Both accounts must hold the transfer currency.' });
    }
    deltas.set(debit.id, (deltas.get(debit.id) ?? 0) - leg.amountMinor);
    deltas.set(credit.id, (deltas.get(credit.id) ?? 0) + leg.amountMinor);
  }
  for (const [id, delta] of deltas) {
    const account = accounts.get(id);
    if (!account) continue;
    const next = account.balanceMinor + delta;
    if (!Number.isSafeInteger(next)) throw new AppError('bad_request', { message: 'Amount out of range.' });
    if (!account.allowNegative && next < 0) throw new AppError('insufficient_balance');
  }
  // Every balance in one statement: the rows are already locked, so the order does not matter.
  const changed = [...deltas].filter(([, delta]) => delta !== 0);
  if (changed.length > 0) {
    const deltaOfAccount = sql.join(
      changed.map(([id, delta]) => sql`WHEN ${id}::bigint THEN ${delta}::bigint`),
      sql` `,
    );
    await tx
      .update(ledgerAccounts)
      .set({
        balanceMinor: sql`${ledgerAccounts.balanceMinor} + CASE ${ledgerAccounts.id} ${deltaOfAccount} END`,
      })
      .where(
        inArray(
          ledgerAccounts.id,
          changed.map(([id]) => id),
        ),
      );
  }
  const rows: LedgerTransferRow[] = [];
  for (const leg of legs) {
    const [row] = await tx
      .insert(ledgerTransfers)
      .values({
        batchId: options.batchId,
        debitAccountId: leg.debitAccountId,
        creditAccountId: leg.creditAccountId,
        amountMinor: leg.amountMinor,
        currency: leg.currency,
        code: leg.code,
        state: options.state,
        pendingId: options.pendingId,
      })
      .returning();
    if (row) rows.push(row);
  }
  return rows;
}

async function lockPending(tx: LedgerExecutor, pendingId: string): Promise<LedgerTransferRow> {
  const [pending] = await tx
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, pendingId))
    .for('update');
  if (!pending || pending.pendingId !== null)
    throw new AppError('not_found', { message: 'Pending transfer not found.' });
  if (pending.state !== 'pending')
    throw new AppError('conflict', { message: 'The transfer is no longer pending.' });
  return pending;
}

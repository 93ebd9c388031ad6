import { randomUUID } from 'node:crypto';
import type { CardBrand } from '@ztart/shared/cards';
import {
  CATEGORY_OF_KIND,
  DEFAULT_CATEGORY_COLORS,
  DEFAULT_CATEGORY_KEYS,
  type DefaultCategoryKey,
  type Transaction,
  type TransactionKind,
  type TransactionStatus,
  type TransactionType,
} from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import type { PaymentMethodRow } from '../payment-methods/tables.ts';
import { type TransactionRow, transactionCategories, transactions } from './tables.ts';

export interface NewTransaction {
  userId: string;
  type: TransactionType;
  kind: TransactionKind;
  status: TransactionStatus;
  amountMinor: number;
  currency: Currency;
  description: string;
  note?: string | null;
  counterparty?: { userId: string | null; ztartag: string | null; name: string } | null;
  paymentMethod?: Pick<PaymentMethodRow, 'id' | 'type' | 'brand' | 'last4'> | null;
  failureCode?: string | null;
  /** Both sides of one movement share it. */
  groupId: string;
  ledgerBatchId?: string | null;
  pendingTransferId?: string | null;
  processorReference?: string | null;
  createdAt: Date;
  settledAt?: Date | null;
}

/**
 * Creates a person's default categories the first time they are needed: only while they have no
 * category at all, so that a default they deleted is not brought back by their next transaction.
 */
export async function ensureDefaultCategories(db: AppDatabase, userId: string): Promise<void> {
  const defaults = sql.join(
    DEFAULT_CATEGORY_KEYS.map((key) => sql`(${key}, ${DEFAULT_CATEGORY_COLORS[key]})`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO ${transactionCategories} (user_id, key, color)
    SELECT ${userId}::uuid, defaults.key, defaults.color FROM (VALUES ${defaults}) AS defaults (key, color)
    WHERE NOT EXISTS (SELECT 1 FROM ${transactionCategories} WHERE user_id = ${userId}::uuid)
    ON CONFLICT DO NOTHING`);
}

/** A person's default category of `key`, or null when they deleted it (or have none yet). */
function defaultCategoryOf(userId: string, key: DefaultCategoryKey | null): SQL {
  if (key === null) return sql`NULL::uuid`;
  return sql`(SELECT ${transactionCategories.id} FROM ${transactionCategories}
    WHERE ${transactionCategories.userId} = ${userId}::uuid AND ${transactionCategories.key} = ${key})`;
}

/** Writes what one person sees of a movement; call it inside the movement's database transaction. */
export async function recordTransaction(db: AppDatabase, input: NewTransaction): Promise<TransactionRow> {
  const [row] = await recordTransactions(db, [input]);
  if (!row) throw new Error('transaction insert returned no row');
  return row;
}

/**
 * Writes several transaction rows (both sides of a movement) in one statement, each with its
 * person's default category looked up in place; returned in the order of `inputs`. Call it inside
 * the movement's database transaction.
 */
export async function recordTransactions(
  db: AppDatabase,
  inputs: NewTransaction[],
): Promise<TransactionRow[]> {
  if (inputs.length === 0) return [];
  // Ids chosen here, so that the returned rows can be matched to the inputs whatever their order.
  const rows = inputs.map((input) => transactionRow(input));
  const inserted = await db
    .insert(transactions)
    .values(
      rows.map((row, i) => ({
        ...row,
        categoryId: defaultCategoryOf(row.userId, CATEGORY_OF_KIND[inputs[i]!.kind]),
      })),
    )
    .returning();
  const byId = new Map(inserted.map((row) => [row.id, row]));
  const ordered = rows.map((row) => byId.get(row.id));
  if (ordered.some((row) => row === undefined)) throw new Error('transaction insert returned too few rows');
  const recorded: TransactionRow[] = [];
  for (const row of ordered as TransactionRow[]) recorded.push(await withDefaultCategory(db, row));
  return recorded;
}

/** The row a transaction is written as, before its category is chosen. */
export function transactionRow(input: NewTransaction): TransactionRow {
  return {
    id: randomUUID(),
    userId: input.userId,
    type: input.type,
    kind: input.kind,
    status: input.status,
    amountMinor: input.amountMinor,
    currency: input.currency,
    categoryId: null,
    description: input.description,
    note: input.note ?? null,
    counterpartyUserId: input.counterparty?.userId ?? null,
    counterpartyZtartag: input.counterparty?.ztartag ?? null,
    counterpartyName: input.counterparty?.name ?? null,
    paymentMethodId: input.paymentMethod?.id ?? null,
    paymentMethodType: input.paymentMethod?.type ?? null,
    paymentMethodBrand: input.paymentMethod?.brand ?? null,
    paymentMethodLast4: input.paymentMethod?.last4 ?? null,
    failureCode: input.failureCode ?? null,
    groupId: input.groupId,
    ledgerBatchId: input.ledgerBatchId ?? null,
    pendingTransferId: input.pendingTransferId ?? null,
    processorReference: input.processorReference ?? null,
    createdAt: input.createdAt,
    settledAt: input.settledAt ?? null,
  };
}

/**
 * A row written without a category because its person has no categories at all yet (their first
 * movement): creates their defaults and files the row under its own. A person who deleted the
 * default keeps the row uncategorised.
 */
async function withDefaultCategory(db: AppDatabase, row: TransactionRow): Promise<TransactionRow> {
  if (row.categoryId !== null || CATEGORY_OF_KIND[row.kind as TransactionKind] === null) return row;
  await ensureDefaultCategories(db, row.userId);
  const [updated] = await db
    .update(transactions)
    .set({ categoryId: defaultCategoryOf(row.userId, CATEGORY_OF_KIND[row.kind as TransactionKind]) })
    .where(eq(transactions.id, row.id))
    .returning();
  return updated ?? row;
}

/** The API shape of a row. */
export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type as TransactionType,
    kind: row.kind as TransactionKind,
    status: row.status as TransactionStatus,
    amountMinor: row.amountMinor,
    currency: row.currency as Currency,
    categoryId: row.categoryId,
    description: row.description,
    note: row.note,
    counterparty:
      row.counterpartyName === null
        ? null
        : { ztartag: row.counterpartyZtartag, displayName: row.counterpartyName },
    paymentMethod:
      row.paymentMethodId === null
        ? null
        : {
            id: row.paymentMethodId,
            type: row.paymentMethodType === 'bank_account' ? 'bank_account' : 'card',
            brand: (row.paymentMethodBrand as CardBrand | null) ?? null,
            last4: row.paymentMethodLast4 ?? '',
          },
    failureCode: row.failureCode,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

import type {
  Transaction,
  TransactionListResponse,
  TransactionQuery,
  UpdateTransactionRequest,
} from '@ztart/shared/contracts/transactions';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { decodeCursor, type KeysetCursor, pageOf } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import { findCategory } from './categories.ts';
import { toTransaction } from './record.ts';
import { type TransactionRow, transactions } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TransactionFilters = Omit<TransactionQuery, 'cursor' | 'limit'>;

/** `%`, `_` and the escape character itself match only themselves in a LIKE pattern. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The WHERE clause of a person's transactions under the list filters (dates are UTC days, inclusive). */
export function transactionFilterOf(userId: string, filters: TransactionFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(transactions.userId, userId)];
  if (filters.status) conditions.push(eq(transactions.status, filters.status));
  if (filters.type) conditions.push(eq(transactions.type, filters.type));
  if (filters.kind) conditions.push(eq(transactions.kind, filters.kind));
  if (filters.category) conditions.push(eq(transactions.categoryId, filters.category));
  if (filters.currency) conditions.push(eq(transactions.currency, filters.currency));
  if (filters.from) conditions.push(gte(transactions.createdAt, new Date(`${filters.from}T00:00:00.000Z`)));
  if (filters.to) {
    const dayAfter = new Date(new Date(`${filters.to}T00:00:00.000Z`).getTime() + DAY_MS);
    conditions.push(lt(transactions.createdAt, dayAfter));
  }
  if (filters.counterparty) {
    conditions.push(
      sql`${transactions.counterpartyUserId} IN (SELECT id FROM profiles WHERE lower(ztartag) = ${filters.counterparty})`,
    );
  }
  if (filters.q) {
    const pattern = `%${escapeLikePattern(filters.q)}%`;
    conditions.push(
      or(
        ilike(transactions.description, pattern),
        ilike(transactions.note, pattern),
        ilike(transactions.counterpartyName, pattern),
        ilike(transactions.counterpartyZtartag, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** Rows strictly after the cursor in newest-first order; matches the (user, created_at, id) index. */
export function afterCursor(cursor: KeysetCursor): SQL {
  return sql`(${transactions.createdAt}, ${transactions.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}

/** One newest-first page of transactions of `filters.limit` rows at most. */
export async function selectTransactionPage(
  db: AppDatabase,
  where: SQL | undefined,
  cursor: KeysetCursor | null,
  limit: number,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(cursor ? and(where, afterCursor(cursor)) : where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

export async function listTransactions(
  db: AppDatabase,
  userId: string,
  query: TransactionQuery,
): Promise<TransactionListResponse> {
  const { cursor, limit, ...filters } = query;
  const rows = await selectTransactionPage(
    db,
    transactionFilterOf(userId, filters),
    cursor ? decodeCursor(cursor) : null,
    limit + 1,
  );
  const page = pageOf(rows, limit);
  return { items: page.rows.map(toTransaction), nextCursor: page.nextCursor };
}

/** One of the person's own transactions; someone else's is as not found as a missing one. */
async function findOwnRow(db: AppDatabase, userId: string, id: string): Promise<TransactionRow> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)));
  if (!row) throw new AppError('not_found');
  return row;
}

export async function getTransaction(db: AppDatabase, userId: string, id: string): Promise<Transaction> {
  return toTransaction(await findOwnRow(db, userId, id));
}

/** Changes the category (one of the person's, or none) and the note; the rest of the story stays. */
export async function updateTransaction(
  db: AppDatabase,
  userId: string,
  id: string,
  patch: UpdateTransactionRequest,
): Promise<Transaction> {
  const changes: Partial<Pick<TransactionRow, 'categoryId' | 'note'>> = {};
  if (patch.categoryId !== undefined) {
    if (patch.categoryId !== null && !(await findCategory(db, userId, patch.categoryId))) {
      throw new AppError('not_found', { message: 'Category not found.', details: { field: 'categoryId' } });
    }
    changes.categoryId = patch.categoryId;
  }
  if (patch.note !== undefined) changes.note = patch.note || null;
  if (Object.keys(changes).length === 0) return getTransaction(db, userId, id);
  const [row] = await db
    .update(transactions)
    .set(changes)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)))
    .returning();
  if (!row) throw new AppError('not_found');
  return toTransaction(row);
}

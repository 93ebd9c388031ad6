import {
  type Category,
  type CategoryRequest,
  DEFAULT_CATEGORY_KEYS,
  type DefaultCategoryKey,
} from '@ztart/shared/contracts/transactions';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import { ensureDefaultCategories } from './record.ts';
import { transactionCategories } from './tables.ts';

type CategoryRow = typeof transactionCategories.$inferSelect;

const NAME_UNIQUE_INDEX = 'transaction_categories_user_name_key';
/** The colour of a category the person names without choosing one. */
export const DEFAULT_CUSTOM_COLOR = '#64748b';

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    key: (row.key as DefaultCategoryKey | null) ?? null,
    name: row.name,
    color: row.color,
  };
}

/** Defaults first in their fixed order, then the person's own by name. */
function byDisplayOrder(a: CategoryRow, b: CategoryRow): number {
  const rank = (row: CategoryRow) =>
    row.key === null
      ? DEFAULT_CATEGORY_KEYS.length
      : DEFAULT_CATEGORY_KEYS.indexOf(row.key as DefaultCategoryKey);
  return rank(a) - rank(b) || (a.name ?? '').localeCompare(b.name ?? '') || a.id.localeCompare(b.id);
}

export async function findCategory(
  db: AppDatabase,
  userId: string,
  id: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(transactionCategories)
    .where(and(eq(transactionCategories.id, id), eq(transactionCategories.userId, userId)));
  return row;
}

export async function listCategories(db: AppDatabase, userId: string): Promise<Category[]> {
  await ensureDefaultCategories(db, userId);
  const rows = await db.select().from(transactionCategories).where(eq(transactionCategories.userId, userId));
  return rows.sort(byDisplayOrder).map(toCategory);
}

/** Two categories of one person never share a name, in any letter case → 409 `category_exists`. */
async function refuseDuplicateNames<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, NAME_UNIQUE_INDEX)) throw new AppError('category_exists');
    throw error;
  }
}

export async function createCategory(
  db: AppDatabase,
  userId: string,
  request: CategoryRequest,
): Promise<Category> {
  // The defaults come first, so that a person's first category does not stop them being created.
  await ensureDefaultCategories(db, userId);
  const [row] = await refuseDuplicateNames(() =>
    db
      .insert(transactionCategories)
      .values({ userId, name: request.name, color: request.color ?? DEFAULT_CUSTOM_COLOR })
      .returning(),
  );
  if (!row) throw new Error('category insert returned no row');
  return toCategory(row);
}

/** Renames (a default keeps its key, so its chart colour and meaning stay) and recolours. */
export async function updateCategory(
  db: AppDatabase,
  userId: string,
  id: string,
  request: CategoryRequest,
): Promise<Category> {
  const [row] = await refuseDuplicateNames(() =>
    db
      .update(transactionCategories)
      .set({ name: request.name, ...(request.color ? { color: request.color } : {}) })
      .where(and(eq(transactionCategories.id, id), eq(transactionCategories.userId, userId)))
      .returning(),
  );
  if (!row) throw new AppError('not_found');
  return toCategory(row);
}

/** Removes a category; its transactions keep existing without one (the foreign key sets it null). */
export async function deleteCategory(db: AppDatabase, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(transactionCategories)
    .where(and(eq(transactionCategories.id, id), eq(transactionCategories.userId, userId)))
    .returning({ id: transactionCategories.id });
  if (removed.length === 0) throw new AppError('not_found');
}

import type {
  Category,
  CategoryRequest,
  Transaction,
  TransactionListResponse,
  UpdateTransactionRequest,
} from '@ztart/shared/contracts/transactions';
import type { TransactionFilters } from '@/components/transactions/filters';
import { ApiError } from '@/lib/api-client';
import { demoCategories, demoTransactions } from '@/lib/demo/demo-money';

/**
 * The demo's side of the transactions screens. Its history comes from demo-money; the changes a
 * visitor makes here (a category, a note, their own categories) live in this module only, for
 * the visit, and never reach a server.
 */

const edits = new Map<string, Pick<Transaction, 'categoryId' | 'note'>>();
let categories: Category[] | null = null;
let sequence = 0;

function demoError(code: string, status: number): ApiError {
  return new ApiError({ code, status, message: code });
}

function currentCategories(): Category[] {
  categories ??= demoCategories();
  return categories;
}

function withEdits(transaction: Transaction): Transaction {
  const edit = edits.get(transaction.id);
  const categoryId = edit ? edit.categoryId : transaction.categoryId;
  // A deleted category leaves its transactions without one, as on the server.
  const exists = categoryId === null || currentCategories().some((category) => category.id === categoryId);
  return { ...transaction, ...edit, categoryId: exists ? categoryId : null };
}

/** The same search as the server's: description, note and the other person, ignoring case. */
function matchesSearch(transaction: Transaction, q: string): boolean {
  const needle = q.toLowerCase();
  const haystack = [
    transaction.description,
    transaction.note ?? '',
    transaction.counterparty?.displayName ?? '',
    transaction.counterparty?.ztartag ?? '',
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

export function matchesFilters(transaction: Transaction, filters: TransactionFilters): boolean {
  // `from`/`to` are inclusive UTC dates, like the API's.
  const day = transaction.createdAt.slice(0, 10);
  return (
    (filters.status === undefined || transaction.status === filters.status) &&
    (filters.type === undefined || transaction.type === filters.type) &&
    (filters.kind === undefined || transaction.kind === filters.kind) &&
    (filters.category === undefined || transaction.categoryId === filters.category) &&
    (filters.currency === undefined || transaction.currency === filters.currency) &&
    (filters.from === undefined || day >= filters.from) &&
    (filters.to === undefined || day <= filters.to) &&
    (!filters.q || matchesSearch(transaction, filters.q))
  );
}

/** One page of the demo history; the cursor is the id of the last row of the page before. */
export function demoTransactionPage(
  filters: TransactionFilters,
  cursor: string | null,
  limit: number,
): TransactionListResponse {
  const matching = demoTransactions()
    .map(withEdits)
    .filter((transaction) => matchesFilters(transaction, filters));
  const start = cursor ? matching.findIndex((transaction) => transaction.id === cursor) + 1 : 0;
  const items = matching.slice(start, start + limit);
  const last = items.at(-1);
  return { items, nextCursor: start + limit < matching.length && last ? last.id : null };
}

export function demoTransaction(id: string): Transaction {
  const found = demoTransactions().find((transaction) => transaction.id === id);
  if (!found) throw demoError('not_found', 404);
  return withEdits(found);
}

export function updateDemoTransaction(id: string, body: UpdateTransactionRequest): Transaction {
  const transaction = demoTransaction(id);
  const next = {
    categoryId: body.categoryId === undefined ? transaction.categoryId : body.categoryId,
    note: body.note === undefined ? transaction.note : body.note?.trim() || null,
  };
  if (next.categoryId !== null && !currentCategories().some((category) => category.id === next.categoryId)) {
    throw demoError('not_found', 404);
  }
  edits.set(id, next);
  return { ...transaction, ...next };
}

export function listDemoCategories(): Category[] {
  return currentCategories().slice();
}

function assertNameFree(name: string, exceptId?: string): void {
  const taken = currentCategories().some(
    (category) => category.id !== exceptId && category.name?.toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw demoError('category_exists', 409);
}

export function createDemoCategory(body: CategoryRequest): Category {
  const name = body.name.trim();
  assertNameFree(name);
  sequence += 1;
  const category: Category = {
    id: `00000000-0000-4000-8000-${(0xd3c000 + sequence).toString(16).padStart(12, '0')}`,
    key: null,
    name,
    color: body.color ?? '#64748b',
  };
  categories = [...currentCategories(), category];
  return category;
}

export function updateDemoCategory(id: string, body: CategoryRequest): Category {
  const target = currentCategories().find((category) => category.id === id);
  if (!target) throw demoError('not_found', 404);
  const name = body.name.trim();
  assertNameFree(name, id);
  const updated: Category = { ...target, name, color: body.color ?? target.color };
  categories = currentCategories().map((category) => (category.id === id ? updated : category));
  return updated;
}

export function deleteDemoCategory(id: string): void {
  if (!currentCategories().some((category) => category.id === id)) throw demoError('not_found', 404);
  categories = currentCategories().filter((category) => category.id !== id);
}

/** Back to the seeded state (tests; a new visit starts there anyway). */
export function resetDemoTransactionEdits(): void {
  edits.clear();
  categories = null;
  sequence = 0;
}

import { TRANSACTION_CSV_COLUMNS, type TransactionQuery } from '@ztart/shared/contracts/transactions';
import { CURRENCY_DECIMALS, type Currency } from '@ztart/shared/money';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { type KeysetCursor, pageOf } from '../../http/cursor.ts';
import { selectTransactionPage, transactionFilterOf } from './service.ts';
import { type TransactionRow, transactionCategories } from './tables.ts';

/** Rows read per query while the export streams: bounded memory whatever the history's length. */
const EXPORT_BATCH_SIZE = 200;
/** A spreadsheet runs a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** "1234.5" → never through a float: the digits of the minor units with the decimal mark put in. */
export function minorToDecimalString(amountMinor: number, currency: Currency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text that a spreadsheet would run as a formula gets a leading apostrophe.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

type CsvColumn = (typeof TRANSACTION_CSV_COLUMNS)[number];

function csvRecord(row: TransactionRow, categoryNames: Map<string, string>): Record<CsvColumn, string> {
  return {
    id: row.id,
    date: row.createdAt.toISOString(),
    type: row.type,
    kind: row.kind,
    status: row.status,
    amount: minorToDecimalString(row.amountMinor, row.currency as Currency),
    currency: row.currency,
    category: row.categoryId ? (categoryNames.get(row.categoryId) ?? '') : '',
    description: row.description,
    note: row.note ?? '',
    counterparty: counterpartyOf(row),
  };
}

function counterpartyOf(row: TransactionRow): string {
  return counterpartyLabel(row.counterpartyName, row.counterpartyZtartag);
}

/** "Leo Martin (@leo_guitar)": the name first, so that the cell does not start with `@`. */
export function counterpartyLabel(counterpartyName: string | null, tag: string | null): string {
  const name = counterpartyName ?? '';
  if (!tag) return name;
  if (!name || name === tag) return `@${tag}`;
  return `${name} (@${tag})`;
}

/** A person's own name for each category, else the default's key. */
async function categoryNamesOf(db: AppDatabase, userId: string): Promise<Map<string, string>> {
  const rows = await db.select().from(transactionCategories).where(eq(transactionCategories.userId, userId));
  return new Map(rows.map((row) => [row.id, row.name ?? row.key ?? '']));
}

/** `ztart-transactions-2026-11-23.csv`: the day of the export (UTC). */
export function exportFileName(now: Date): string {
  return `ztart-transactions-${now.toISOString().slice(0, 10)}.csv`;
}

/** Runs one query of an export (ExportGate.query): the export's turn in the shared lane. */
export type ExportQueryTurn = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Every transaction under the filters, newest first, as CSV text (header first), read page by
 * page as the answer is written. The first page is read before anything is sent, so that a
 * failure there is still answered with an error status rather than a file cut short.
 */
export async function transactionCsvLines(
  db: AppDatabase,
  userId: string,
  filters: Omit<TransactionQuery, 'cursor' | 'limit'>,
  turn: ExportQueryTurn = (work) => work(),
): Promise<AsyncGenerator<string>> {
  const categoryNames = await turn(() => categoryNamesOf(db, userId));
  const where = transactionFilterOf(userId, filters);
  const firstRows = await turn(() => selectTransactionPage(db, where, null, EXPORT_BATCH_SIZE + 1));
  return csvPages(
    firstRows,
    (cursor) => turn(() => selectTransactionPage(db, where, cursor, EXPORT_BATCH_SIZE + 1)),
    categoryNames,
  );
}

async function* csvPages(
  firstRows: TransactionRow[],
  nextRows: (after: KeysetCursor) => Promise<TransactionRow[]>,
  categoryNames: Map<string, string>,
): AsyncGenerator<string> {
  yield csvLine(TRANSACTION_CSV_COLUMNS);
  let rows = firstRows;
  for (;;) {
    const page = pageOf(rows, EXPORT_BATCH_SIZE);
    let chunk = '';
    for (const row of page.rows) {
      const record = csvRecord(row, categoryNames);
      chunk += csvLine(TRANSACTION_CSV_COLUMNS.map((column) => record[column]));
    }
    if (chunk) yield chunk;
    if (page.nextCursor === null) return;
    rows = await nextRows(page.rows[page.rows.length - 1]!);
  }
}

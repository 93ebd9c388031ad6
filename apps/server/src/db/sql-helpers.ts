import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { customType, type PgTable, timestamp } from 'drizzle-orm/pg-core';

/** `'a', 'b'` for a CHECK (... IN (...)) built from a shared list of allowed values. */
export function sqlList(values: readonly string[]): SQL {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));
}

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A point in time with its zone, read and written as a Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** Binary data (`bytea`); node-postgres reads it as a Buffer, PGlite as a Uint8Array: both become Buffers. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A row as its columns by their SQL names, for SQL that writes it from JSON
 * (`jsonb_populate_record(NULL::<table>, ...)`): dates become ISO strings on the way, and empty
 * columns are left out (a missing key is read as null), which keeps the JSON short.
 */
export function columnValues<Table extends PgTable>(
  table: Table,
  row: Table['$inferSelect'],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = (row as Record<string, unknown>)[key];
    if (value !== null && value !== undefined) values[column.name] = value;
  }
  return values;
}

/**
 * A sum or count as PostgreSQL gives it (`numeric` or `bigint` sent as text), as a whole number.
 * Sums are taken in SQL over integer minor units, never through a float.
 */
export function wholeNumber(value: string | number | null | undefined): number {
  const number = Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new Error(`a sum is not a safe integer: ${value}`);
  return number;
}

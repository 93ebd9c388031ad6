import { type SQL, sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

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

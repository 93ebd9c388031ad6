import { QR_CODE_KINDS } from '@ztart/shared/contracts/qr-codes';
import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * A person's QR codes. Each encodes the short link `/q/<code>` (or an EMV payload carrying it),
 * so where it leads can change without reprinting. `emv` and `dynamic` hold the shared
 * contract's QrEmvOption and DynamicQr, validated before they are written.
 */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency').notNull(),
    emv: jsonb('emv').$type<Record<string, unknown>>().notNull(),
    dynamic: jsonb('dynamic').$type<Record<string, unknown>>().notNull(),
    scanCount: integer('scan_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    deletedAt: timestampTz('deleted_at'),
  },
  (t) => [
    uniqueIndex('qr_codes_code_key').on(t.code),
    index('qr_codes_user_id_idx').on(t.userId),
    check('qr_codes_kind_known', sql`${t.kind} IN (${sqlList(QR_CODE_KINDS)})`),
    check('qr_codes_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('qr_codes_amount_positive', sql`${t.amountMinor} IS NULL OR ${t.amountMinor} > 0`),
  ],
);
export type QrCodeRow = typeof qrCodes.$inferSelect;

/**
 * Scans of a QR code per hour (decision 0048): the counter above says how many in all, these say
 * when, so a business's campaign counts only the scans between its dates. One row per code and
 * hour that had a scan, incremented in the database.
 */
export const qrCodeScanHours = pgTable(
  'qr_code_scan_hours',
  {
    qrCodeId: uuid('qr_code_id')
      .notNull()
      .references(() => qrCodes.id, { onDelete: 'cascade' }),
    hour: timestampTz('hour').notNull(),
    scans: integer('scans').notNull().default(0),
  },
  (t) => [uniqueIndex('qr_code_scan_hours_code_hour_key').on(t.qrCodeId, t.hour)],
);

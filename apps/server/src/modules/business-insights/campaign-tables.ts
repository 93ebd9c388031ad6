import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';
import { businesses } from '../businesses/tables.ts';
import { qrCodes } from '../qr-codes/tables.ts';

/**
 * An enterprise business's QR campaign (decision 0048): a name, its first and last day in its time
 * zone, a goal in the business's currency and the one QR code of the business it counts. Tips
 * through that code always pay into the business; only those completed between the dates count
 * for the campaign. A code belongs to one campaign at most.
 */
export const businessCampaigns = pgTable(
  'business_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    goalMinor: bigint('goal_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    qrCodeId: uuid('qr_code_id')
      .notNull()
      .references(() => qrCodes.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('business_campaigns_business_idx').on(t.businessId, t.createdAt),
    uniqueIndex('business_campaigns_qr_code_key').on(t.qrCodeId),
    check('business_campaigns_dates_ordered', sql`${t.startsOn} <= ${t.endsOn}`),
    check('business_campaigns_goal_positive', sql`${t.goalMinor} > 0`),
    check('business_campaigns_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
  ],
);
export type BusinessCampaignRow = typeof businessCampaigns.$inferSelect;

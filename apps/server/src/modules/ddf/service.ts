import { monthIn } from '@ztart/shared/contracts/budgets';
import { type DdfFigure, type DdfProduct, type DdfSheet, ddfLimitsOf } from '@ztart/shared/contracts/ddf';
import { CURRENCIES, type Currency, isCurrency } from '@ztart/shared/money';
import { primaryRole, type Role, USER_LEVELS, type UserLevel } from '@ztart/shared/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { usageOf } from '../assistant/quota.ts';
import { listBudgets, monthBounds } from '../budgets/service.ts';
import { businesses, businessMembers } from '../businesses/tables.ts';
import { contacts } from '../contacts/tables.ts';
import { goals } from '../goals/tables.ts';
import { portfolioOf } from '../investments/service.ts';
import { invoices } from '../invoices/tables.ts';
import { findProfileRow, rolesOf, timeZoneOf } from '../profiles/service.ts';
import { qrCodes } from '../qr-codes/tables.ts';
import { tips } from '../tips/tables.ts';
import { transactions } from '../transactions/tables.ts';
import { walletBalancesOf } from '../wallet/service.ts';

interface Person {
  userId: string;
  role: Role;
  /** `[start, end)` of the current month of the person's time zone. */
  month: { start: SQL; end: SQL };
  now: Date;
}

const count = (key: DdfFigure['key'], value: number | string | null | undefined): DdfFigure => ({
  key,
  kind: 'count',
  value: wholeNumber(value),
});

/** One money figure per currency of the rows, in the order of CURRENCIES. */
function moneyFigures(
  key: DdfFigure['key'],
  rows: readonly { currency: string; amount: string | number }[],
): DdfFigure[] {
  return rows
    .filter((row): row is { currency: Currency; amount: string | number } => isCurrency(row.currency))
    .sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency))
    .map((row) => ({ key, kind: 'money', amountMinor: wholeNumber(row.amount), currency: row.currency }));
}

type Row = Record<string, unknown>;
async function one<T extends Row>(db: AppDatabase, query: SQL): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  return row as T;
}
type MoneyRow = { currency: string; amount: string } & Row;

/**
 * The currency the per-currency amount limits are shown in: the first currency the person holds
 * money in, US dollars when they hold none (those limits are the same figure in every currency).
 */
async function mainCurrencyOf(db: AppDatabase, userId: string): Promise<Currency> {
  const balances = await walletBalancesOf(db, userId);
  return balances.find((balance) => balance.totalMinor > 0)?.currency ?? 'USD';
}

async function ownsBusiness(db: AppDatabase, userId: string): Promise<boolean> {
  const row = await one<{ owned: string }>(
    db,
    sql`SELECT count(*)::text AS owned FROM ${businesses}
      WHERE ${businesses.ownerId} = ${userId}::uuid AND ${businesses.status} <> 'closed'`,
  );
  return Number(row.owned) > 0;
}

type Sheet = Pick<DdfSheet, 'figures'>;

const SHEETS: Record<DdfProduct, (db: AppDatabase, person: Person) => Promise<Sheet>> = {
  async wallet(db, { userId, month }) {
    const [balances, row] = await Promise.all([
      walletBalancesOf(db, userId),
      one<{ n: string }>(
        db,
        sql`SELECT count(*)::text AS n FROM ${transactions}
          WHERE ${transactions.userId} = ${userId}::uuid AND ${transactions.status} <> 'failed'
            AND ${transactions.createdAt} >= ${month.start} AND ${transactions.createdAt} < ${month.end}`,
      ),
    ]);
    return {
      figures: [
        ...moneyFigures(
          'balance',
          balances
            .filter((balance) => balance.totalMinor !== 0)
            .map((balance) => ({ currency: balance.currency, amount: balance.totalMinor })),
        ),
        count('transactionsThisMonth', row.n),
      ],
    };
  },

  async tips(db, { userId, month }) {
    const completed = sql`${tips.receiverId} = ${userId}::uuid AND ${tips.status} = 'completed'`;
    const thisMonth = sql`${tips.createdAt} >= ${month.start} AND ${tips.createdAt} < ${month.end}`;
    const [counts, received] = await Promise.all([
      one<{ month: string; total: string }>(
        db,
        sql`SELECT (count(*) FILTER (WHERE ${thisMonth}))::text AS month, count(*)::text AS total
          FROM ${tips} WHERE ${completed}`,
      ),
      queryRows<MoneyRow>(
        db,
        sql`SELECT ${tips.currency} AS currency, sum(${tips.amountMinor})::text AS amount
          FROM ${tips} WHERE ${completed} AND ${thisMonth} GROUP BY 1`,
      ),
    ]);
    return {
      figures: [
        count('tipsThisMonth', counts.month),
        count('tipsTotal', counts.total),
        ...moneyFigures('receivedThisMonth', received),
      ],
    };
  },

  async qr(db, { userId }) {
    const row = await one<{ codes: string; scans: string }>(
      db,
      sql`SELECT count(*)::text AS codes, COALESCE(sum(${qrCodes.scanCount}), 0)::text AS scans
          FROM ${qrCodes} WHERE ${qrCodes.userId} = ${userId}::uuid AND ${qrCodes.deletedAt} IS NULL`,
    );
    return {
      figures: [count('qrCodes', row.codes), count('scans', row.scans)],
    };
  },

  async contacts(db, { userId }) {
    const row = await one<{ total: string; favourites: string }>(
      db,
      sql`SELECT count(*)::text AS total, (count(*) FILTER (WHERE ${contacts.favourite}))::text AS favourites
        FROM ${contacts} WHERE ${contacts.ownerId} = ${userId}::uuid`,
    );
    return { figures: [count('contacts', row.total), count('favourites', row.favourites)] };
  },

  async budget(db, { userId, now }) {
    const list = await listBudgets(db, userId, undefined, now);
    return {
      figures: [
        count('budgetsThisMonth', list.items.length),
        ...moneyFigures(
          'budgetedThisMonth',
          list.totals.map((total) => ({ currency: total.currency, amount: total.amountMinor })),
        ),
        ...moneyFigures(
          'spentThisMonth',
          list.totals.map((total) => ({ currency: total.currency, amount: total.spentMinor })),
        ),
      ],
    };
  },

  async goals(db, { userId }) {
    const mine = sql`${goals.ownerId} = ${userId}::uuid`;
    const [counts, saved] = await Promise.all([
      one<{ total: string; reached: string }>(
        db,
        sql`SELECT count(*)::text AS total,
            (count(*) FILTER (WHERE ${goals.reachedAt} IS NOT NULL))::text AS reached
          FROM ${goals} WHERE ${mine}`,
      ),
      queryRows<MoneyRow>(
        db,
        sql`SELECT ${goals.currency} AS currency, sum(${goals.savedMinor})::text AS amount
          FROM ${goals} WHERE ${mine} GROUP BY 1`,
      ),
    ]);
    return {
      figures: [
        count('goals', counts.total),
        count('goalsReached', counts.reached),
        ...moneyFigures('saved', saved),
      ],
    };
  },

  async investments(db, { userId, now }) {
    const portfolio = await portfolioOf(db, userId, now);
    return {
      figures: [
        count('positions', portfolio.positions.length),
        ...moneyFigures(
          'portfolioValue',
          portfolio.totals
            .filter((total) => total.valueMinor > 0)
            .map((total) => ({ currency: total.currency, amount: total.valueMinor })),
        ),
      ],
    };
  },

  async invoices(db, { userId, month }) {
    const mine = sql`${invoices.issuerId} = ${userId}::uuid`;
    const [counts, outstanding] = await Promise.all([
      one<{ open: string; paid: string }>(
        db,
        sql`SELECT (count(*) FILTER (WHERE ${invoices.status} = 'sent'))::text AS open,
            (count(*) FILTER (WHERE ${invoices.status} = 'paid'
              AND ${invoices.paidAt} >= ${month.start} AND ${invoices.paidAt} < ${month.end}))::text AS paid
          FROM ${invoices} WHERE ${mine}`,
      ),
      queryRows<MoneyRow>(
        db,
        sql`SELECT ${invoices.currency} AS currency, sum(${invoices.totalMinor})::text AS amount
          FROM ${invoices} WHERE ${mine} AND ${invoices.status} = 'sent' GROUP BY 1`,
      ),
    ]);
    return {
      figures: [
        count('invoicesOutstanding', counts.open),
        ...moneyFigures('outstanding', outstanding),
        count('invoicesPaidThisMonth', counts.paid),
      ],
    };
  },

  async business(db, { userId }) {
    const row = await one<{ owned: string; memberships: string }>(
      db,
      sql`SELECT
          (SELECT count(*) FROM ${businesses}
            WHERE ${businesses.ownerId} = ${userId}::uuid AND ${businesses.status} <> 'closed')::text AS owned,
          (SELECT count(*) FROM ${businessMembers}
            WHERE ${businessMembers.userId} = ${userId}::uuid
              AND ${businessMembers.approvalStatus} = 'approved')::text AS memberships`,
    );
    return {
      figures: [count('businessesOwned', row.owned), count('memberships', row.memberships)],
    };
  },

  async assistant(db, { userId, role, now }) {
    const usage = await usageOf(db, userId, role, now);
    return {
      figures: [
        count('tokensToday', usage.daily.usedTokens),
        count('tokensThisMonth', usage.monthly.usedTokens),
        count('costTodayCents', usage.costTodayCents),
      ],
    };
  },
};

/** `GET /api/ddf/{product}`: the signed-in person's figures for a product and their plan's limits for it. */
export async function ddfSheetOf(
  db: AppDatabase,
  userId: string,
  product: DdfProduct,
  now: Date,
): Promise<DdfSheet> {
  const [roles, profile, timeZone, owner, currency] = await Promise.all([
    rolesOf(db, userId),
    findProfileRow(db, userId),
    timeZoneOf(db, userId),
    ownsBusiness(db, userId),
    mainCurrencyOf(db, userId),
  ]);
  const level = profile?.userLevel ?? '';
  const userLevel: UserLevel = (USER_LEVELS as readonly string[]).includes(level)
    ? (level as UserLevel)
    : 'freemium';
  const role = primaryRole(roles);
  const month = monthBounds(monthIn(now, timeZone), timeZone);
  const { figures } = await SHEETS[product](db, { userId, role, month, now });
  const limits = ddfLimitsOf(product, { role, userLevel, ownsBusiness: owner, currency });
  return { product, plan: { role, userLevel }, figures, limits };
}

import type { CardBrand } from '@ztart/shared/cards';
import type { Tip, TipProgress, TipSource, TipStatus } from '@ztart/shared/contracts/qr-codes';
import type { Currency } from '@ztart/shared/money';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { displayNameOf, type Person } from '../profiles/people.ts';
import { type TipRow, tips } from './tables.ts';

export type NewTip = typeof tips.$inferInsert;

/** How a tip names a person: their tag and the name shown for them. */
export type TipParty = Tip['receiver'];

/** Writes a tip row; call it inside the movement's database transaction. */
export async function insertTip(tx: AppDatabase, tip: NewTip): Promise<TipRow> {
  const [row] = await tx.insert(tips).values(tip).returning();
  if (!row) throw new Error('tip insert returned no row');
  return row;
}

export function partyOf(person: Person): TipParty {
  return { ztartag: person.ztartag, displayName: displayNameOf(person) };
}

/** A party read back from a profile; a deleted account has neither tag nor name any more. */
export function partyFromProfile(ztartag: string | null, fullName: string | null): TipParty {
  return { ztartag, displayName: fullName?.trim() || ztartag || 'Ztart Tips user' };
}

/** The API shape of a row. The receipt contact and the payer's address never leave the server. */
export function toTip(row: TipRow, parties: { receiver: TipParty; sender: TipParty | null }): Tip {
  return {
    id: row.id,
    status: row.status as TipStatus,
    source: row.source as TipSource,
    amountMinor: row.amountMinor,
    currency: row.currency as Currency,
    message: row.message,
    receiver: parties.receiver,
    sender: parties.sender,
    card:
      row.cardLast4 === null
        ? null
        : { brand: (row.cardBrand as CardBrand | null) ?? null, last4: row.cardLast4 },
    failureCode: row.failureCode,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** `GET /api/public/tips/{id}`: the status of one tip and nothing else (no amount, people or reason). */
export async function tipProgressOf(db: AppDatabase, id: string): Promise<TipProgress> {
  const [row] = await db
    .select({ id: tips.id, status: tips.status, settledAt: tips.settledAt })
    .from(tips)
    .where(eq(tips.id, id))
    .limit(1);
  if (!row) throw new AppError('not_found');
  return {
    id: row.id,
    status: row.status as TipStatus,
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

import { randomInt } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { isZtartagTaken } from './service.ts';
import { profiles } from './tables.ts';

const TAG_MAX_LENGTH = 20;
const TAG_MIN_LENGTH = 3;
/** Candidates tried per round; each later round uses longer numbers. */
const CANDIDATES_PER_ROUND = 6;

/** Free for this person: nobody else holds it (their own tag counts as available). */
export async function isZtartagAvailable(db: AppDatabase, tag: string, askerId?: string): Promise<boolean> {
  return !(await isZtartagTaken(db, tag, askerId));
}

/**
 * A tag made from an email's local part or a name: accents dropped, letters, digits and `_` only,
 * 3 to 20 characters ("María José" → "maria_jose", "leo.martin@x.com" → "leo_martin").
 */
export function ztartagBase(from: string): string {
  const at = from.indexOf('@');
  const source = at > 0 ? from.slice(0, at) : from;
  const base = source
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, TAG_MAX_LENGTH)
    .replace(/_+$/, '');
  if (base.length === 0) return 'ztarter';
  return base.length < TAG_MIN_LENGTH ? `${base}_tips` : base;
}

function withDigits(base: string, digitCount: number): string {
  const digits = String(randomInt(10 ** (digitCount - 1), 10 ** digitCount));
  return `${base.slice(0, TAG_MAX_LENGTH - digitCount)}${digits}`;
}

/** The base itself when free, else the base with digits added (two, then three, then four...). */
export async function suggestZtartag(db: AppDatabase, from: string): Promise<string> {
  const base = ztartagBase(from);
  for (let round = 0; round < 5; round += 1) {
    const candidates =
      round === 0
        ? [base, ...Array.from({ length: CANDIDATES_PER_ROUND - 1 }, () => withDigits(base, 2))]
        : Array.from({ length: CANDIDATES_PER_ROUND }, () => withDigits(base, round + 2));
    const taken = new Set(
      (
        await db
          .select({ tag: sql<string>`lower(${profiles.ztartag})` })
          .from(profiles)
          .where(inArray(sql`lower(${profiles.ztartag})`, candidates))
      ).map((row) => row.tag),
    );
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free) return free;
  }
  return withDigits('ztart_', 12);
}

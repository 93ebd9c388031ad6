import { BUSINESS_LIMITS, qrCodeLimitFor } from '@ztart/shared/business';
import {
  type CreateQrCodeRequest,
  DEFAULT_DYNAMIC_QR,
  QR_CODES_MAX_PER_USER,
  type QrCode,
  type QrCodeKind,
  qrCodeConsistencyIssues,
  type UpdateQrCodeRequest,
} from '@ztart/shared/contracts/qr-codes';
import type { ValidationFailureDetails } from '@ztart/shared/contracts/validation-failure';
import type { Currency } from '@ztart/shared/money';
import type { UserLevel } from '@ztart/shared/roles';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { users } from '../auth/tables.ts';
import { profiles } from '../profiles/tables.ts';
import { contentOf, dynamicOf, emvOptionOf, emvPayloadOf, toQrCode } from './payload.ts';
import { randomShortCode } from './short-codes.ts';
import { type QrCodeRow, qrCodeScanHours, qrCodes } from './tables.ts';

/** A collision among 62^8 codes is rare; several in a row means something else is wrong. */
const SHORT_CODE_ATTEMPTS = 5;
/** The most QR codes any level may keep: the bound of a list. */
const QR_CODES_LIST_MAX = Math.max(QR_CODES_MAX_PER_USER, BUSINESS_LIMITS.enterprise.qrCodes);

export interface QrCodeOwner {
  userLevel: UserLevel;
  ztartag: string | null;
}

/**
 * The owner's level and ztartag. With `lock`, the profile row stays locked until the transaction
 * ends, so that two creations at once cannot both pass the limit.
 */
async function ownerOf(db: AppDatabase, userId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ userLevel: profiles.userLevel, ztartag: profiles.ztartag })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const [row] = options.lock ? await query.for('no key update') : await query;
  if (!row) throw new AppError('user_profile_not_found');
  return { userLevel: row.userLevel as UserLevel, ztartag: row.ztartag } satisfies QrCodeOwner;
}

/** The person's ztartag, or 409 `ztartag_required`: tip links and QR codes are made from it. */
export async function requireZtartag(db: AppDatabase, userId: string): Promise<string> {
  const { ztartag } = await ownerOf(db, userId);
  if (!ztartag) throw new AppError('ztartag_required');
  return ztartag;
}

export async function listQrCodes(context: AppContext, userId: string): Promise<QrCode[]> {
  const rows = await context.db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.userId, userId), isNull(qrCodes.deletedAt)))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(QR_CODES_LIST_MAX);
  return rows.map((row) => toQrCode(row, context.config.appUrl));
}

/** One of the person's own QR codes, not deleted; anyone else's is answered as if it did not exist. */
export async function findOwnQrCode(
  db: AppDatabase,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<QrCodeRow> {
  const query = db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.userId, userId), isNull(qrCodes.deletedAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

export interface CreateQrCodeOptions {
  /** Where short codes come from (tests force a collision). */
  newShortCode?: () => string;
  /** The limit to apply instead of the owner's own: a business's codes follow its plan (spec §9). */
  max?: number;
}

/**
 * A new QR code with a fresh short code. Needs the owner's ztartag (the code leads to their tip
 * page); refused past the owner's limit and when its EMV payload cannot be made.
 */
export async function createQrCode(
  context: AppContext,
  userId: string,
  body: CreateQrCodeRequest,
  options: CreateQrCodeOptions = {},
): Promise<QrCode> {
  const newShortCode = options.newShortCode ?? randomShortCode;
  const now = context.now();
  return context.db.transaction(async (tx) => {
    const owner = await ownerOf(tx, userId, { lock: true });
    if (!owner.ztartag) throw new AppError('ztartag_required');
    // A person's own codes get the personal limit; a business's come with the max of its plan.
    const max = options.max ?? qrCodeLimitFor(owner.userLevel, false);
    const [kept] = await tx
      .select({ n: count() })
      .from(qrCodes)
      .where(and(eq(qrCodes.userId, userId), isNull(qrCodes.deletedAt)));
    if ((kept?.n ?? 0) >= max) {
      throw new AppError('limit_exceeded', { details: { limit: 'qrCodes', max } });
    }
    for (let attempt = 0; attempt < SHORT_CODE_ATTEMPTS; attempt++) {
      const code = newShortCode();
      emvPayloadOf({ ...body, code }, context.config.appUrl);
      const inserted = await saving(body.dynamic !== undefined, () =>
        tx
          .insert(qrCodes)
          .values({
            userId,
            code,
            title: body.title,
            description: body.description ?? null,
            kind: body.kind,
            amountMinor: body.amountMinor,
            currency: body.currency,
            emv: body.emv,
            dynamic: body.dynamic ?? DEFAULT_DYNAMIC_QR,
            createdAt: now,
            updatedAt: now,
          })
          // A taken code inserts nothing (rather than failing, which would end the transaction).
          .onConflictDoNothing({ target: qrCodes.code })
          .returning(),
      );
      if (inserted[0]) return toQrCode(inserted[0], context.config.appUrl);
    }
    throw new AppError('qr_generation_failed', { message: 'No free short code was found.' });
  });
}

/**
 * Changes the fields sent; the merged QR code must still be consistent (400 `validation_failed`)
 * and make its EMV payload (422 `qr_generation_failed`). The row is locked meanwhile, so two
 * changes at once cannot each pass the checks and together leave an inconsistent QR code.
 */
export async function updateQrCode(
  context: AppContext,
  userId: string,
  id: string,
  patch: UpdateQrCodeRequest,
): Promise<QrCode> {
  return context.db.transaction(async (tx) => {
    const row = await findOwnQrCode(tx, userId, id, { lock: true });
    const current = contentOf(row);
    const merged = {
      code: row.code,
      title: patch.title ?? row.title,
      description: patch.description !== undefined ? patch.description : row.description,
      kind: (patch.kind ?? current.kind) as QrCodeKind,
      amountMinor: patch.amountMinor !== undefined ? patch.amountMinor : row.amountMinor,
      currency: (patch.currency ?? current.currency) as Currency,
      emv: patch.emv ?? emvOptionOf(row),
      dynamic: patch.dynamic ?? dynamicOf(row),
    };
    const issues = qrCodeConsistencyIssues(merged);
    if (issues.length > 0) {
      const details: ValidationFailureDetails = {
        source: 'body',
        issues: issues.map((issue) => ({
          path: issue.path.join('.'),
          code: 'custom',
          message: issue.message,
        })),
      };
      throw new AppError('validation_failed', { details: { ...details } });
    }
    emvPayloadOf(merged, context.config.appUrl);
    const [updated] = await saving(patch.dynamic !== undefined, () =>
      tx
        .update(qrCodes)
        .set({
          title: merged.title,
          description: merged.description,
          kind: merged.kind,
          amountMinor: merged.amountMinor,
          currency: merged.currency,
          emv: merged.emv,
          dynamic: merged.dynamic,
          updatedAt: context.now(),
        })
        .where(eq(qrCodes.id, row.id))
        .returning(),
    );
    return toQrCode(updated!, context.config.appUrl);
  });
}

/**
 * The spec's "Could not save dynamic QR": a write carrying dynamic settings that the database
 * refuses answers 500 `dynamic_qr_save_failed` (logged); without them the failure stays unexpected.
 */
async function saving<T>(carriesDynamic: boolean, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!carriesDynamic || isAppError(error)) throw error;
    throw new AppError('dynamic_qr_save_failed', { cause: error });
  }
}

/** Soft delete: the row stays for the tips that name it; its short link answers not found from now. */
export async function deleteQrCode(context: AppContext, userId: string, id: string): Promise<void> {
  const deleted = await context.db
    .update(qrCodes)
    .set({ deletedAt: context.now() })
    .where(and(eq(qrCodes.id, id), eq(qrCodes.userId, userId), isNull(qrCodes.deletedAt)))
    .returning({ id: qrCodes.id });
  if (deleted.length === 0) throw new AppError('not_found');
}

/** A QR code that its short link may open, with its owner as the quick-tip page shows them. */
export interface LiveQrCode {
  row: QrCodeRow;
  receiver: { ztartag: string; fullName: string | null; avatarUrl: string | null };
}

/**
 * The QR code behind a short code when it can be opened: not deleted, and its owner still has an
 * account and a ztartag (their tip page). Short codes are case-sensitive.
 */
export async function findLiveQrCode(db: AppDatabase, code: string): Promise<LiveQrCode | undefined> {
  const [found] = await db
    .select({
      row: qrCodes,
      ztartag: profiles.ztartag,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(qrCodes)
    .innerJoin(users, eq(users.id, qrCodes.userId))
    .innerJoin(profiles, eq(profiles.id, qrCodes.userId))
    .where(and(eq(qrCodes.code, code), isNull(qrCodes.deletedAt), isNull(users.deletedAt)))
    .limit(1);
  if (!found?.ztartag) return undefined;
  return {
    row: found.row,
    receiver: { ztartag: found.ztartag, fullName: found.fullName, avatarUrl: found.avatarUrl },
  };
}

/**
 * Counts one scan, in all and in its hour (qr_code_scan_hours); the increments happen in the
 * database, so scans at the same moment all count.
 */
export async function countScan(db: AppDatabase, id: string, now: Date): Promise<void> {
  const counted = await db
    .update(qrCodes)
    .set({ scanCount: sql`${qrCodes.scanCount} + 1` })
    .where(and(eq(qrCodes.id, id), isNull(qrCodes.deletedAt)))
    .returning({ id: qrCodes.id });
  if (counted.length === 0) return;
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  await db
    .insert(qrCodeScanHours)
    .values({ qrCodeId: id, hour, scans: 1 })
    .onConflictDoUpdate({
      target: [qrCodeScanHours.qrCodeId, qrCodeScanHours.hour],
      set: { scans: sql`${qrCodeScanHours.scans} + 1` },
    });
}

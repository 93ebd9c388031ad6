import {
  type CreateDebtRequest,
  DEBT_NAME_MAX,
  type Debt,
  type DebtDirection,
  type DebtListResponse,
  type DebtQuery,
  type DebtSettlement,
  mirroredDirection,
  type UpdateDebtRequest,
} from '@ztart/shared/contracts/debts';
import type { Currency } from '@ztart/shared/money';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import { isBlockedEitherWay } from '../contacts/blocking.ts';
import { findContactParty } from '../contacts/service.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { notificationEvents, notify } from '../notifications/service.ts';
import { notFoundFor, resolveRecipient } from '../profiles/people.ts';
import { profiles } from '../profiles/tables.ts';
import { type DebtRow, type DebtSettlementRow, debtSettlements, debts } from './tables.ts';

/** What a debt's view shows of a user of the app. */
interface PersonName {
  ztartag: string | null;
  fullName: string | null;
}

/** The two sides of a debt by user id: the creditor is owed money, the debtor owes it. */
export function sidesOf(row: DebtRow): { debtorId: string | null; creditorId: string | null } {
  return row.direction === 'i_owe'
    ? { debtorId: row.ownerId, creditorId: row.counterpartyUserId }
    : { debtorId: row.counterpartyUserId, creditorId: row.ownerId };
}

/** The debts a person sees: those they recorded and those recorded with them. */
function visibleTo(userId: string): SQL {
  return or(eq(debts.ownerId, userId), eq(debts.counterpartyUserId, userId)) as SQL;
}

/** A debt the person sees, or 404 (another's debt reads as one that does not exist). */
export async function findVisibleDebt(db: AppDatabase, userId: string, id: string): Promise<DebtRow> {
  const [row] = await db
    .select()
    .from(debts)
    .where(and(eq(debts.id, id), visibleTo(userId)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The same, locked until the caller's transaction ends. */
async function lockVisibleDebt(tx: AppDatabase, userId: string, id: string): Promise<DebtRow> {
  const [row] = await tx
    .select()
    .from(debts)
    .where(and(eq(debts.id, id), visibleTo(userId)))
    .for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

async function namesOf(db: AppDatabase, ids: string[]): Promise<Map<string, PersonName>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, ztartag: profiles.ztartag, fullName: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { ztartag: row.ztartag, fullName: row.fullName }]));
}

async function settlementsOf(db: AppDatabase, debtIds: string[]): Promise<DebtSettlementRow[]> {
  if (debtIds.length === 0) return [];
  return db
    .select()
    .from(debtSettlements)
    .where(inArray(debtSettlements.debtId, debtIds))
    .orderBy(asc(debtSettlements.createdAt), asc(debtSettlements.id));
}

function displayName(person: PersonName | undefined): string {
  return person?.fullName?.trim() || person?.ztartag || 'Ztart Tips user';
}

/** A debt as the viewer sees it: direction mirrored for the other person. */
export function toDebt(
  row: DebtRow,
  viewerId: string,
  names: Map<string, PersonName>,
  settlements: DebtSettlementRow[],
): Debt {
  const recordedByMe = row.ownerId === viewerId;
  const otherId = recordedByMe ? row.counterpartyUserId : row.ownerId;
  const other = otherId ? names.get(otherId) : undefined;
  const { debtorId } = sidesOf(row);
  return {
    id: row.id,
    direction: recordedByMe
      ? (row.direction as DebtDirection)
      : mirroredDirection(row.direction as DebtDirection),
    counterparty: otherId
      ? { ztartag: other?.ztartag ?? null, displayName: displayName(other), isUser: true }
      : { ztartag: null, displayName: row.counterpartyName ?? '', isUser: false },
    contactId: recordedByMe ? row.contactId : null,
    amountMinor: row.amountMinor,
    currency: row.currency as Currency,
    settledMinor: row.settledMinor,
    remainingMinor: row.amountMinor - row.settledMinor,
    note: row.note,
    dueDate: row.dueDate,
    status: row.status as Debt['status'],
    confirmation: row.confirmation as Debt['confirmation'],
    recordedByMe,
    settlements: settlements
      .filter((settlement) => settlement.debtId === row.id)
      .map(
        (settlement): DebtSettlement => ({
          id: settlement.id,
          amountMinor: settlement.amountMinor,
          via: settlement.via as DebtSettlement['via'],
          recordedByMe: settlement.recordedBy === viewerId,
          transactionId:
            viewerId === debtorId ? settlement.sentTransactionId : settlement.receivedTransactionId,
          createdAt: settlement.createdAt.toISOString(),
        }),
      ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function viewsOf(db: AppDatabase, viewerId: string, rows: DebtRow[]): Promise<Debt[]> {
  const ids = rows.flatMap((row) => [
    row.ownerId,
    ...(row.counterpartyUserId ? [row.counterpartyUserId] : []),
  ]);
  const [names, settlements] = await Promise.all([
    namesOf(db, ids),
    settlementsOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => toDebt(row, viewerId, names, settlements));
}

/** One debt as the person sees it (404 for another's). */
export async function getDebt(db: AppDatabase, userId: string, id: string): Promise<Debt> {
  const row = await findVisibleDebt(db, userId, id);
  const [view] = await viewsOf(db, userId, [row]);
  return view as Debt;
}

/** The person's debts with a direction from their side. */
function directionIs(userId: string, direction: DebtDirection): SQL {
  return or(
    and(eq(debts.ownerId, userId), eq(debts.direction, direction)),
    and(eq(debts.counterpartyUserId, userId), eq(debts.direction, mirroredDirection(direction))),
  ) as SQL;
}

/** `GET /api/debts`: newest first, with what is still owed on open debts per direction and currency. */
export async function listDebts(
  db: AppDatabase,
  userId: string,
  query: DebtQuery,
): Promise<DebtListResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const filters = [
    query.direction ? directionIs(userId, query.direction) : undefined,
    query.status ? eq(debts.status, query.status) : undefined,
    query.contactId ? and(eq(debts.ownerId, userId), eq(debts.contactId, query.contactId)) : undefined,
  ];
  // Each side on its own index (owner, or counterparty), as a union: an OR would scan the table.
  const mine = (side: 'owner' | 'counterparty') =>
    db
      .select()
      .from(debts)
      .where(
        and(
          side === 'owner' ? eq(debts.ownerId, userId) : eq(debts.counterpartyUserId, userId),
          ...filters,
          cursor
            ? sql`(${debts.createdAt}, ${debts.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(debts.createdAt), desc(debts.id))
      .limit(query.limit + 1);
  const [owned, withMe, totals] = await Promise.all([
    mine('owner'),
    mine('counterparty'),
    totalsOf(db, userId, filters),
  ]);
  const rows = [...owned, ...withMe]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, query.limit + 1);
  const page = pageOf(rows, query.limit);
  return { items: await viewsOf(db, userId, page.rows), nextCursor: page.nextCursor, totals };
}

async function totalsOf(
  db: AppDatabase,
  userId: string,
  filters: (SQL | undefined)[],
): Promise<DebtListResponse['totals']> {
  const direction = sql<DebtDirection>`CASE WHEN ${debts.ownerId} = ${userId}::uuid THEN ${debts.direction}
    WHEN ${debts.direction} = 'i_owe' THEN 'owed_to_me' ELSE 'i_owe' END`;
  const rows = await db
    .select({
      direction,
      currency: debts.currency,
      remainingMinor: sql<string>`SUM(${debts.amountMinor} - ${debts.settledMinor})`,
    })
    .from(debts)
    .where(
      and(
        visibleTo(userId),
        ...filters,
        eq(debts.status, 'open'),
        // A debt waiting for confirmation counts for whoever recorded it; for the other side, once confirmed.
        or(
          inArray(debts.confirmation, ['not_needed', 'confirmed']),
          and(eq(debts.confirmation, 'pending'), eq(debts.ownerId, userId)),
        ),
      ),
    )
    // By position: the direction's expression carries a parameter, written once in the list.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`);
  return rows.map((row) => ({
    direction: row.direction,
    currency: row.currency as Currency,
    remainingMinor: Number(row.remainingMinor),
  }));
}

/**
 * `POST /api/debts`: with a user of the app, the debt waits for their confirmation and they are
 * told (a notification, live); with someone outside it, it needs none.
 */
export async function createDebt(
  context: AppContext,
  userId: string,
  body: CreateDebtRequest,
): Promise<Debt> {
  const now = context.now();
  const contact = body.contactId ? await findContactParty(context.db, userId, body.contactId) : null;
  let counterpartyUserId: string | null = null;
  let counterpartyName = body.counterpartyName ?? null;
  if (body.counterpartyUser !== undefined) {
    const person = await resolveRecipient(context.db, body.counterpartyUser);
    if (person.userId === userId) throw new AppError('recipient_is_self');
    // A block either way reads exactly as nobody: the answer tells neither of it.
    if (await isBlockedEitherWay(context.db, userId, person.userId)) throw notFoundFor(body.counterpartyUser);
    counterpartyUserId = person.userId;
  } else if (body.counterpartyName === undefined && contact) {
    // Recorded from a contact with nobody typed: the contact's account, else what they are called.
    counterpartyUserId = contact.userId;
    counterpartyName = contact.userId ? null : contact.nickname.slice(0, DEBT_NAME_MAX);
  }
  const events: PendingEvent[] = [];
  const row = await context.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(debts)
      .values({
        ownerId: userId,
        counterpartyUserId,
        counterpartyName: counterpartyUserId ? null : counterpartyName,
        contactId: body.contactId ?? null,
        direction: body.direction,
        amountMinor: body.amountMinor,
        currency: body.currency,
        note: body.note ? body.note : null,
        dueDate: body.dueDate ?? null,
        confirmation: counterpartyUserId ? 'pending' : 'not_needed',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('a debt insert returned no row');
    if (counterpartyUserId) {
      const names = await namesOf(tx, [userId]);
      const me = names.get(userId);
      events.push(
        ...notificationEvents(
          await notify(tx, {
            userId: counterpartyUserId,
            type: 'system',
            event: 'debt_recorded',
            data: {
              amountMinor: body.amountMinor,
              currency: body.currency,
              debtId: created.id,
              fromZtartag: me?.ztartag ?? null,
              fromName: me?.fullName?.trim() || null,
            },
            now,
          }),
        ),
      );
    }
    return created;
  });
  publishAll(context.live, events);
  const [view] = await viewsOf(context.db, userId, [row]);
  return view as Debt;
}

/**
 * `PATCH /api/debts/{id}`: the recorder edits the note, due date and contact; the other person
 * answers a pending debt. A changed due date may be reminded of again.
 */
export async function updateDebt(
  context: AppContext,
  userId: string,
  id: string,
  body: UpdateDebtRequest,
): Promise<Debt> {
  const now = context.now();
  await context.db.transaction(async (tx) => {
    const row = await lockVisibleDebt(tx, userId, id);
    const recordedByMe = row.ownerId === userId;
    const edits = body.note !== undefined || body.dueDate !== undefined || body.contactId !== undefined;
    if (edits && !recordedByMe)
      throw new AppError('forbidden', { message: 'Only the person who recorded the debt can edit it.' });
    if (body.contactId) await findContactParty(tx, userId, body.contactId);
    if (body.confirmation !== undefined) {
      if (recordedByMe) throw new AppError('forbidden', { message: 'The other person confirms a debt.' });
      if (row.confirmation !== 'pending')
        throw new AppError('conflict', { message: 'This debt has already been answered.' });
    }
    await tx
      .update(debts)
      .set({
        ...(body.note !== undefined ? { note: body.note ? body.note : null } : {}),
        ...(body.dueDate !== undefined && body.dueDate !== row.dueDate
          ? { dueDate: body.dueDate, remindedAt: null }
          : {}),
        ...(body.contactId !== undefined ? { contactId: body.contactId } : {}),
        ...(body.confirmation !== undefined ? { confirmation: body.confirmation } : {}),
        updatedAt: now,
      })
      .where(eq(debts.id, row.id));
  });
  return getDebt(context.db, userId, id);
}

/** How many due debts one round reminds of at most; the next round takes the rest. */
export const REMINDER_BATCH_SIZE = 100;

/**
 * Tells each debtor of an open, settleable debt due today or earlier, once per debt: the row is
 * marked reminded in the same transaction as its notification, so two rounds (or two servers)
 * never remind twice. The debtor is the user who owes; when that is someone outside the app, the
 * person who recorded the debt is reminded instead. Due dates are calendar days in UTC.
 */
export async function remindDueDebts(context: AppContext, now: Date): Promise<{ reminded: string[] }> {
  const today = now.toISOString().slice(0, 10);
  const events: PendingEvent[] = [];
  const reminded = await context.db.transaction(async (tx) => {
    const due = tx
      .select({ id: debts.id })
      .from(debts)
      .where(
        and(
          eq(debts.status, 'open'),
          isNull(debts.remindedAt),
          sql`${debts.dueDate} <= ${today}::date`,
          inArray(debts.confirmation, ['not_needed', 'confirmed']),
        ),
      )
      .orderBy(asc(debts.dueDate))
      .limit(REMINDER_BATCH_SIZE)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(debts)
      .set({ remindedAt: now })
      .where(and(inArray(debts.id, due), isNull(debts.remindedAt)))
      .returning();
    const names = await namesOf(
      tx,
      rows.flatMap((row) => [row.ownerId, ...(row.counterpartyUserId ? [row.counterpartyUserId] : [])]),
    );
    for (const row of rows) {
      const { debtorId, creditorId } = sidesOf(row);
      const remindedId = debtorId ?? row.ownerId;
      const otherId = remindedId === debtorId ? creditorId : debtorId;
      const other = otherId ? names.get(otherId) : undefined;
      events.push(
        ...notificationEvents(
          await notify(tx, {
            userId: remindedId,
            type: 'reminder',
            event: 'debt_due',
            data: {
              amountMinor: row.amountMinor - row.settledMinor,
              currency: row.currency as Currency,
              debtId: row.id,
              fromZtartag: other?.ztartag ?? null,
              fromName: other ? other.fullName?.trim() || null : row.counterpartyName,
            },
            now,
          }),
        ),
      );
    }
    return rows.map((row) => row.id);
  });
  publishAll(context.live, events);
  return { reminded };
}

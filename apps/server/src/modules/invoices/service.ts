import { randomBytes } from 'node:crypto';
import {
  type CreateInvoiceRequest,
  formatInvoiceNumber,
  INVOICE_TOTAL_MIN_MINOR,
  type Invoice,
  type InvoiceLineInput,
  type InvoiceListQuery,
  type InvoiceListResponse,
  type InvoiceOutstanding,
  invoiceTotals,
  type UpdateInvoiceRequest,
} from '@ztart/shared/contracts/invoices';
import { INVOICE_LIMITS } from '@ztart/shared/limits';
import { type Currency, formatMoney } from '@ztart/shared/money';
import { isoDateOf, localDateOf } from '@ztart/shared/time-zones';
import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import { recordAuditInTransaction } from '../activity/service.ts';
import { displayNameOf, findPeople, findPerson, type Person } from '../profiles/people.ts';
import { languageOf, timeZoneOf } from '../profiles/service.ts';
import { type InvoiceRow, invoiceCounters, invoiceLines, invoices } from './tables.ts';
import { linesOf, payUrlOf, toInvoice, toLine } from './view.ts';

/** The person's calendar date at `now` in their profile's time zone: what due dates are compared with. */
export async function todayOf(db: AppDatabase, userId: string, now: Date): Promise<string> {
  return isoDateOf(localDateOf(now, await timeZoneOf(db, userId)));
}

function newPublicCode(): string {
  return randomBytes(16).toString('base64url');
}

function dueDateInThePast(): AppError {
  return new AppError('validation_failed', {
    details: {
      source: 'body',
      issues: [{ path: 'dueDate', code: 'custom', message: 'validation.dueDatePast' }],
    },
  });
}

function totalOutOfRange(message: 'validation.invoiceTotalMax' | 'validation.invoiceTotalMin'): AppError {
  return new AppError('validation_failed', {
    details: { source: 'body', issues: [{ path: 'lines', code: 'custom', message }] },
  });
}

/** A draft's total must be payable (at least INVOICE_TOTAL_MIN_MINOR) and within the maximum. */
function assertTotalInRange(totalMinor: number) {
  if (totalMinor > INVOICE_LIMITS.totalMaxMinor) throw totalOutOfRange('validation.invoiceTotalMax');
  if (totalMinor < INVOICE_TOTAL_MIN_MINOR) throw totalOutOfRange('validation.invoiceTotalMin');
}

function lineRows(invoiceId: string, lines: InvoiceLineInput[]) {
  return lines.map((line, position) => ({
    invoiceId,
    position,
    description: line.description,
    quantity: line.quantity,
    unitPriceMinor: line.unitPriceMinor,
    amountMinor: line.quantity * line.unitPriceMinor,
  }));
}

/**
 * Takes the issuer's next number of `year`. The upsert locks the counter row until the caller's
 * transaction ends: a concurrent creation waits, then reads the number this one took; a rollback
 * gives the number back. So numbers have no gaps and no duplicates.
 */
async function takeNextSequence(tx: AppDatabase, issuerId: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ issuerId, year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.issuerId, invoiceCounters.year],
      set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` },
    })
    .returning({ lastSequence: invoiceCounters.lastSequence });
  if (!row) throw new Error('the invoice counter answered no row');
  return row.lastSequence;
}

/** `POST /api/invoices`: a draft with the issuer's next number of the year, its lines and totals. */
export async function createInvoice(
  context: AppContext,
  request: FastifyRequest,
  issuerId: string,
  body: CreateInvoiceRequest,
): Promise<Invoice> {
  const now = context.now();
  const today = await todayOf(context.db, issuerId, now);
  if (body.dueDate < today) throw dueDateInThePast();
  const totals = invoiceTotals(body.lines, body.taxRateBasisPoints);
  assertTotalInRange(totals.totalMinor);
  const year = Number(today.slice(0, 4));
  const { row, lines } = await context.db.transaction(async (tx) => {
    const sequence = await takeNextSequence(tx, issuerId, year);
    if (sequence > INVOICE_LIMITS.perYear) {
      throw new AppError('limit_exceeded', {
        details: { limit: 'invoicesPerYear', max: INVOICE_LIMITS.perYear },
      });
    }
    const [inserted] = await tx
      .insert(invoices)
      .values({
        issuerId,
        year,
        sequence,
        number: formatInvoiceNumber(year, sequence),
        code: newPublicCode(),
        status: 'draft',
        customerName: body.customerName,
        customerEmail: body.customerEmail,
        currency: body.currency,
        issueDate: today,
        dueDate: body.dueDate,
        taxRateBasisPoints: body.taxRateBasisPoints,
        notes: body.notes || null,
        ...totals,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('invoice insert returned no row');
    const written = await tx.insert(invoiceLines).values(lineRows(inserted.id, body.lines)).returning();
    await recordAuditInTransaction(tx, request, {
      userId: issuerId,
      actionType: 'invoice_created',
      resource: `invoice:${inserted.id}`,
      metadata: { number: inserted.number, totalMinor: inserted.totalMinor, currency: inserted.currency },
    });
    return { row: inserted, lines: written.sort((a, b) => a.position - b.position) };
  });
  return toInvoice(row, lines.map(toLine), { today, appUrl: context.config.appUrl });
}

/** One of the issuer's invoices; another person's reads as none (404). */
export async function findOwnInvoice(
  db: AppDatabase,
  issuerId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<InvoiceRow> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.issuerId, issuerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** Who paid from their wallet, as the issuer sees them, per invoice id (one query for a page). */
async function payersOf(db: AppDatabase, rows: readonly InvoiceRow[]) {
  const people = await findPeople(
    db,
    rows.flatMap((row) => (row.payerId ? [row.payerId] : [])),
  );
  const payers = new Map<string, { ztartag: string | null; displayName: string }>();
  for (const row of rows) {
    const payer = row.payerId ? people.get(row.payerId) : undefined;
    if (payer) payers.set(row.id, { ztartag: payer.ztartag, displayName: displayNameOf(payer) });
  }
  return payers;
}

export async function invoiceView(context: AppContext, row: InvoiceRow, today?: string): Promise<Invoice> {
  const lines = (await linesOf(context.db, [row.id])).get(row.id) ?? [];
  return toInvoice(row, lines, {
    today: today ?? (await todayOf(context.db, row.issuerId, context.now())),
    appUrl: context.config.appUrl,
    payer: (await payersOf(context.db, [row])).get(row.id) ?? null,
  });
}

export async function getInvoice(context: AppContext, issuerId: string, id: string): Promise<Invoice> {
  return invoiceView(context, await findOwnInvoice(context.db, issuerId, id));
}

function decodeCursor(cursor: string | undefined): { year: number; sequence: number } | null {
  if (!cursor) return null;
  const match = /^(\d{4})-(\d{1,9})$/.exec(cursor);
  if (!match) throw new AppError('bad_request', { message: 'The cursor is not valid.' });
  return { year: Number(match[1]), sequence: Number(match[2]) };
}

function statusFilter(status: InvoiceListQuery['status'], today: string): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'sent':
      return and(eq(invoices.status, 'sent'), gte(invoices.dueDate, today));
    case 'overdue':
      return and(eq(invoices.status, 'sent'), lt(invoices.dueDate, today));
    default:
      return eq(invoices.status, status);
  }
}

/** `GET /api/invoices`: newest number first, a page at a time, with what is outstanding per currency. */
export async function listInvoices(
  context: AppContext,
  issuerId: string,
  query: InvoiceListQuery,
): Promise<InvoiceListResponse> {
  const { db } = context;
  const today = await todayOf(db, issuerId, context.now());
  const after = decodeCursor(query.cursor);
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.issuerId, issuerId),
        statusFilter(query.status, today),
        after
          ? or(
              lt(invoices.year, after.year),
              and(eq(invoices.year, after.year), lt(invoices.sequence, after.sequence)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(invoices.year), desc(invoices.sequence))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const lines = await linesOf(
    db,
    page.map((row) => row.id),
  );
  const payers = await payersOf(db, page);
  return {
    items: page.map((row) =>
      toInvoice(row, lines.get(row.id) ?? [], {
        today,
        appUrl: context.config.appUrl,
        payer: payers.get(row.id) ?? null,
      }),
    ),
    nextCursor: rows.length > query.limit && last ? `${last.year}-${last.sequence}` : null,
    outstanding: await outstandingOf(db, issuerId, today),
  };
}

/** What customers still owe: sent invoices (overdue included), per currency. */
export async function outstandingOf(
  db: AppDatabase,
  issuerId: string,
  today: string,
): Promise<InvoiceOutstanding[]> {
  const rows = await queryRows<{ currency: string; outstanding: string; overdue: string; count: string }>(
    db,
    sql`SELECT currency, SUM(total_minor) AS outstanding,
        COALESCE(SUM(total_minor) FILTER (WHERE due_date < ${today}::date), 0) AS overdue, COUNT(*) AS count
      FROM ${invoices} WHERE issuer_id = ${issuerId}::uuid AND status = 'sent'
      GROUP BY currency ORDER BY currency`,
  );
  return rows.map((row) => ({
    currency: row.currency as Currency,
    outstandingMinor: wholeNumber(row.outstanding),
    overdueMinor: wholeNumber(row.overdue),
    count: wholeNumber(row.count),
  }));
}

/** `PATCH /api/invoices/{id}`: a draft only (409 `invoice_not_editable` otherwise); lines are replaced whole. */
export async function updateInvoice(
  context: AppContext,
  request: FastifyRequest,
  issuerId: string,
  id: string,
  body: UpdateInvoiceRequest,
): Promise<Invoice> {
  const now = context.now();
  const today = await todayOf(context.db, issuerId, now);
  if (body.dueDate !== undefined && body.dueDate < today) throw dueDateInThePast();
  const row = await context.db.transaction(async (tx) => {
    const current = await findOwnInvoice(tx, issuerId, id, { lock: true });
    if (current.status !== 'draft') throw new AppError('invoice_not_editable');
    const lines = body.lines ?? (await linesOf(tx, [id])).get(id) ?? [];
    const taxRateBasisPoints = body.taxRateBasisPoints ?? current.taxRateBasisPoints;
    const totals = invoiceTotals(lines, taxRateBasisPoints);
    assertTotalInRange(totals.totalMinor);
    if (body.lines) {
      await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
      await tx.insert(invoiceLines).values(lineRows(id, body.lines));
    }
    const [updated] = await tx
      .update(invoices)
      .set({
        customerName: body.customerName ?? current.customerName,
        customerEmail: body.customerEmail ?? current.customerEmail,
        currency: body.currency ?? current.currency,
        dueDate: body.dueDate ?? current.dueDate,
        taxRateBasisPoints,
        notes: body.notes === undefined ? current.notes : body.notes || null,
        ...totals,
        updatedAt: now,
      })
      .where(eq(invoices.id, id))
      .returning();
    if (!updated) throw new Error('a locked invoice vanished');
    await recordAuditInTransaction(tx, request, {
      userId: issuerId,
      actionType: 'invoice_updated',
      resource: `invoice:${id}`,
      metadata: { totalMinor: updated.totalMinor, currency: updated.currency },
    });
    return updated;
  });
  return invoiceView(context, row, today);
}

/**
 * `POST /api/invoices/{id}/send`: draft → sent, then the customer gets the pay link by mail, in
 * the issuer's language (the invoice is written in it). A due date already past → 400.
 */
export async function sendInvoice(
  context: AppContext,
  request: FastifyRequest,
  issuerId: string,
  id: string,
): Promise<Invoice> {
  const now = context.now();
  const today = await todayOf(context.db, issuerId, now);
  const row = await context.db.transaction(async (tx) => {
    const current = await findOwnInvoice(tx, issuerId, id, { lock: true });
    if (current.status !== 'draft') throw new AppError('invoice_not_editable');
    if (current.dueDate < today) throw dueDateInThePast();
    // A draft kept from before the least total was required cannot go out unpayable.
    assertTotalInRange(current.totalMinor);
    const [sent] = await tx
      .update(invoices)
      .set({ status: 'sent', sentAt: now, updatedAt: now })
      .where(eq(invoices.id, id))
      .returning();
    if (!sent) throw new Error('a locked invoice vanished');
    await recordAuditInTransaction(tx, request, {
      userId: issuerId,
      actionType: 'invoice_sent',
      resource: `invoice:${id}`,
      metadata: { number: sent.number, totalMinor: sent.totalMinor, currency: sent.currency },
    });
    return sent;
  });
  await mailCustomer(context, row, { kind: 'issued' });
  return invoiceView(context, row, today);
}

/** `POST /api/invoices/{id}/void`: a draft, sent or overdue invoice; paid or void → 409 `invoice_not_voidable`. */
export async function voidInvoice(
  context: AppContext,
  request: FastifyRequest,
  issuerId: string,
  id: string,
): Promise<Invoice> {
  const now = context.now();
  const row = await context.db.transaction(async (tx) => {
    const current = await findOwnInvoice(tx, issuerId, id, { lock: true });
    if (current.status === 'paid' || current.status === 'void') throw new AppError('invoice_not_voidable');
    const [voided] = await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: now, updatedAt: now })
      .where(eq(invoices.id, id))
      .returning();
    if (!voided) throw new Error('a locked invoice vanished');
    await recordAuditInTransaction(tx, request, {
      userId: issuerId,
      actionType: 'invoice_voided',
      resource: `invoice:${id}`,
      metadata: { number: voided.number },
    });
    return voided;
  });
  return invoiceView(context, row);
}

/** How mails and PDFs name the issuer: "María Pérez (@maria_waits)". */
export function issuerLabelOf(issuer: Person | undefined): string {
  if (!issuer) return 'Ztart Tips user';
  const name = displayNameOf(issuer);
  return issuer.ztartag && name !== issuer.ztartag ? `${name} (@${issuer.ztartag})` : name;
}

/** A calendar day written in `language`, e.g. "31 December 2026"; UTC, as it is a date without a time. */
export function formatCalendarDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * Mails the invoice's customer: when it is sent, or a reminder. In the issuer's language; the
 * mailer never throws (a mail that cannot be queued is logged), so the caller's answer does not
 * depend on it.
 */
export async function mailCustomer(
  context: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  row: InvoiceRow,
  mail: { kind: 'issued' } | { kind: 'reminder'; overdue: boolean },
): Promise<void> {
  const language = await languageOf(context.db, row.issuerId);
  const params = {
    issuer: issuerLabelOf(await findPerson(context.db, row.issuerId)),
    customerName: row.customerName,
    number: row.number,
    amount: formatMoney(row.totalMinor, row.currency as Currency, language),
    dueDate: formatCalendarDate(row.dueDate, language),
    link: payUrlOf(context.config.appUrl, row.code),
  };
  await context.mailer.send(
    row.customerEmail,
    language,
    mail.kind === 'issued'
      ? { kind: 'invoiceIssued', params }
      : { kind: 'invoiceReminder', params: { ...params, overdue: mail.overdue } },
  );
}

/**
 * An account being deleted (in its transaction): invoices still open become void, so nobody pays
 * or is reminded of them any more, and what its invoices say about customers (name, email, notes)
 * is removed. Numbers, amounts and lines stay, as the ledger history they match does.
 */
export async function eraseInvoicesOf(tx: AppDatabase, issuerId: string, now: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({ status: 'void', voidedAt: now, updatedAt: now })
    .where(
      and(eq(invoices.issuerId, issuerId), or(eq(invoices.status, 'draft'), eq(invoices.status, 'sent'))),
    );
  await tx
    .update(invoices)
    .set({ customerName: '', customerEmail: '', notes: null, updatedAt: now })
    .where(eq(invoices.issuerId, issuerId));
}

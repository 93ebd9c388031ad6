import { randomUUID } from 'node:crypto';
import { normalizeCardNumber } from '@ztart/shared/cards';
import type {
  InvoicePayment,
  InvoicePaymentRequest,
  InvoicePaymentResponse,
  PublicInvoice,
} from '@ztart/shared/contracts/invoices';
import { CATEGORY_OF_KIND } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { retryTransientConflicts } from '../../db/retry.ts';
import { AppError } from '../../http/errors.ts';
import { hashedKey } from '../../http/rate-limit.ts';
import { chargeUnlessRefused } from '../../integrations/card-processor/processor.ts';
import { recordAuditInTransaction } from '../activity/service.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { users } from '../auth/tables.ts';
import { hasBlocked } from '../contacts/blocking.ts';
import { failedMoneyRequest, type MoneyAnswer, unknownUnlessRefused } from '../idempotency/money-request.ts';
import {
  errorAnswer,
  idempotencyKeyOf,
  processorReferenceOf,
  requestHashOf,
  type StoredAnswer,
  withIdempotency,
} from '../idempotency/service.ts';
import type { MovementOrder } from '../ledger/movement.ts';
import { creditPendingFromCard } from '../ledger/movements.ts';
import type { LedgerTransferCode } from '../ledger/tables.ts';
import { assertWithinTransferMax } from '../limits/limits.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { toNotification } from '../notifications/service.ts';
import { displayNameOf, findPerson, type Person, shortNameOf } from '../profiles/people.ts';
import { recordTransaction, toTransaction } from '../transactions/record.ts';
import type { TransactionRow } from '../transactions/tables.ts';
import { answerOf, walletMovement } from '../transfers/service.ts';
import { todayOf } from './service.ts';
import { type InvoiceRow, invoices } from './tables.ts';
import { type Counterparty, linesOf, toPublicInvoice } from './view.ts';

export const INVOICE_LEDGER_CODE = 'invoice' satisfies LedgerTransferCode;
const routeOf = (code: string) => `POST /api/public/invoices/${code}/payments`;

export interface InvoicePayer {
  /** The signed-in payer; null for a card payment without an account. */
  signedIn: SignedIn | null;
  /** Counts a card payment against the per-IP and per-card limits; throws 429 `rate_limited` when over. */
  checkCardLimits: () => Promise<void>;
}

function partyOf(person: Person): Counterparty {
  return { ztartag: person.ztartag, displayName: displayNameOf(person) };
}

/** A sent, paid or void invoice by its public code; a draft or an unknown code is none (404). */
async function findPublicRow(
  db: AppDatabase,
  code: string,
  options: { lock?: boolean } = {},
): Promise<InvoiceRow> {
  const query = db.select().from(invoices).where(eq(invoices.code, code));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || row.status === 'draft') throw new AppError('not_found');
  return row;
}

async function issuerOf(db: AppDatabase, row: InvoiceRow): Promise<Person> {
  const issuer = await findPerson(db, row.issuerId);
  if (!issuer) throw new AppError('not_found');
  return issuer;
}

async function publicViewOf(
  db: AppDatabase,
  row: InvoiceRow,
  issuer: Person,
  now: Date,
): Promise<PublicInvoice> {
  const lines = (await linesOf(db, [row.id])).get(row.id) ?? [];
  return toPublicInvoice(row, lines, {
    today: await todayOf(db, row.issuerId, now),
    issuer: partyOf(issuer),
  });
}

/** `GET /api/public/invoices/{code}`: what a payer needs to see and pay it. */
export async function publicInvoiceOf(context: AppContext, code: string): Promise<PublicInvoice> {
  const row = await findPublicRow(context.db, code);
  return publicViewOf(context.db, row, await issuerOf(context.db, row), context.now());
}

/**
 * `POST /api/public/invoices/{code}/payments`: the whole total, by card (no account needed; pending
 * until the charge settles, the money waiting in the issuer's pending wallet) or from a signed-in
 * payer's wallet through the one ledger movement (completed at once). Either way the invoice
 * becomes paid under its row's lock in the same database transaction as the money, so it is paid
 * once: a paid or void invoice answers 409 `invoice_not_payable` and moves nothing.
 */
export async function payInvoice(
  context: AppContext,
  request: FastifyRequest,
  code: string,
  body: InvoicePaymentRequest,
  payer: InvoicePayer,
): Promise<MoneyAnswer> {
  try {
    if (body.source === 'wallet') {
      if (!payer.signedIn) throw new AppError('unauthorized');
      return await payFromWallet(context, request, code, body, payer.signedIn);
    }
    return await payByCard(context, request, code, body, payer);
  } catch (error) {
    throw failedMoneyRequest(request, error, 'invoice_payment_failed');
  }
}

/** As for quick tips: a payer without an account is known by a hash of their address only. */
function idempotencyScopeOf(request: FastifyRequest, signedIn: SignedIn | null): string {
  return signedIn ? signedIn.user.id : `anon:${hashedKey('invoice-payer', request.ip)}`;
}

/** The request as kept to recognise a repeat: the card number only hashed, the CVC not at all. */
function fingerprintOf(code: string, body: InvoicePaymentRequest) {
  const { card, ...rest } = body;
  if (!card) return { route: routeOf(code), body: rest };
  const { cvc: _cvc, number, ...expiry } = card;
  return {
    route: routeOf(code),
    body: { ...rest, card: { ...expiry, number: hashedKey('card', normalizeCardNumber(number)) } },
  };
}

async function payByCard(
  context: AppContext,
  request: FastifyRequest,
  code: string,
  body: InvoicePaymentRequest,
  payer: InvoicePayer,
): Promise<MoneyAnswer> {
  const now = context.now();
  const idempotent = {
    scope: idempotencyScopeOf(request, payer.signedIn),
    key: idempotencyKeyOf(request),
    fingerprint: fingerprintOf(code, body),
    now,
  };
  const processorReference = processorReferenceOf({ ...idempotent, route: routeOf(code) });
  let events: PendingEvent[] = [];
  const answer = await retryTransientConflicts(() =>
    withIdempotency(context.db, idempotent, async (tx) => {
      events = [];
      return chargeCard(context, request, { tx, code, body, payer, now, processorReference, events });
    }),
  );
  if (!answer.replayed) publishAll(context.live, events);
  return answer;
}

interface CardPayment {
  tx: AppDatabase;
  code: string;
  body: InvoicePaymentRequest;
  payer: InvoicePayer;
  now: Date;
  processorReference: string;
  events: PendingEvent[];
}

async function chargeCard(
  context: AppContext,
  request: FastifyRequest,
  { tx, code, body, payer, now, processorReference, events }: CardPayment,
): Promise<StoredAnswer<unknown>> {
  // First, so that guessing codes or cards counts too.
  await payer.checkCardLimits();
  const found = await findPublicRow(tx, code);
  const payerId = payer.signedIn?.user.id ?? null;
  if (payerId === found.issuerId) throw new AppError('recipient_is_self');
  // Someone the issuer blocked is refused as the wallet path refuses them (the one movement), before any charge.
  if (payerId && (await hasBlocked(tx, found.issuerId, payerId)))
    throw new AppError('recipient_user_not_found');
  // The issuer's person row, then the invoice: the order a wallet payment locks them in (people,
  // accounts, then the invoice in the ledger movement), so the two never wait on each other in a cycle.
  const [issuerRow] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, found.issuerId))
    .for('no key update');
  if (!issuerRow || issuerRow.deletedAt !== null) throw new AppError('not_found');
  const row = await findPublicRow(tx, code, { lock: true });
  if (row.status !== 'sent') throw new AppError('invoice_not_payable');
  if (!body.card) throw new AppError('validation_failed');
  const currency = row.currency as Currency;

  const card = await context.cardProcessor.tokenize(tx, body.card, now, { reference: processorReference });
  const charge = await chargeUnlessRefused(
    context.cardProcessor,
    tx,
    { token: card.token, amountMinor: row.totalMinor, currency, reference: processorReference },
    now,
  );
  if (charge.refusal) {
    // The invoice stays payable; the audit log and the server log keep the processor's reason.
    await recordAuditInTransaction(tx, request, {
      userId: payerId,
      actionType: 'invoice_payment_refused',
      resource: `invoice:${row.id}`,
      metadata: { amountMinor: row.totalMinor, currency, issuerId: row.issuerId, code: charge.refusal.code },
    });
    request.log.info({ invoiceId: row.id, declineCode: charge.refusal.code }, 'invoice card payment refused');
    // A payer without an account learns only that it was declined (as for quick tips: card testing).
    return errorAnswer(payer.signedIn ? charge.refusal : new AppError('card_declined'));
  }
  const { reference } = charge;
  const issuer = await issuerOf(tx, row);
  const signedInPayer = payerId ? await findPerson(tx, payerId) : undefined;
  const { batchId, pendingTransferId } = await creditPendingFromCard(tx, {
    ownerId: row.issuerId,
    amountMinor: row.totalMinor,
    currency,
    code: INVOICE_LEDGER_CODE,
  });
  const groupId = randomUUID();
  const received = await recordTransaction(tx, {
    userId: row.issuerId,
    type: 'income',
    kind: 'invoice_in',
    status: 'pending',
    amountMinor: row.totalMinor,
    currency,
    description: `Invoice ${row.number} paid by card`,
    counterparty: signedInPayer
      ? { userId: signedInPayer.userId, ztartag: signedInPayer.ztartag, name: displayNameOf(signedInPayer) }
      : { userId: null, ztartag: null, name: row.customerName },
    groupId,
    ledgerBatchId: batchId,
    pendingTransferId,
    processorReference: reference,
    createdAt: now,
  });
  const [paid] = await tx
    .update(invoices)
    .set({
      status: 'paid',
      paymentSource: 'card',
      paymentStatus: 'pending',
      payerId,
      paidAt: now,
      paymentGroupId: groupId,
      processorReference: reference,
      updatedAt: now,
    })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, 'sent')))
    .returning();
  if (!paid) throw new Error('a locked invoice changed');
  await recordAuditInTransaction(tx, request, {
    userId: payerId,
    actionType: 'invoice_paid',
    resource: `invoice:${row.id}`,
    metadata: {
      amountMinor: row.totalMinor,
      currency,
      source: 'card',
      issuerId: row.issuerId,
      groupId,
      reference,
    },
  });
  events.push({ userId: row.issuerId, event: { type: 'transaction', transaction: toTransaction(received) } });
  const payment: InvoicePayment = {
    source: 'card',
    status: 'pending',
    amountMinor: row.totalMinor,
    currency,
    payer: signedInPayer ? partyOf(signedInPayer) : null,
    paidAt: now.toISOString(),
    settledAt: null,
  };
  return {
    statusCode: 201,
    body: { invoice: await publicViewOf(tx, paid, issuer, now), payment } satisfies InvoicePaymentResponse,
  };
}

/**
 * A signed-in payer's wallet pays the whole total to the issuer's wallet: the one ledger movement,
 * with its kept answer, locks, daily cap and PIN, locks the invoice and marks it paid with the money
 * (refused `invoice_not_payable` when it is no longer payable). Live events go out once it has committed.
 */
async function payFromWallet(
  context: AppContext,
  request: FastifyRequest,
  code: string,
  body: InvoicePaymentRequest,
  signedIn: SignedIn,
): Promise<MoneyAnswer> {
  const now = context.now();
  const key = idempotencyKeyOf(request);
  const row = await findPublicRow(context.db, code);
  if (row.issuerId === signedIn.user.id) throw new AppError('recipient_is_self');
  const [payer, issuer] = await Promise.all([
    findPerson(context.db, signedIn.user.id),
    issuerOf(context.db, row),
  ]);
  if (!payer) throw new AppError('wallet_error');
  const currency = row.currency as Currency;
  const paidView: InvoiceRow = {
    ...row,
    status: 'paid',
    paymentSource: 'wallet',
    paymentStatus: 'completed',
    payerId: payer.userId,
    paidAt: now,
    paymentSettledAt: now,
  };
  // A payer coming back with the same key is answered from the movement's kept answer, so the
  // invoice being paid by now is no refusal to them; anyone else is refused before the queue.
  const publicView = await publicViewOf(context.db, paidView, issuer, now);
  assertWithinTransferMax(row.totalMinor);
  const groupId = randomUUID();
  const ledgerBatchId = randomUUID();
  const { sent, received, notification, order } = walletMovement(request, signedIn, {
    kind: 'invoice_payment',
    key,
    requestHash: requestHashOf(fingerprintOf(code, body)),
    sender: payer,
    recipientId: row.issuerId,
    amountMinor: row.totalMinor,
    currency,
    note: null,
    groupId,
    ledgerBatchId,
    now,
    sent: {
      kind: 'invoice_out',
      description: `Invoice ${row.number} to ${shortNameOf(issuer)}`,
      counterparty: { userId: issuer.userId, ztartag: issuer.ztartag, name: displayNameOf(issuer) },
    },
    received: {
      kind: 'invoice_in',
      description: `Invoice ${row.number} paid by ${shortNameOf(payer)}`,
      counterparty: { userId: payer.userId, ztartag: payer.ztartag, name: displayNameOf(payer) },
    },
    ledgerCode: INVOICE_LEDGER_CODE,
    categoryKey: CATEGORY_OF_KIND.invoice_out,
    resource: () => `invoice:${row.id}`,
    metadata: () => ({ source: 'wallet', issuerId: row.issuerId, groupId, ledgerBatchId }),
    notice: { invoiceId: row.id, invoiceNumber: row.number, customerName: row.customerName },
  });
  const payment: InvoicePayment = {
    source: 'wallet',
    status: 'completed',
    amountMinor: row.totalMinor,
    currency,
    payer: partyOf(payer),
    paidAt: now.toISOString(),
    settledAt: now.toISOString(),
  };
  const walletOrder: MovementOrder = {
    ...order,
    invoice: { id: row.id, groupId },
    answer: { invoice: publicView, payment } satisfies InvoicePaymentResponse,
  };
  const outcome = await context.transfers.movements.submit(walletOrder).catch((error: unknown) => {
    throw unknownUnlessRefused(error);
  });
  const answer = answerOf(outcome, currency);
  if (outcome.error === undefined && !outcome.replayed) {
    const withCategory = (transaction: TransactionRow, categoryId: string | null) =>
      toTransaction({ ...transaction, categoryId });
    publishAll(context.live, [
      {
        userId: payer.userId,
        event: { type: 'transaction', transaction: withCategory(sent, outcome.sentCategoryId) },
      },
      {
        userId: row.issuerId,
        event: { type: 'transaction', transaction: withCategory(received, outcome.receivedCategoryId) },
      },
      ...(outcome.notified
        ? [
            {
              userId: row.issuerId,
              event: { type: 'notification', notification: toNotification(notification) },
            } as const,
          ]
        : []),
    ]);
  }
  return answer;
}

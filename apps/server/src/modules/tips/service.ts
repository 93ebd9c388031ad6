import { randomUUID } from 'node:crypto';
import { normalizeCardNumber } from '@ztart/shared/cards';
import type { Tip, TipRequest, TipResponse } from '@ztart/shared/contracts/qr-codes';
import { CATEGORY_OF_KIND } from '@ztart/shared/contracts/transactions';
import type { ErrorCode } from '@ztart/shared/errors';
import { type Language, languageFromTag } from '@ztart/shared/languages';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { retryTransientConflicts } from '../../db/retry.ts';
import { columnValues } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import { hashedKey } from '../../http/rate-limit.ts';
import { chargeUnlessRefused } from '../../integrations/card-processor/processor.ts';
import { describeError } from '../../lib/background.ts';
import { recordAuditInTransaction } from '../activity/service.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { users } from '../auth/tables.ts';
import { assertBusinessTakesTip } from '../businesses/minimum-tip.ts';
import { tipReceived } from '../businesses/webhook-events.ts';
import { queueBusinessEvent } from '../businesses/webhooks.ts';
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
import { findPerson, notFoundFor, type Person, resolveRecipient, shortNameOf } from '../profiles/people.ts';
import { languageOf } from '../profiles/service.ts';
import { recordTransaction, toTransaction } from '../transactions/record.ts';
import type { TransactionRow } from '../transactions/tables.ts';
import { answerOf, walletMovement } from '../transfers/service.ts';
import { qrCodeIdForTip } from './qr-link.ts';
import { sendTipReceipt, type TipReceipt } from './receipt.ts';
import { insertTip, type NewTip, partyOf, toTip } from './record.ts';
import { type TipRow, tips } from './tables.ts';

export const TIP_LEDGER_CODE = 'tip' satisfies LedgerTransferCode;
const ROUTE = 'POST /api/tips';

/** The one refusal a payer without an account sees, whatever the processor's reason. */
export const ANONYMOUS_DECLINE_CODE = 'card_declined' satisfies ErrorCode;

export type TipAnswer = MoneyAnswer;

export interface TipCaller {
  /** The signed-in sender; null for a payer without an account (card tips only). */
  signedIn: SignedIn | null;
  /** Counts a card tip against the per-IP and per-card limits; throws 429 `rate_limited` when over. */
  checkCardLimits: () => Promise<void>;
}

/** What the tip's database transaction leaves to do once it has committed. */
interface AfterCommit {
  events: PendingEvent[];
  receipt: TipReceipt | null;
}

/**
 * `POST /api/tips`: a quick tip by card (with or without an account: pending until the charge
 * settles) or a signed-in sender's tip from their balance (completed at once). Runs once per
 * Idempotency-Key in one database transaction with its ledger movement, tip row, transactions,
 * notification and audit row; live events and the receipt go out once it has committed, and only
 * the first time. Refused cards are kept as the answer; anything unexpected is `tip_failed` with
 * nothing moved.
 */
export async function sendTip(
  context: AppContext,
  request: FastifyRequest,
  body: TipRequest,
  caller: TipCaller,
): Promise<TipAnswer> {
  const now = context.now();
  const after: AfterCommit = { events: [], receipt: null };
  try {
    if (body.source === 'wallet') {
      if (!caller.signedIn) throw new AppError('unauthorized');
      const fromWallet = await tipFromWallet(context, request, body, caller.signedIn);
      await tellBusiness(context, request, body, fromWallet);
      return fromWallet;
    }
    const idempotent = {
      scope: idempotencyScopeOf(request, caller.signedIn),
      key: idempotencyKeyOf(request),
      fingerprint: fingerprintOf(body),
      now,
    };
    // Every try of this tip (a lost answer, a deadlock) asks the processor with one reference.
    const processorReference = processorReferenceOf({ ...idempotent, route: ROUTE });
    const answer = await retryTransientConflicts(() =>
      withIdempotency(context.db, idempotent, async (tx) => {
        after.events = [];
        after.receipt = null;
        return tipByCard({ context, request, body, now, after, tx, processorReference }, caller);
      }),
    );
    await afterCommit(context, answer, after);
    await tellBusiness(context, request, body, answer);
    return answer;
  } catch (error) {
    throw failedMoneyRequest(request, error, 'tip_failed');
  }
}

/** A tip to a business's tag: its webhooks listening to `tip.received` hear of it (the first time only). */
async function tellBusiness(
  context: AppContext,
  request: FastifyRequest,
  body: TipRequest,
  answer: TipAnswer,
) {
  if (answer.replayed || answer.statusCode >= 300) return;
  const tip = (answer.body as { tip?: Tip }).tip;
  if (!tip) return;
  const { data, source } = tipReceived(tip);
  try {
    await queueBusinessEvent(context, body.receiver, 'tip.received', data, source);
  } catch (error) {
    // The tip has committed: its answer stands, and the event sweep queues what this missed.
    request.log.error({ err: describeError(error) }, 'a tip.received event could not be queued');
  }
}

/** Live events and the receipt go out once the tip has committed, and only the first time. */
async function afterCommit(context: AppContext, answer: TipAnswer, after: AfterCommit): Promise<void> {
  if (answer.replayed) return;
  publishAll(context.live, after.events);
  if (after.receipt) await sendTipReceipt(context, after.receipt);
}

/**
 * Whose Idempotency-Key it is. A signed-in sender's keys are theirs. A payer without an account has
 * no identity but their address: scoping by a hash of it means that one payer's key can neither
 * replay another payer's answer (which names the receiver and the card's last digits) nor block
 * their tip, and no raw address is kept with the key. The price: a retry from a new address (a
 * phone moving from Wi-Fi to mobile data) is a new tip, which the per-card limit bounds.
 */
/** What a business's tip policy looks at in a tip request. */
function tipAsked(body: TipRequest) {
  return { typedReceiver: body.receiver, amountMinor: body.amountMinor, currency: body.currency };
}

function idempotencyScopeOf(request: FastifyRequest, signedIn: SignedIn | null): string {
  return signedIn ? signedIn.user.id : `anon:${hashedKey('tip-payer', request.ip)}`;
}

/** The request as kept to recognise a repeat: the card number only hashed, the CVC not at all. */
function fingerprintOf(body: TipRequest) {
  const { card, ...rest } = body;
  if (!card) return { route: ROUTE, body: rest };
  const { cvc: _cvc, number, ...expiry } = card;
  return {
    route: ROUTE,
    body: { ...rest, card: { ...expiry, number: cardFingerprintOf(number) } },
  };
}

/** Stands for a card number in rate-limit keys and fingerprints; the number itself is never kept. */
export function cardFingerprintOf(number: string): string {
  return hashedKey('card', normalizeCardNumber(number));
}

interface Movement {
  context: AppContext;
  request: FastifyRequest;
  body: TipRequest;
  now: Date;
  after: AfterCommit;
  tx: AppDatabase;
  /** The card processor's reference for this tip's card and charge: one for all its tries. */
  processorReference: string;
}

/**
 * Locks the receiver's row for the rest of the tip (FOR NO KEY UPDATE, as lockPayer does) and
 * refuses one deleted since the look-up: a deletion waits for the tip, then finds its money, or
 * commits first and the card is never charged.
 */
async function lockReceiver(tx: AppDatabase, userId: string, typed: string): Promise<void> {
  const [row] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!row || row.deletedAt !== null) throw notFoundFor(typed);
}

async function tipByCard(movement: Movement, caller: TipCaller): Promise<StoredAnswer<unknown>> {
  const { context, request, body, now, after, tx, processorReference } = movement;
  // First, so that guessing receivers or cards counts too.
  await caller.checkCardLimits();
  const sender = caller.signedIn ? await findPerson(tx, caller.signedIn.user.id) : undefined;
  const receiver = await resolveRecipient(tx, body.receiver);
  if (sender && receiver.userId === sender.userId) throw new AppError('recipient_is_self');
  assertQuickTipAmount(body.amountMinor);
  await assertBusinessTakesTip(tx, receiver.userId, tipAsked(body), now);
  await lockReceiver(tx, receiver.userId, body.receiver);
  // Under the receiver's lock, as a block is written: someone they blocked finds nobody to tip.
  if (sender && (await hasBlocked(tx, receiver.userId, sender.userId))) throw notFoundFor(body.receiver);
  const qrCodeId = await linkedQrCode(tx, body, receiver);
  if (!body.card) throw new AppError('validation_failed');

  const card = await context.cardProcessor.tokenize(tx, body.card, now, { reference: processorReference });
  const groupId = randomUUID();
  const story: NewTip = {
    receiverId: receiver.userId,
    senderId: sender?.userId ?? null,
    source: 'card',
    status: 'pending',
    amountMinor: body.amountMinor,
    currency: body.currency,
    message: body.message || null,
    senderEmail: body.senderEmail ?? null,
    senderPhone: body.senderPhone ?? null,
    cardBrand: card.brand,
    cardLast4: card.last4,
    qrCodeId,
    groupId,
    payerIp: request.ip,
    createdAt: now,
  };
  const charge = await chargeUnlessRefused(
    context.cardProcessor,
    tx,
    {
      token: card.token,
      amountMinor: body.amountMinor,
      currency: body.currency,
      reference: processorReference,
    },
    now,
  );
  if (charge.refusal) {
    const { refusal } = charge;
    // Only the tip row remembers it: the receiver gets no transaction or notification for a tip
    // that never was, so that nobody can flood their history with refused cards.
    const row = await insertTip(tx, {
      ...story,
      status: 'failed',
      failureCode: refusal.code,
      settledAt: now,
    });
    await recordAuditInTransaction(tx, request, {
      userId: story.senderId ?? null,
      actionType: 'tip_refused',
      resource: `tip:${row.id}`,
      metadata: {
        amountMinor: row.amountMinor,
        currency: row.currency,
        receiverId: receiver.userId,
        code: refusal.code,
      },
    });
    request.log.info({ tipId: row.id, declineCode: refusal.code }, 'card tip refused by the card processor');
    return errorAnswer(declineAnswerFor(caller, refusal));
  }
  const { reference } = charge;

  const { batchId, pendingTransferId } = await creditPendingFromCard(tx, {
    ownerId: receiver.userId,
    amountMinor: body.amountMinor,
    currency: body.currency,
    code: TIP_LEDGER_CODE,
  });
  const row = await insertTip(tx, { ...story, processorReference: reference, pendingTransferId });
  const received = await recordTransaction(tx, {
    userId: receiver.userId,
    type: 'income',
    kind: 'tip_in',
    status: 'pending',
    amountMinor: row.amountMinor,
    currency: body.currency,
    description: sender ? `Tip from ${shortNameOf(sender)}` : 'Quick tip',
    note: row.message,
    counterparty: sender ? { userId: sender.userId, ...partyNamesOf(sender) } : null,
    groupId,
    ledgerBatchId: batchId,
    pendingTransferId,
    processorReference: reference,
    createdAt: now,
  });
  await recordAuditInTransaction(tx, request, {
    userId: story.senderId ?? null,
    actionType: 'tip_sent',
    resource: `tip:${row.id}`,
    metadata: {
      amountMinor: row.amountMinor,
      currency: row.currency,
      source: 'card',
      receiverId: receiver.userId,
      groupId,
      ledgerBatchId: batchId,
      reference,
    },
  });

  const tip = toTip(row, { receiver: partyOf(receiver), sender: sender ? partyOf(sender) : null });
  after.events.push({
    userId: receiver.userId,
    event: { type: 'transaction', transaction: toTransaction(received) },
  });
  after.receipt = await receiptOf(tx, request, tip, row);
  return { statusCode: 201, body: { tip } satisfies TipResponse };
}

/**
 * What the payer learns of a refused card. A payer without an account learns only that it was
 * declined: telling a card without funds from a refused one is what card testers try stolen
 * numbers for. The signed-in owner of the card, the tip row, the audit log and the server log keep
 * the processor's reason.
 */
function declineAnswerFor(caller: TipCaller, refusal: AppError): AppError {
  return caller.signedIn ? refusal : new AppError(ANONYMOUS_DECLINE_CODE);
}

/**
 * A signed-in sender's tip from their balance: the one ledger movement (ledger/movement.ts), shared
 * with transfers, moves it with the tip row, both transactions, the notification, the audit row and
 * the kept answer; completed at once. Live events and the receipt go out once it has committed.
 */
async function tipFromWallet(
  context: AppContext,
  request: FastifyRequest,
  body: TipRequest,
  signedIn: SignedIn,
): Promise<TipAnswer> {
  const now = context.now();
  const { sender, recipient: receiver } = await context.transfers.parties.submit({
    senderId: signedIn.user.id,
    typedRecipient: body.receiver,
  });
  if (!receiver) throw notFoundFor(body.receiver);
  if (!sender) throw new AppError('wallet_error');
  if (receiver.userId === sender.userId) throw new AppError('recipient_is_self');
  assertWalletTipAmount(body.amountMinor, sender.verified);
  await assertBusinessTakesTip(context.db, receiver.userId, tipAsked(body), now);
  const qrCodeId = await linkedQrCode(context.db, body, receiver);
  const prepared = prepareWalletTip(request, signedIn, { body, sender, receiver, qrCodeId, now });
  const outcome = await context.transfers.movements.submit(prepared.order).catch((error: unknown) => {
    throw unknownUnlessRefused(error);
  });
  const answer = answerOf(outcome, body.currency, body.receiver);
  if (outcome.error === undefined && !outcome.replayed) {
    const after: AfterCommit = {
      events: [
        {
          userId: sender.userId,
          event: { type: 'transaction', transaction: withCategory(prepared.sent, outcome.sentCategoryId) },
        },
        {
          userId: receiver.userId,
          event: {
            type: 'transaction',
            transaction: withCategory(prepared.received, outcome.receivedCategoryId),
          },
        },
        ...(outcome.notified
          ? [
              {
                userId: receiver.userId,
                event: { type: 'notification', notification: toNotification(prepared.notification) },
              } as const,
            ]
          : []),
      ],
      receipt: await receiptOf(context.db, request, prepared.tip, prepared.row),
    };
    await afterCommit(context, answer, after);
  }
  return answer;
}

function withCategory(row: TransactionRow, categoryId: string | null) {
  return toTransaction({ ...row, categoryId });
}

interface WalletTip {
  body: TipRequest;
  sender: Person;
  receiver: Person;
  qrCodeId: string | null;
  now: Date;
}

/** Every row of a tip from the wallet, for the movement to write; ids are chosen here. */
function prepareWalletTip(
  request: FastifyRequest,
  signedIn: SignedIn,
  { body, sender, receiver, qrCodeId, now }: WalletTip,
) {
  const { amountMinor, currency } = body;
  const groupId = randomUUID();
  const ledgerBatchId = randomUUID();
  const row: TipRow = {
    id: randomUUID(),
    receiverId: receiver.userId,
    senderId: sender.userId,
    source: 'wallet',
    status: 'completed',
    amountMinor,
    currency,
    message: body.message || null,
    senderEmail: body.senderEmail ?? null,
    senderPhone: body.senderPhone ?? null,
    cardBrand: null,
    cardLast4: null,
    qrCodeId,
    failureCode: null,
    groupId,
    pendingTransferId: null,
    processorReference: null,
    payerIp: null,
    createdAt: now,
    settledAt: now,
  };
  const { sent, received, notification, order } = walletMovement(request, signedIn, {
    kind: 'tip',
    key: idempotencyKeyOf(request) ?? null,
    requestHash: requestHashOf(fingerprintOf(body)),
    sender,
    recipientId: receiver.userId,
    amountMinor,
    currency,
    note: row.message,
    groupId,
    ledgerBatchId,
    now,
    sent: {
      kind: 'tip_out',
      description: `Tip to ${shortNameOf(receiver)}`,
      counterparty: { userId: receiver.userId, ...partyNamesOf(receiver) },
    },
    received: {
      kind: 'tip_in',
      description: `Tip from ${shortNameOf(sender)}`,
      counterparty: { userId: sender.userId, ...partyNamesOf(sender) },
    },
    ledgerCode: TIP_LEDGER_CODE,
    categoryKey: CATEGORY_OF_KIND.tip_out,
    resource: () => `tip:${row.id}`,
    metadata: () => ({ source: 'wallet', receiverId: receiver.userId, groupId, ledgerBatchId }),
  });
  const tip = toTip(row, { receiver: partyOf(receiver), sender: partyOf(sender) });
  const walletOrder: MovementOrder = {
    ...order,
    tip: columnValues(tips, row),
    answer: { tip } satisfies TipResponse,
  };
  return { order: walletOrder, row, tip, sent, received, notification };
}

/**
 * Bounds of a tip from the wallet (spec §6, ARCHITECTURE.md §8): at least the quick-tip minimum;
 * at most the quick-tip maximum for an unverified sender, the transfer maximum for a verified one.
 */
export function assertWalletTipAmount(amountMinor: number, verified: boolean): void {
  if (!verified) {
    assertQuickTipAmount(amountMinor);
    return;
  }
  if (amountMinor < AMOUNT_LIMITS.quickTipMinMinor) {
    throw new AppError('limit_exceeded', {
      details: { limit: 'quickTipMin', limitMinor: AMOUNT_LIMITS.quickTipMinMinor },
    });
  }
  assertWithinTransferMax(amountMinor);
}

/** A quick tip stays within ARCHITECTURE.md §8's bounds; above, the page points to verification or a transfer. */
function assertQuickTipAmount(amountMinor: number): void {
  if (amountMinor < AMOUNT_LIMITS.quickTipMinMinor) {
    throw new AppError('limit_exceeded', {
      details: { limit: 'quickTipMin', limitMinor: AMOUNT_LIMITS.quickTipMinMinor },
    });
  }
  if (amountMinor > AMOUNT_LIMITS.quickTipMaxMinor) {
    throw new AppError('limit_exceeded', {
      details: { limit: 'quickTipMax', limitMinor: AMOUNT_LIMITS.quickTipMaxMinor },
    });
  }
}

function linkedQrCode(tx: AppDatabase, body: TipRequest, receiver: Person): Promise<string | null> {
  if (!body.qrCode) return Promise.resolve(null);
  return qrCodeIdForTip(tx, body.qrCode, {
    receiverId: receiver.userId,
    amountMinor: body.amountMinor,
    currency: body.currency,
  });
}

/** The counterparty columns of a transaction: copied, so history stays readable after a deletion. */
function partyNamesOf(person: Person): { ztartag: string | null; name: string } {
  const party = partyOf(person);
  return { ztartag: party.ztartag, name: party.displayName };
}

/**
 * The receipt to send after commit, when the payer left a contact: in a signed-in sender's own
 * language, else in the one their browser asks for.
 */
async function receiptOf(
  tx: AppDatabase,
  request: FastifyRequest,
  tip: TipResponse['tip'],
  row: TipRow,
): Promise<TipReceipt | null> {
  const { senderEmail: email, senderPhone: phone } = row;
  if (!email && !phone) return null;
  const language = row.senderId
    ? await languageOf(tx, row.senderId)
    : browserLanguageOf(request.headers['accept-language']);
  return { tip, email, phone, language };
}

/** The first language of an Accept-Language header (`es-MX,es;q=0.9,en;q=0.8` → es), else English. */
export function browserLanguageOf(header: string | undefined): Language {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return languageFromTag(first);
}

import type { CardBrand } from '@ztart/shared/cards';
import type { Currency } from '@ztart/shared/money';
import type { AppDatabase } from '../../db/client.ts';
import { type AppError, isAppError } from '../../http/errors.ts';

/** Refusals of the card's bank: kept as the answer, so that a retry never charges again. */
const REFUSED_CHARGE_CODES: ReadonlySet<string> = new Set(['card_declined', 'card_insufficient_funds']);

/** Whether a charge failed because the card's bank refused it (not a fault of ours or the processor's). */
function isRefusedCharge(error: unknown): error is AppError {
  return isAppError(error) && REFUSED_CHARGE_CODES.has(error.code);
}

/** What a person typed on the card form: goes to the processor, never to our tables. */
export interface CardDetails {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

/** What we keep of a card: the processor's token stands for the number. */
export interface TokenizedCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Where a payout goes, as kept on the person's bank account. */
export type PayoutDestination =
  | { kind: 'iban'; iban: string }
  | { kind: 'us_account'; accountNumber: string; routingNumber: string };

export interface ChargeRequest {
  token: string;
  amountMinor: number;
  currency: Currency;
  /**
   * Ours, one per request and the same for all its retries: the processor charges once per
   * reference and answers a repeat with the first charge, as real ones do with idempotency keys.
   */
  reference: string;
}

export interface PayoutRequest {
  destination: PayoutDestination;
  amountMinor: number;
  currency: Currency;
  /** As for charges: one payout per reference. */
  reference: string;
}

export type OperationKind = 'charge' | 'payout';
export type SettlementOutcome = 'succeeded' | 'failed';

/** A charge or payout whose settlement is due, with what the processor decided. */
export interface DueOperation {
  /** The processor's id, kept as the transaction's `processorReference`. */
  reference: string;
  kind: OperationKind;
  amountMinor: number;
  currency: Currency;
  outcome: SettlementOutcome;
}

/** A charge's outcome: the processor's reference, or the refusal of the card's bank. */
export type ChargeOutcome = { reference: string; refusal?: undefined } | { refusal: AppError };

/**
 * Charges a card (tips and deposits). A refusal of the card's bank comes back as the outcome, for
 * the caller to keep as its answer; any other failure throws.
 */
export async function chargeUnlessRefused(
  processor: CardProcessor,
  db: AppDatabase,
  request: ChargeRequest,
  now: Date,
): Promise<ChargeOutcome> {
  try {
    const { reference } = await processor.charge(db, request, now);
    return { reference };
  } catch (error) {
    if (!isRefusedCharge(error)) throw error;
    return { refusal: error };
  }
}

/**
 * A card processor as the wallet sees one. Card checks fail with AppError `card_number_invalid`,
 * `card_expired` or `card_cvc_invalid` (details.field naming the field); a refused charge with
 * `card_declined` or `card_insufficient_funds`. Every call takes the caller's database
 * transaction: the built-in sandbox keeps its records there, so they commit or roll back with
 * the movement they belong to; an adapter to an outside processor may ignore it.
 */
export interface CardProcessor {
  readonly name: string;
  /**
   * `reference`, when given, makes tokenizing idempotent as charging is: the same reference and
   * card give the same token, so that a retried charge names the same card as the first try.
   */
  tokenize(
    db: AppDatabase,
    card: CardDetails,
    now: Date,
    options?: { reference?: string },
  ): Promise<TokenizedCard>;
  /**
   * A zero-amount check with the card's bank before the card is saved, as processors run when a
   * card is attached for later use: `{ status: 'verified' }`, or AppError `card_declined` /
   * `card_insufficient_funds`. It moves no money and leaves nothing to settle.
   */
  verify(db: AppDatabase, token: string, now: Date): Promise<{ status: 'verified' }>;
  /** Authorizes now; the money is certain only when the charge settles. */
  charge(
    db: AppDatabase,
    request: ChargeRequest,
    now: Date,
  ): Promise<{ reference: string; status: 'authorized' }>;
  /** Sends money to a bank account; it is paid, or returned, when the payout settles. */
  payout(db: AppDatabase, request: PayoutRequest, now: Date): Promise<{ reference: string }>;
  /**
   * The next operation whose settlement is due at `now`, locked for this transaction and skipped
   * by any other (so that two servers never settle one operation), or null. `excluding` lists
   * references this caller already failed to settle in this round.
   */
  nextDue(db: AppDatabase, now: Date, excluding?: readonly string[]): Promise<DueOperation | null>;
  /** Records that the operation is settled; call it in the transaction that applied the outcome. */
  markSettled(db: AppDatabase, reference: string, now: Date): Promise<void>;
}

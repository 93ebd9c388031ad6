import { createHash, randomBytes } from 'node:crypto';
import {
  detectCardBrand,
  isCardExpired,
  isValidCardNumber,
  isValidCvc,
  normalizeCardNumber,
  normalizeIban,
} from '@ztart/shared/cards';
import type { ErrorCode } from '@ztart/shared/errors';
import { isCurrency } from '@ztart/shared/money';
import { and, asc, eq, isNull, lte, notInArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type {
  CardDetails,
  CardProcessor,
  ChargeRequest,
  DueOperation,
  OperationKind,
  PayoutDestination,
  PayoutRequest,
  SettlementOutcome,
  TokenizedCard,
} from './processor.ts';
import { sandboxCards, sandboxOperations } from './tables.ts';

export type SandboxBehaviour =
  | 'succeed'
  | 'decline'
  | 'insufficient_funds'
  | 'decline_after_verification'
  | 'insufficient_funds_after_verification'
  | 'fail_settlement';

/**
 * The processors' well-known test numbers, and two of our own for a card that passed its check
 * when it was saved and is refused later (the bank blocked it, or it ran out of money); any other
 * valid number succeeds.
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  declinedAfterVerification: '4000000000001117',
  insufficientFundsAfterVerification: '4000000000002222',
  failsAtSettlement: '4000000000000341',
} as const;

const BEHAVIOUR_OF_NUMBER: Record<string, SandboxBehaviour> = {
  [SANDBOX_TEST_CARDS.declined]: 'decline',
  [SANDBOX_TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [SANDBOX_TEST_CARDS.declinedAfterVerification]: 'decline_after_verification',
  [SANDBOX_TEST_CARDS.insufficientFundsAfterVerification]: 'insufficient_funds_after_verification',
  [SANDBOX_TEST_CARDS.failsAtSettlement]: 'fail_settlement',
};

/** Why each behaviour refuses a zero-amount check, and why it refuses a charge. */
const REFUSAL_AT_VERIFICATION: Partial<Record<SandboxBehaviour, ErrorCode>> = {
  decline: 'card_declined',
  insufficient_funds: 'card_insufficient_funds',
};
const REFUSAL_AT_CHARGE: Partial<Record<SandboxBehaviour, ErrorCode>> = {
  ...REFUSAL_AT_VERIFICATION,
  decline_after_verification: 'card_declined',
  insufficient_funds_after_verification: 'card_insufficient_funds',
};

/** How long a charge or payout reference is honoured (a day, as card processors keep idempotency keys). */
const REFERENCE_RETENTION_MS = 24 * 3_600_000;

/** Payouts to these test accounts are returned at settlement; any other account is paid. */
export const SANDBOX_FAILING_PAYOUT_ACCOUNTS = {
  usAccountNumber: '000111111116',
  iban: 'DE89370400440532013000',
} as const;

/**
 * The built-in card processor: checks cards as a real one does (brand, length, Luhn, expiry, CVC
 * length), hands out tokens, verifies a card to be saved with a zero-amount check, refuses the test
 * cards that are meant to be refused (at that check and at charge), and settles
 * charges and payouts `settlementDelayMs` after they were made. It keeps a token and how its card
 * behaves, never the number or the CVC.
 */
export class SandboxCardProcessor implements CardProcessor {
  readonly name = 'sandbox';
  readonly #settlementDelayMs: number;

  constructor(options: { settlementDelayMs: number }) {
    this.#settlementDelayMs = options.settlementDelayMs;
  }

  async tokenize(
    db: AppDatabase,
    card: CardDetails,
    now: Date,
    options: { reference?: string } = {},
  ): Promise<TokenizedCard> {
    const digits = normalizeCardNumber(card.number);
    const brand = detectCardBrand(digits);
    if (brand === null || !isValidCardNumber(digits)) {
      throw new AppError('card_number_invalid', { details: { field: 'number' } });
    }
    if (isCardExpired(card.expMonth, card.expYear, now)) {
      const field = card.expYear < now.getUTCFullYear() ? 'expYear' : 'expMonth';
      throw new AppError('card_expired', { details: { field } });
    }
    if (!isValidCvc(card.cvc, brand)) throw new AppError('card_cvc_invalid', { details: { field: 'cvc' } });
    const token = tokenFor(digits, card, options.reference);
    await db
      .insert(sandboxCards)
      .values({ token, behaviour: BEHAVIOUR_OF_NUMBER[digits] ?? 'succeed', createdAt: now })
      .onConflictDoNothing();
    return { token, brand, last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
  }

  async verify(db: AppDatabase, token: string, _now: Date): Promise<{ status: 'verified' }> {
    const behaviour = await behaviourOf(db, token);
    const refusal = REFUSAL_AT_VERIFICATION[behaviour];
    if (refusal) throw new AppError(refusal);
    return { status: 'verified' };
  }

  async charge(db: AppDatabase, request: ChargeRequest, now: Date) {
    const behaviour = await behaviourOf(db, request.token);
    const refusal = REFUSAL_AT_CHARGE[behaviour];
    if (refusal) throw new AppError(refusal);
    const reference = await this.#record(db, now, {
      kind: 'charge',
      request,
      source: request.token,
      outcome: behaviour === 'fail_settlement' ? 'failed' : 'succeeded',
    });
    return { reference, status: 'authorized' as const };
  }

  async payout(db: AppDatabase, request: PayoutRequest, now: Date) {
    const reference = await this.#record(db, now, {
      kind: 'payout',
      request,
      source: maskedDestination(request.destination),
      outcome: isFailingPayoutAccount(request.destination) ? 'failed' : 'succeeded',
    });
    return { reference };
  }

  async nextDue(db: AppDatabase, now: Date, excluding: readonly string[] = []): Promise<DueOperation | null> {
    const [row] = await db
      .select()
      .from(sandboxOperations)
      .where(
        and(
          isNull(sandboxOperations.settledAt),
          lte(sandboxOperations.settleAt, now),
          excluding.length > 0 ? notInArray(sandboxOperations.id, [...excluding]) : undefined,
        ),
      )
      .orderBy(asc(sandboxOperations.settleAt), asc(sandboxOperations.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    if (!isCurrency(row.currency)) throw new Error(`sandbox operation ${row.id} has an unknown currency`);
    return {
      reference: row.id,
      kind: row.kind as OperationKind,
      amountMinor: row.amountMinor,
      currency: row.currency,
      outcome: row.outcome as SettlementOutcome,
    };
  }

  async markSettled(db: AppDatabase, reference: string, now: Date): Promise<void> {
    await db
      .update(sandboxOperations)
      .set({ settledAt: now })
      .where(and(eq(sandboxOperations.id, reference), isNull(sandboxOperations.settledAt)));
  }

  /**
   * One operation per reference: a repeat answers the first one's id (the card is charged once);
   * other details, or a reference older than a day → conflict.
   */
  async #record(
    db: AppDatabase,
    now: Date,
    operation: {
      kind: OperationKind;
      request: ChargeRequest | PayoutRequest;
      source: string;
      outcome: SettlementOutcome;
    },
  ): Promise<string> {
    const { kind, request, source, outcome } = operation;
    const id = `${kind === 'charge' ? 'ch' : 'po'}_${createHash('sha256').update(request.reference).digest('hex').slice(0, 32)}`;
    const inserted = await db
      .insert(sandboxOperations)
      .values({
        id,
        kind,
        source,
        amountMinor: request.amountMinor,
        currency: request.currency,
        outcome,
        settleAt: new Date(now.getTime() + this.#settlementDelayMs),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: sandboxOperations.id });
    if (inserted.length > 0) return id;
    const [earlier] = await db.select().from(sandboxOperations).where(eq(sandboxOperations.id, id));
    if (
      earlier === undefined ||
      // Like a real processor, a reference is honoured for a day; past that it names no charge,
      // and reusing it is refused rather than taken for the old one.
      now.getTime() - earlier.createdAt.getTime() > REFERENCE_RETENTION_MS ||
      earlier.kind !== kind ||
      earlier.source !== source ||
      earlier.amountMinor !== request.amountMinor ||
      earlier.currency !== request.currency
    ) {
      throw new AppError('idempotency_conflict');
    }
    return id;
  }
}

/** How the token's card behaves; a token we never issued is refused like a card the bank does not know. */
async function behaviourOf(db: AppDatabase, token: string): Promise<SandboxBehaviour> {
  const [card] = await db
    .select({ behaviour: sandboxCards.behaviour })
    .from(sandboxCards)
    .where(eq(sandboxCards.token, token));
  return (card?.behaviour as SandboxBehaviour | undefined) ?? 'decline';
}

/**
 * A new random token, or with a reference the one token of that reference and card: a retried
 * tip names the same card, so its charge matches the first try's. The reference is a hash that
 * only our server makes, so the token tells nothing of the number.
 */
function tokenFor(digits: string, card: CardDetails, reference: string | undefined): string {
  if (reference === undefined) return `tok_${randomBytes(16).toString('base64url')}`;
  const hash = createHash('sha256')
    .update([reference, digits, card.expMonth, card.expYear].join('\u0000'))
    .digest('base64url');
  return `tok_${hash.slice(0, 22)}`;
}

function isFailingPayoutAccount(destination: PayoutDestination): boolean {
  return destination.kind === 'iban'
    ? normalizeIban(destination.iban) === SANDBOX_FAILING_PAYOUT_ACCOUNTS.iban
    : destination.accountNumber === SANDBOX_FAILING_PAYOUT_ACCOUNTS.usAccountNumber;
}

/** What the processor's records show of an account: its kind and last four characters. */
function maskedDestination(destination: PayoutDestination): string {
  const number = destination.kind === 'iban' ? normalizeIban(destination.iban) : destination.accountNumber;
  return `${destination.kind}:****${number.slice(-4)}`;
}

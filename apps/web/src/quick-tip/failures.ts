import { cvcLengthFor } from '@ztart/shared/cards';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { RequestError } from './api.ts';
import { brandOf } from './card.ts';
import type { MessageKey } from './messages/en.ts';
import type { FieldProblems, FormField, Problem } from './problems.ts';

/**
 * What a refused tip means for the page:
 * - `pin`: the PIN step, then the same request with the same key;
 * - `notFound`: the receiver is gone (the not-found state);
 * - `fields`: back to the form, each problem on its field (a new confirmation makes a new key);
 * - `card`: back to the form, the message on the card (declined: another card is needed);
 * - `form`: back to the form with a message about the whole tip;
 * - `retry`: the outcome is unknown or passing (network, server, rate limit): stay on the
 *   confirmation and try again with the same key, which can never tip twice.
 */
export type Failure =
  | { kind: 'pin' }
  | { kind: 'notFound' }
  | { kind: 'fields'; problems: FieldProblems }
  | { kind: 'card'; problem: Problem }
  | { kind: 'form'; problem: Problem }
  | { kind: 'retry'; problem: Problem };

export interface FailureContext {
  currency: Currency;
  /** The card number sent, for the length of its security code. */
  cardNumber: string;
  money: (amountMinor: number, currency: Currency) => string;
}

/** The field and our own words for each request field the server's validation can refuse. */
const PROBLEM_OF_PATH: Record<string, { field: FormField; problem: Problem }> = {
  amountMinor: { field: 'amount', problem: { key: 'error.validation_failed' } },
  currency: { field: 'amount', problem: { key: 'error.validation_failed' } },
  message: { field: 'message', problem: { key: 'message.tooLong', vars: { max: TEXT_LIMITS.tipMessage } } },
  senderEmail: { field: 'receipt', problem: { key: 'receipt.emailInvalid' } },
  senderPhone: { field: 'receipt', problem: { key: 'receipt.phoneInvalid' } },
  'card.number': { field: 'number', problem: { key: 'card.numberInvalid' } },
  'card.expMonth': { field: 'expiry', problem: { key: 'card.expiryInvalid' } },
  'card.expYear': { field: 'expiry', problem: { key: 'card.expiryInvalid' } },
  'card.cardholderName': { field: 'name', problem: { key: 'card.nameRequired' } },
};

const RETRYABLE: ReadonlySet<string> = new Set([
  'network_error',
  'offline',
  'rate_limited',
  'tip_failed',
  'internal_error',
  'service_unavailable',
  'outcome_unknown',
  'overloaded',
]);

/** Failures that may pass with their own words; any other is "Failed to send tip". */
const RETRY_MESSAGES: Readonly<Record<string, MessageKey>> = {
  network_error: 'error.network_error',
  offline: 'error.offline',
  rate_limited: 'error.rate_limited',
  outcome_unknown: 'error.outcome_unknown',
  overloaded: 'error.overloaded',
};

function cvcProblem(context: FailureContext): Problem {
  return { key: 'card.cvcInvalid', vars: { length: cvcLengthFor(brandOf(context.cardNumber)) } };
}

function numberOf(value: unknown): number | null {
  return Number.isSafeInteger(value) ? (value as number) : null;
}

function limitFailure(error: RequestError, context: FailureContext): Failure {
  const limitMinor = numberOf(error.details.limitMinor);
  const amount = (minor: number | null) => (minor === null ? '' : context.money(minor, context.currency));
  switch (error.details.limit) {
    case 'quickTipMin':
    case 'businessMinimumTip':
      return {
        kind: 'fields',
        problems: { amount: { key: 'amount.min', vars: { min: amount(limitMinor) } } },
      };
    case 'quickTipMax':
      return {
        kind: 'fields',
        problems: { amount: { key: 'amount.max', vars: { max: amount(limitMinor) }, overMax: true } },
      };
    case 'transferMax':
      return {
        kind: 'fields',
        problems: { amount: { key: 'amount.walletMax', vars: { max: amount(limitMinor) } } },
      };
    default: {
      const remaining = numberOf(error.details.remainingMinor) ?? 0;
      return {
        kind: 'fields',
        problems: { amount: { key: 'amount.daily', vars: { amount: amount(remaining) } } },
      };
    }
  }
}

function validationFailure(error: RequestError, context: FailureContext): Failure {
  const problems: FieldProblems = {};
  const issues = Array.isArray(error.details.issues) ? error.details.issues : [];
  for (const issue of issues) {
    const path = typeof issue === 'object' && issue !== null ? (issue as { path?: unknown }).path : undefined;
    if (path === 'card.cvc') {
      problems.cvc ??= cvcProblem(context);
      continue;
    }
    const known = typeof path === 'string' ? PROBLEM_OF_PATH[path] : undefined;
    if (known) problems[known.field] ??= known.problem;
  }
  return Object.keys(problems).length > 0
    ? { kind: 'fields', problems }
    : { kind: 'form', problem: { key: 'error.validation_failed' } };
}

/** Where the page shows why `POST /api/tips` refused (anything else thrown counts as unknown). */
export function failureOf(error: unknown, context: FailureContext): Failure {
  if (!(error instanceof RequestError)) return { kind: 'retry', problem: { key: 'error.generic' } };
  switch (error.code) {
    case 'pin_required':
      return { kind: 'pin' };
    case 'recipient_user_not_found':
      return { kind: 'notFound' };
    case 'card_number_invalid':
      return { kind: 'fields', problems: { number: { key: 'card.numberInvalid' } } };
    case 'card_expired':
      return { kind: 'fields', problems: { expiry: { key: 'card.expired' } } };
    case 'card_cvc_invalid':
      return { kind: 'fields', problems: { cvc: cvcProblem(context) } };
    case 'card_declined':
      return { kind: 'card', problem: { key: 'error.card_declined' } };
    case 'card_insufficient_funds':
      return { kind: 'card', problem: { key: 'error.card_insufficient_funds' } };
    case 'limit_exceeded':
      return limitFailure(error, context);
    case 'insufficient_balance':
      return { kind: 'fields', problems: { amount: { key: 'error.insufficient_balance' } } };
    case 'validation_failed':
      return validationFailure(error, context);
    case 'recipient_is_self':
      return { kind: 'form', problem: { key: 'error.recipient_is_self' } };
    case 'idempotency_conflict':
      return { kind: 'form', problem: { key: 'error.idempotency_conflict' } };
    case 'wallet_error':
      return { kind: 'form', problem: { key: 'error.wallet_error' } };
    case 'unauthorized':
    case 'session_expired':
      return { kind: 'form', problem: { key: 'error.unauthorized' } };
  }
  if (RETRYABLE.has(error.code) || error.status >= 500 || error.status === 0) {
    return { kind: 'retry', problem: { key: RETRY_MESSAGES[error.code] ?? 'error.tip_failed' } };
  }
  return { kind: 'form', problem: { key: 'error.generic' } };
}

import { formatMoney } from '@ztart/shared/money';
import { describe, expect, it } from 'vitest';
import { RequestError } from './api.ts';
import { type FailureContext, failureOf } from './failures.ts';

const context: FailureContext = {
  currency: 'USD',
  cardNumber: '4242424242424242',
  money: (amountMinor, currency) => formatMoney(amountMinor, currency, 'en'),
};

const fail = (code: string, status: number, details: Record<string, unknown> = {}) =>
  failureOf(new RequestError(code, status, details), context);

describe('where a refused tip shows', () => {
  it('asks for the PIN when the balance needs it (then the same tip goes again)', () => {
    expect(fail('pin_required', 403)).toEqual({ kind: 'pin' });
  });

  it('shows the not-found state when the receiver is gone', () => {
    expect(fail('recipient_user_not_found', 404)).toEqual({ kind: 'notFound' });
  });

  it('puts the processor’s card field errors on their fields', () => {
    expect(fail('card_number_invalid', 422)).toEqual({
      kind: 'fields',
      problems: { number: { key: 'card.numberInvalid' } },
    });
    expect(fail('card_expired', 422)).toEqual({
      kind: 'fields',
      problems: { expiry: { key: 'card.expired' } },
    });
    expect(fail('card_cvc_invalid', 422)).toEqual({
      kind: 'fields',
      problems: { cvc: { key: 'card.cvcInvalid', vars: { length: 3 } } },
    });
  });

  it('puts a refused card on the card: another one is needed', () => {
    expect(fail('card_declined', 402)).toEqual({ kind: 'card', problem: { key: 'error.card_declined' } });
    expect(fail('card_insufficient_funds', 402)).toEqual({
      kind: 'card',
      problem: { key: 'error.card_insufficient_funds' },
    });
  });

  it('puts the quick-tip minimum and maximum on the amount, the maximum with its way out', () => {
    expect(fail('limit_exceeded', 422, { limit: 'quickTipMin', limitMinor: 100 })).toEqual({
      kind: 'fields',
      problems: { amount: { key: 'amount.min', vars: { min: '$1.00' } } },
    });
    expect(fail('limit_exceeded', 422, { limit: 'quickTipMax', limitMinor: 10_000 })).toEqual({
      kind: 'fields',
      problems: { amount: { key: 'amount.max', vars: { max: '$100.00' }, overMax: true } },
    });
  });

  it('names a business’s own minimum tip on the amount', () => {
    expect(fail('limit_exceeded', 422, { limit: 'businessMinimumTip', limitMinor: 500 })).toEqual({
      kind: 'fields',
      problems: { amount: { key: 'amount.min', vars: { min: '$5.00' } } },
    });
  });

  it('explains the balance’s own limits', () => {
    expect(
      fail('limit_exceeded', 422, { limit: 'daily', limitMinor: 50_000, remainingMinor: 1_250 }),
    ).toEqual({
      kind: 'fields',
      problems: { amount: { key: 'amount.daily', vars: { amount: '$12.50' } } },
    });
    expect(fail('insufficient_balance', 422)).toEqual({
      kind: 'fields',
      problems: { amount: { key: 'error.insufficient_balance' } },
    });
  });

  it('binds the server’s validation issues to the fields they name', () => {
    expect(
      fail('validation_failed', 400, {
        issues: [
          { path: 'senderPhone', message: 'validation.phone' },
          { path: 'card.cvc', message: 'validation.cvc' },
        ],
      }),
    ).toEqual({
      kind: 'fields',
      problems: {
        receipt: { key: 'receipt.phoneInvalid' },
        cvc: { key: 'card.cvcInvalid', vars: { length: 3 } },
      },
    });
    expect(fail('validation_failed', 400, { issues: [{ path: 'qrCode', message: 'x' }] })).toEqual({
      kind: 'form',
      problem: { key: 'error.validation_failed' },
    });
  });

  it('keeps a failure that may pass on the confirmation, to try again with the same key', () => {
    expect(fail('network_error', 0)).toEqual({ kind: 'retry', problem: { key: 'error.network_error' } });
    expect(fail('offline', 0)).toEqual({ kind: 'retry', problem: { key: 'error.offline' } });
    expect(fail('rate_limited', 429)).toEqual({ kind: 'retry', problem: { key: 'error.rate_limited' } });
    expect(fail('tip_failed', 500)).toEqual({ kind: 'retry', problem: { key: 'error.tip_failed' } });
    expect(fail('service_unavailable', 503)).toEqual({ kind: 'retry', problem: { key: 'error.tip_failed' } });
    // The tip may have gone through: the same key again tells, and never charges twice.
    expect(fail('outcome_unknown', 503)).toEqual({
      kind: 'retry',
      problem: { key: 'error.outcome_unknown' },
    });
    expect(fail('overloaded', 503)).toEqual({ kind: 'retry', problem: { key: 'error.overloaded' } });
  });

  it('sends the person back to the form for what only a change can fix', () => {
    expect(fail('recipient_is_self', 400)).toEqual({
      kind: 'form',
      problem: { key: 'error.recipient_is_self' },
    });
    expect(fail('idempotency_conflict', 409)).toEqual({
      kind: 'form',
      problem: { key: 'error.idempotency_conflict' },
    });
    expect(fail('session_expired', 401)).toEqual({ kind: 'form', problem: { key: 'error.unauthorized' } });
    expect(fail('something_new', 400)).toEqual({ kind: 'form', problem: { key: 'error.generic' } });
  });
});

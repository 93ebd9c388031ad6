import { describe, expect, it } from 'vitest';
import { type CardDraft, EMPTY_CARD } from './card.ts';
import {
  checkAmount,
  checkDraft,
  checkReceipt,
  initialDraft,
  readLinkParams,
  type TipDraft,
} from './form.ts';
import { draftContext, linkParams, quickTipProfile } from './test-data.ts';

const VISA: CardDraft = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ana Lima' };

function draft(overrides: Partial<TipDraft> = {}): TipDraft {
  return { ...initialDraft(quickTipProfile()), card: VISA, ...overrides };
}

describe('reading the tip link', () => {
  it('takes the receiver, the QR code scanned and a payment QR code’s fixed amount', () => {
    expect(readLinkParams('?to=Maria_Waits&qr=Ab3dE6gH&amount=500&currency=USD')).toEqual({
      to: 'maria_waits',
      toInvalid: false,
      qrCode: 'Ab3dE6gH',
      fixedAmount: { amountMinor: 500, currency: 'USD' },
      embed: false,
    });
  });

  it('accepts an @ before the ztartag and knows the embedded widget', () => {
    expect(readLinkParams('?to=%40leo_guitar&embed=1')).toMatchObject({ to: 'leo_guitar', embed: true });
  });

  it('tells a missing receiver from one that cannot exist', () => {
    expect(readLinkParams('')).toMatchObject({ to: null, toInvalid: false });
    expect(readLinkParams('?to=')).toMatchObject({ to: null });
    expect(readLinkParams('?to=no!')).toMatchObject({ to: 'no!', toInvalid: true });
    expect(readLinkParams('?to=ab')).toMatchObject({ toInvalid: true });
  });

  it('ignores an amount that is not whole minor units with a known currency, and a malformed QR code', () => {
    expect(readLinkParams('?to=ana_1&amount=5.00&currency=USD').fixedAmount).toBeNull();
    expect(readLinkParams('?to=ana_1&amount=500&currency=GBP').fixedAmount).toBeNull();
    expect(readLinkParams('?to=ana_1&amount=0&currency=USD').fixedAmount).toBeNull();
    expect(readLinkParams('?to=ana_1&qr=../x').qrCode).toBeNull();
  });
});

describe('the amount', () => {
  it('starts on a middle preset, so most people only confirm', () => {
    expect(initialDraft(quickTipProfile()).presetMinor).toBe(500);
  });

  it('reads a typed amount the way the person’s language writes numbers', () => {
    const custom = (text: string, language = 'en') =>
      checkAmount(draft({ presetMinor: null, custom: text }), draftContext({ language }));
    expect(custom('5')).toEqual({ amountMinor: 500 });
    expect(custom('12.50')).toEqual({ amountMinor: 1250 });
    expect(custom('12,50', 'es')).toEqual({ amountMinor: 1250 });
    expect(custom('7,5', 'fr')).toEqual({ amountMinor: 750 });
  });

  it('refuses what is not an amount, and an empty one, with a clear message', () => {
    const custom = (text: string) => checkAmount(draft({ presetMinor: null, custom: text }), draftContext());
    expect(custom('')).toEqual({ problem: { key: 'amount.required' } });
    expect(custom('abc')).toEqual({ problem: { key: 'amount.invalid', vars: { example: '$5.00' } } });
    // One separator and three digits: the language decides ("1,234" is 1234 in English).
    expect(custom('1,234')).toMatchObject({ problem: { key: 'amount.max' } });
    expect(custom('1.234')).toMatchObject({ problem: { key: 'amount.invalid' } });
    expect(custom('0')).toMatchObject({ problem: { key: 'amount.invalid' } });
    expect(custom('5.005')).toMatchObject({ problem: { key: 'amount.invalid' } });
  });

  it('keeps a card tip within the quick-tip limits of the profile, edges included', () => {
    const custom = (text: string) => checkAmount(draft({ presetMinor: null, custom: text }), draftContext());
    expect(custom('0.99')).toEqual({ problem: { key: 'amount.min', vars: { min: '$1.00' } } });
    expect(custom('1.00')).toEqual({ amountMinor: 100 });
    expect(custom('100')).toEqual({ amountMinor: 10_000 });
    expect(custom('100.01')).toEqual({
      problem: { key: 'amount.max', vars: { max: '$100.00' }, overMax: true },
    });
  });

  it('from the balance of a verified person, goes up to the transfer maximum within the money available', () => {
    const wallet = {
      availableMinor: 20_000,
      minMinor: 1,
      transferMaxMinor: 1_000_000,
      noPinMaxMinor: 5_000,
      verified: true,
    };
    const context = draftContext({ wallet });
    const custom = (text: string) =>
      checkAmount(draft({ presetMinor: null, custom: text, source: 'wallet' }), context);
    expect(custom('150')).toEqual({ amountMinor: 15_000 });
    expect(custom('200.01')).toEqual({
      problem: { key: 'amount.insufficient', vars: { amount: '$200.00' } },
    });
    expect(custom('0.50')).toEqual({ problem: { key: 'amount.min', vars: { min: '$1.00' } } });
  });

  it('from the balance of an unverified person, keeps the quick-tip bounds', () => {
    const wallet = {
      availableMinor: 50_000,
      minMinor: 1,
      transferMaxMinor: 1_000_000,
      noPinMaxMinor: 5_000,
      verified: false,
    };
    const context = draftContext({ wallet });
    const custom = (text: string) =>
      checkAmount(draft({ presetMinor: null, custom: text, source: 'wallet' }), context);
    expect(custom('100')).toEqual({ amountMinor: 10_000 });
    expect(custom('200')).toEqual({
      problem: { key: 'amount.max', vars: { max: '$100.00' }, overMax: true },
    });
    expect(custom('0.50')).toEqual({ problem: { key: 'amount.min', vars: { min: '$1.00' } } });
  });

  it('uses a payment QR code’s fixed amount and currency, whatever the form says', () => {
    const context = draftContext({
      params: linkParams({ fixedAmount: { amountMinor: 750, currency: 'EUR' } }),
    });
    const result = checkDraft(draft({ presetMinor: 2_000 }), context);
    expect(result).toMatchObject({ ok: true, request: { amountMinor: 750, currency: 'EUR' } });
  });
});

describe('the receipt contact', () => {
  it('is optional', () => {
    expect(checkReceipt({ receiptKind: 'email', receipt: '  ' })).toEqual({});
  });

  it('takes an email or an international phone number, as the server wants them', () => {
    expect(checkReceipt({ receiptKind: 'email', receipt: ' Ana@Example.com ' })).toEqual({
      senderEmail: 'ana@example.com',
    });
    expect(checkReceipt({ receiptKind: 'phone', receipt: '+34 612 34-56 78' })).toEqual({
      senderPhone: '+34612345678',
    });
  });

  it('explains what is wrong with either', () => {
    expect(checkReceipt({ receiptKind: 'email', receipt: 'ana@' })).toEqual({
      problem: { key: 'receipt.emailInvalid' },
    });
    expect(checkReceipt({ receiptKind: 'phone', receipt: '612345678' })).toEqual({
      problem: { key: 'receipt.phoneInvalid' },
    });
  });
});

describe('the whole form', () => {
  it('becomes the body of POST /api/tips: digits of the card, four-digit year, QR code', () => {
    const result = checkDraft(
      draft({ message: '  Great coffee!  ', receipt: 'ana@example.com' }),
      draftContext({ params: linkParams({ qrCode: 'Ab3dE6gH' }) }),
    );
    expect(result).toEqual({
      ok: true,
      request: {
        receiver: 'maria_waits',
        amountMinor: 500,
        currency: 'USD',
        source: 'card',
        message: 'Great coffee!',
        senderEmail: 'ana@example.com',
        card: {
          number: '4242424242424242',
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
          cardholderName: 'Ana Lima',
        },
        qrCode: 'Ab3dE6gH',
      },
    });
  });

  it('sends no card when paying from the balance', () => {
    const wallet = {
      availableMinor: 20_000,
      minMinor: 1,
      transferMaxMinor: 1_000_000,
      noPinMaxMinor: 5_000,
      verified: false,
    };
    const result = checkDraft(draft({ source: 'wallet', card: EMPTY_CARD }), draftContext({ wallet }));
    expect(result).toEqual({
      ok: true,
      request: { receiver: 'maria_waits', amountMinor: 500, currency: 'USD', source: 'wallet' },
    });
  });

  it('gathers every problem at once, each on its field', () => {
    const result = checkDraft(
      draft({
        presetMinor: null,
        custom: '500',
        receiptKind: 'phone',
        receipt: '12',
        message: 'x'.repeat(281),
        card: { number: '4242 4242 4242 4241', expiry: '01/26', cvc: '12', name: ' ' },
      }),
      draftContext(),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.problems).sort()).toEqual(
      ['amount', 'cvc', 'expiry', 'message', 'name', 'number', 'receipt'].sort(),
    );
  });
});

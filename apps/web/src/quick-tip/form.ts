import type { QuickTipProfile, TipRequestInput } from '@ztart/shared/contracts/qr-codes';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { type Currency, isCurrency } from '@ztart/shared/money';
import {
  cleanPhone,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  QR_SHORT_CODE_PATTERN,
  ZTARTAG_PATTERN,
} from '@ztart/shared/patterns';
import { parseAmountInput } from '@/components/money/parse-amount-input';
import type { Attempt as StepperAttempt } from '@/components/money-flow/money-stepper';
import type { WalletFigures } from './api.ts';
import { type CardDraft, cardRequestOf, checkCard, EMPTY_CARD } from './card.ts';
import type { FieldProblems, Problem } from './problems.ts';

/** A tip the person has confirmed, with the one key that every try of it sends. */
export type Attempt = StepperAttempt<TipRequestInput>;

/** What the link says: who to tip, the QR code scanned, its fixed amount, whether it is embedded. */
export interface LinkParams {
  /** The receiver's ztartag, lower-cased; null when missing. */
  to: string | null;
  /** Present but not a possible ztartag: no need to ask the server. */
  toInvalid: boolean;
  qrCode: string | null;
  /** A payment QR code's amount (`amount` in minor units with its `currency`). */
  fixedAmount: { amountMinor: number; currency: Currency } | null;
  /** `embed=1`: inside an iframe on the receiver's own site. */
  embed: boolean;
}

export function readLinkParams(search: string): LinkParams {
  const params = new URLSearchParams(search);
  const rawTo = (params.get('to') ?? '').trim().replace(/^@/, '').toLowerCase();
  const qr = params.get('qr') ?? '';
  const amount = params.get('amount') ?? '';
  const currency = params.get('currency') ?? '';
  const amountMinor = /^\d{1,15}$/.test(amount) ? Number.parseInt(amount, 10) : null;
  return {
    to: rawTo === '' ? null : rawTo,
    toInvalid: rawTo !== '' && !ZTARTAG_PATTERN.test(rawTo),
    qrCode: QR_SHORT_CODE_PATTERN.test(qr) ? qr : null,
    fixedAmount:
      amountMinor !== null && amountMinor > 0 && isCurrency(currency) ? { amountMinor, currency } : null,
    embed: params.get('embed') === '1',
  };
}

export type TipSource = 'card' | 'wallet';
export type ReceiptKind = 'email' | 'phone';

/** The form as the person filled it in. */
export interface TipDraft {
  /** A preset's amount, or null when "Other" is chosen and `custom` holds what was typed. */
  presetMinor: number | null;
  custom: string;
  message: string;
  receiptKind: ReceiptKind;
  receipt: string;
  source: TipSource;
  card: CardDraft;
}

export function initialDraft(profile: QuickTipProfile): TipDraft {
  const presets = profile.presetsMinor;
  return {
    // The middle preset is chosen at first: one tap less for most people.
    presetMinor: presets[Math.floor((presets.length - 1) / 2)] ?? null,
    custom: '',
    message: '',
    receiptKind: 'email',
    receipt: '',
    source: 'card',
    card: EMPTY_CARD,
  };
}

export interface DraftContext {
  profile: QuickTipProfile;
  params: LinkParams;
  language: string;
  now: Date;
  /** The signed-in person's balance; null when paying from it is not offered. */
  wallet: WalletFigures | null;
  money: (amountMinor: number, currency: Currency) => string;
}

/** The currency of the tip: a payment QR code's, else the one the receiver is tipped in. */
export function tipCurrency(context: Pick<DraftContext, 'profile' | 'params'>): Currency {
  return context.params.fixedAmount?.currency ?? context.profile.currency;
}

/**
 * Bounds of the amount: the quick-tip limits, except that a verified person may tip from the
 * balance up to the transfer maximum (spec §6).
 */
export function amountBounds(
  context: DraftContext,
  source: TipSource,
): { minMinor: number; maxMinor: number } {
  if (source === 'wallet' && context.wallet?.verified) {
    return { minMinor: context.profile.minMinor, maxMinor: context.wallet.transferMaxMinor };
  }
  return { minMinor: context.profile.minMinor, maxMinor: context.profile.maxMinor };
}

/** The amount chosen, or why it cannot be tipped. */
export function checkAmount(
  draft: TipDraft,
  context: DraftContext,
): { amountMinor: number } | { problem: Problem } {
  const currency = tipCurrency(context);
  const fixed = context.params.fixedAmount;
  let amountMinor: number;
  if (fixed) {
    amountMinor = fixed.amountMinor;
  } else if (draft.presetMinor !== null) {
    amountMinor = draft.presetMinor;
  } else {
    if (draft.custom.trim() === '') return { problem: { key: 'amount.required' } };
    const parsed = parseAmountInput(draft.custom, currency, context.language);
    if (parsed === null || parsed === 0) {
      return { problem: { key: 'amount.invalid', vars: { example: context.money(500, currency) } } };
    }
    amountMinor = parsed;
  }
  const { minMinor, maxMinor } = amountBounds(context, draft.source);
  if (amountMinor < minMinor) {
    return { problem: { key: 'amount.min', vars: { min: context.money(minMinor, currency) } } };
  }
  if (amountMinor > maxMinor) {
    return draft.source === 'wallet' && context.wallet?.verified
      ? { problem: { key: 'amount.walletMax', vars: { max: context.money(maxMinor, currency) } } }
      : { problem: { key: 'amount.max', vars: { max: context.money(maxMinor, currency) }, overMax: true } };
  }
  if (draft.source === 'wallet' && context.wallet && amountMinor > context.wallet.availableMinor) {
    return {
      problem: {
        key: 'amount.insufficient',
        vars: { amount: context.money(context.wallet.availableMinor, currency) },
      },
    };
  }
  return { amountMinor };
}

/** The receipt contact as the request carries it; a phone loses the spaces people type. */
export function checkReceipt(
  draft: Pick<TipDraft, 'receipt' | 'receiptKind'>,
): { senderEmail?: string; senderPhone?: string } | { problem: Problem } {
  const value = draft.receipt.trim();
  if (value === '') return {};
  if (draft.receiptKind === 'email') {
    return EMAIL_PATTERN.test(value) && value.length <= EMAIL_MAX_LENGTH
      ? { senderEmail: value.toLowerCase() }
      : { problem: { key: 'receipt.emailInvalid' } };
  }
  const phone = cleanPhone(value);
  return PHONE_PATTERN.test(phone) ? { senderPhone: phone } : { problem: { key: 'receipt.phoneInvalid' } };
}

export type DraftCheck = { ok: true; request: TipRequestInput } | { ok: false; problems: FieldProblems };

/** Every check that needs no network; on success, the request body of `POST /api/tips`. */
export function checkDraft(draft: TipDraft, context: DraftContext): DraftCheck {
  const problems: FieldProblems = {};
  const amount = checkAmount(draft, context);
  if ('problem' in amount) problems.amount = amount.problem;
  const message = draft.message.trim();
  if (message.length > TEXT_LIMITS.tipMessage) {
    problems.message = { key: 'message.tooLong', vars: { max: TEXT_LIMITS.tipMessage } };
  }
  const receipt = checkReceipt(draft);
  if ('problem' in receipt) problems.receipt = receipt.problem;
  if (draft.source === 'card') Object.assign(problems, checkCard(draft.card, context.now));
  if (Object.keys(problems).length > 0 || 'problem' in amount || 'problem' in receipt) {
    return { ok: false, problems };
  }
  const request: TipRequestInput = {
    receiver: context.profile.ztartag,
    amountMinor: amount.amountMinor,
    currency: tipCurrency(context),
    source: draft.source,
    ...(message ? { message } : {}),
    ...receipt,
    ...(draft.source === 'card' ? { card: cardRequestOf(draft.card) } : {}),
    ...(context.params.qrCode ? { qrCode: context.params.qrCode } : {}),
  };
  return { ok: true, request };
}

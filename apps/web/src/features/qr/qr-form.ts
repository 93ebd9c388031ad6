import {
  type CreateQrCodeRequest,
  createQrCodeRequestSchema,
  type QrCode,
  type QrEmvOption,
  type QrEmvProfile,
} from '@ztart/shared/contracts/qr-codes';
import type { Currency } from '@ztart/shared/money';
import { formatAmountForInput } from '@/components/money/amount-input';
import { type AmountProblem, checkAmount } from '@/components/money/parse-amount-input';
import { messageKeyOf } from '@/features/qr/form-issues';
import type { FieldErrors } from '@/lib/forms/form-errors';

/**
 * A QR code's details as people fill them in. "Any amount" makes a tip-link code (the payer
 * chooses); a fixed amount makes a payment code. Field errors are keyed by the contract's paths
 * (`emv.pixKey`), the same the server names in a `validation_failed` answer.
 */
export type AmountMode = 'open' | 'fixed';

export interface QrFormValues {
  title: string;
  description: string;
  amountMode: AmountMode;
  amount: string;
  currency: Currency;
  emvProfile: QrEmvProfile;
  merchantName: string;
  merchantCity: string;
  countryCode: string;
  pixKey: string;
}

export type QrFormField =
  | 'title'
  | 'description'
  | 'amountMinor'
  | 'currency'
  | 'emv.merchantName'
  | 'emv.merchantCity'
  | 'emv.countryCode'
  | 'emv.pixKey';

export function emptyQrFormValues(defaults: {
  currency: Currency;
  merchantName?: string | null;
}): QrFormValues {
  return {
    title: '',
    description: '',
    amountMode: 'open',
    amount: '',
    currency: defaults.currency,
    emvProfile: 'none',
    merchantName: defaults.merchantName ?? '',
    merchantCity: '',
    countryCode: '',
    pixKey: '',
  };
}

export function qrFormValuesOf(qr: QrCode, locale: string): QrFormValues {
  const emv = qr.emv;
  return {
    title: qr.title,
    description: qr.description ?? '',
    amountMode: qr.amountMinor === null ? 'open' : 'fixed',
    amount: qr.amountMinor === null ? '' : formatAmountForInput(qr.amountMinor, qr.currency, locale),
    currency: qr.currency,
    emvProfile: emv.profile,
    merchantName: emv.profile === 'none' ? '' : emv.merchantName,
    merchantCity: emv.profile === 'none' ? '' : emv.merchantCity,
    countryCode: emv.profile === 'emv' ? emv.countryCode : '',
    pixKey: emv.profile === 'pix' ? emv.pixKey : '',
  };
}

function emvOptionOf(values: QrFormValues): QrEmvOption | Record<string, string> {
  switch (values.emvProfile) {
    case 'emv':
      return {
        profile: 'emv',
        merchantName: values.merchantName,
        merchantCity: values.merchantCity,
        countryCode: values.countryCode,
      };
    case 'pix':
      return {
        profile: 'pix',
        pixKey: values.pixKey,
        merchantName: values.merchantName,
        merchantCity: values.merchantCity,
      };
    default:
      return { profile: 'none' };
  }
}

export type QrFormResult =
  | { ok: true; body: CreateQrCodeRequest }
  | { ok: false; errors: FieldErrors<QrFormField>; amountProblem: AmountProblem | null };

/** The request to send, checked by the contract's schema as the server will check it. */
export function qrRequestOf(values: QrFormValues, locale: string): QrFormResult {
  let amountMinor: number | null = null;
  let amountProblem: AmountProblem | null = null;
  if (values.amountMode === 'fixed') {
    const amount = checkAmount(values.amount, values.currency, locale);
    if (amount.ok) amountMinor = amount.amountMinor;
    else amountProblem = amount.problem;
  }
  const result = createQrCodeRequestSchema.safeParse({
    title: values.title,
    description: values.description.trim() === '' ? null : values.description,
    kind: values.amountMode === 'fixed' ? 'payment' : 'tip_link',
    // A stand-in while the amount is unreadable, so the other fields are still checked.
    amountMinor: amountProblem ? 1 : amountMinor,
    currency: values.currency,
    emv: emvOptionOf(values),
  });
  const errors: FieldErrors<QrFormField> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') as QrFormField;
      errors[path] ??= messageKeyOf(issue);
    }
  }
  if (amountProblem) errors.amountMinor = amountProblem.key;
  if (!result.success || amountProblem) return { ok: false, errors, amountProblem };
  return { ok: true, body: result.data };
}

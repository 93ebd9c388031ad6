import {
  type CardBrand,
  detectCardBrand,
  formatExpiryInput,
  isCardExpired,
  isValidCardNumber,
  isValidCvc,
  normalizeCardNumber,
  parseExpiry,
} from '@ztart/shared/cards';
import type { AddCardRequest } from '@ztart/shared/contracts/payment-methods';
import { errorMessageKey } from '@ztart/shared/error-catalogue';
import { ApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/forms/form-errors';

export { formatExpiryInput, parseExpiry };

export const CARD_FIELDS = [
  'number',
  'expiry',
  'cvc',
  'cardholderName',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export type CardValues = Record<CardField, string> & { setDefault: boolean };

const REQUIRED: readonly CardField[] = [
  'number',
  'expiry',
  'cvc',
  'cardholderName',
  'line1',
  'city',
  'postalCode',
];

/**
 * The checks that need no network, as the processor makes them: a number a network could have
 * issued, a month not yet past, a CVC of the brand's length. Returns a translation key or undefined.
 */
export function checkCardField(field: CardField, values: CardValues, now: Date): string | undefined {
  const value = values[field].trim();
  if (REQUIRED.includes(field) && value === '') return 'validation:required';
  const brand = detectCardBrand(values.number);
  switch (field) {
    case 'number':
      return isValidCardNumber(value) ? undefined : 'errors:card_number_invalid';
    case 'expiry': {
      const expiry = parseExpiry(value);
      if (!expiry) return 'wallet:cards.expiryFormat';
      return isCardExpired(expiry.expMonth, expiry.expYear, now) ? 'errors:card_expired' : undefined;
    }
    case 'cvc':
      return isValidCvc(value, brand) ? undefined : 'errors:card_cvc_invalid';
    case 'country':
      return /^[A-Z]{2}$/.test(value) ? undefined : 'validation:country';
    default:
      return undefined;
  }
}

export function checkCard(values: CardValues, now: Date): FieldErrors<CardField> {
  const errors: FieldErrors<CardField> = {};
  for (const field of CARD_FIELDS) {
    const error = checkCardField(field, values, now);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The request body of a checked form. */
export function cardRequestOf(values: CardValues): AddCardRequest {
  const expiry = parseExpiry(values.expiry) ?? { expMonth: 0, expYear: 0 };
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    type: 'card',
    number: normalizeCardNumber(values.number),
    expMonth: expiry.expMonth,
    expYear: expiry.expYear,
    cvc: values.cvc.trim(),
    cardholderName: values.cardholderName.trim(),
    billingAddress: {
      line1: values.line1.trim(),
      line2: optional(values.line2),
      city: values.city.trim(),
      region: optional(values.region),
      postalCode: values.postalCode.trim(),
      country: values.country,
    },
    setDefault: values.setDefault,
  };
}

/** The form field that a request field or a `details.field` of the server names. */
const FORM_FIELD_OF: Record<string, string> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  cardholderName: 'cardholderName',
  holderName: 'holderName',
  'billingAddress.line1': 'line1',
  'billingAddress.line2': 'line2',
  'billingAddress.city': 'city',
  'billingAddress.region': 'region',
  'billingAddress.postalCode': 'postalCode',
  'billingAddress.country': 'country',
  iban: 'iban',
  accountNumber: 'accountNumber',
  routingNumber: 'routingNumber',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The server's refusal tied to the field it names: `card_number_invalid` with `details.field`
 * on the number, each issue of `validation_failed` on its field. Null when it concerns the whole
 * form (a declined card, being offline).
 */
export function fieldErrorsOfServer<F extends string>(error: unknown): FieldErrors<F> | null {
  if (!(error instanceof ApiError) || !isRecord(error.details)) return null;
  const errors: Record<string, string> = {};
  const field = error.details.field;
  if (typeof field === 'string' && FORM_FIELD_OF[field]) {
    errors[FORM_FIELD_OF[field]] = errorMessageKey(error.code);
  }
  const issues = Array.isArray(error.details.issues) ? error.details.issues : [];
  if (error.code === 'validation_failed') {
    for (const issue of issues) {
      if (!isRecord(issue) || typeof issue.path !== 'string' || typeof issue.message !== 'string') continue;
      const target = FORM_FIELD_OF[issue.path];
      if (!target || errors[target]) continue;
      errors[target] = issue.message.startsWith('validation.')
        ? `validation:${issue.message.slice('validation.'.length)}`
        : 'validation:invalid_value';
    }
  }
  return Object.keys(errors).length > 0 ? (errors as FieldErrors<F>) : null;
}

export function brandOf(number: string): CardBrand | null {
  return detectCardBrand(normalizeCardNumber(number));
}

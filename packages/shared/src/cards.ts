/**
 * Checks on card and bank details that need no network: the web app runs them as the person
 * types, the card processor (and our sandbox of it) runs them again on the server.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

interface BrandRule {
  brand: CardBrand;
  /** Prefix ranges as [from, to] over the first digits (same length). */
  prefixes: ReadonlyArray<readonly [number, number]>;
  lengths: readonly number[];
  cvcLength: number;
}

const BRAND_RULES: readonly BrandRule[] = [
  {
    brand: 'amex',
    prefixes: [
      [34, 34],
      [37, 37],
    ],
    lengths: [15],
    cvcLength: 4,
  },
  {
    brand: 'diners',
    prefixes: [
      [300, 305],
      [36, 36],
      [38, 39],
    ],
    lengths: [14, 16, 19],
    cvcLength: 3,
  },
  {
    brand: 'discover',
    prefixes: [
      [6011, 6011],
      [644, 649],
      [65, 65],
    ],
    lengths: [16, 19],
    cvcLength: 3,
  },
  { brand: 'jcb', prefixes: [[3528, 3589]], lengths: [16, 19], cvcLength: 3 },
  { brand: 'unionpay', prefixes: [[62, 62]], lengths: [16, 17, 18, 19], cvcLength: 3 },
  {
    brand: 'mastercard',
    prefixes: [
      [51, 55],
      [2221, 2720],
    ],
    lengths: [16],
    cvcLength: 3,
  },
  { brand: 'visa', prefixes: [[4, 4]], lengths: [13, 16, 19], cvcLength: 3 },
];

/** Digits only: spaces and dashes that people type between groups are dropped. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function detectCardBrand(input: string): CardBrand | null {
  const digits = normalizeCardNumber(input);
  if (!/^\d+$/.test(digits)) return null;
  for (const rule of BRAND_RULES) {
    for (const [from, to] of rule.prefixes) {
      const width = String(from).length;
      if (digits.length < width) continue;
      const head = Number(digits.slice(0, width));
      if (head >= from && head <= to) return rule.brand;
    }
  }
  return null;
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A number the networks could have issued: known brand, right length, Luhn check digit. */
export function isValidCardNumber(input: string): boolean {
  const digits = normalizeCardNumber(input);
  const brand = detectCardBrand(digits);
  const rule = BRAND_RULES.find((candidate) => candidate.brand === brand);
  return (rule?.lengths.includes(digits.length) ?? false) && passesLuhn(digits);
}

export function cvcLengthFor(brand: CardBrand | null): number {
  return BRAND_RULES.find((rule) => rule.brand === brand)?.cvcLength ?? 3;
}

export function isValidCvc(cvc: string, brand: CardBrand | null): boolean {
  return new RegExp(`^\\d{${cvcLengthFor(brand)}}$`).test(cvc);
}

/** A card is valid through the last day of its expiry month. `expYear` has four digits. */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** Groups the digits as printed on the card ("4242 4242 4242 4242", amex "3782 822463 10005"). */
export function formatCardNumber(input: string): string {
  const digits = normalizeCardNumber(input).replace(/\D/g, '');
  const groups = detectCardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** IBAN lengths per country (ISO 13616 registry, the countries people here are most likely to use). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  BR: 29,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

export function normalizeIban(input: string): string {
  return input.replace(/\s/g, '').toUpperCase();
}

/** Country, length and the ISO 7064 mod-97 check digits. */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** US ABA routing number: nine digits with the 3-7-1 weighted check. */
export function isValidRoutingNumber(input: string): boolean {
  if (!/^\d{9}$/.test(input)) return false;
  const d = [...input].map(Number) as number[];
  const sum =
    3 * ((d[0] ?? 0) + (d[3] ?? 0) + (d[6] ?? 0)) +
    7 * ((d[1] ?? 0) + (d[4] ?? 0) + (d[7] ?? 0)) +
    ((d[2] ?? 0) + (d[5] ?? 0) + (d[8] ?? 0));
  return sum % 10 === 0;
}

/** A bank account number as US banks issue them: 4 to 17 digits. */
export function isValidAccountNumber(input: string): boolean {
  return /^\d{4,17}$/.test(input);
}

/** Card networks' own names: trademarks, written the same in every language. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Keeps an expiry as "MM/YY" while it is typed: digits only, the slash after the month. */
export function formatExpiryInput(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, or the slash would come straight back.
  if (previous.endsWith('/') && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length > 2 || (digits.length === 2 && input.length > previous.length)) {
    return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  }
  return digits;
}

/** "08/29" (or "8/29", "08/2029") → August 2029; null when it is not a month and a year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const expMonth = Number.parseInt(match[1] ?? '', 10);
  const year = Number.parseInt(match[2] ?? '', 10);
  const expYear = year < 100 ? 2000 + year : year;
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : null;
}

/**
 * Money is an integer count of minor units with an ISO 4217 code. Never a float.
 * User input is parsed from a decimal string; formatting happens only at the edge.
 */
export const CURRENCIES = ['USD', 'EUR', 'BRL', 'MXN'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_DECIMALS: Record<Currency, number> = { USD: 2, EUR: 2, BRL: 2, MXN: 2 };

/** The largest amount the system accepts: safe in JSON numbers and in bigint columns. */
export const MAX_AMOUNT_MINOR = Number.MAX_SAFE_INTEGER;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

export function isAmountMinor(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_AMOUNT_MINOR;
}

/**
 * Parses what a person typed ("12", "12.5", "1,234.56", "12,50", "1.234,5") into minor units.
 * When both separators appear, the last one is the decimal mark and the other groups thousands.
 * A single kind of separator is a decimal mark when it appears once with at most the currency's
 * decimals after it, and groups thousands when it appears several times. Appearing once with three
 * digits after it ("12.345") it could be either, so the amount is refused rather than guessed.
 * Returns null for anything that is not a plain non-negative amount in range.
 */
export function parseAmount(input: string, currency: Currency): number | null {
  const decimals = CURRENCY_DECIMALS[currency];
  const text = input.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!/^(\d[\d.,]*|[.,]\d+)$/.test(text)) return null;
  const separators = new Set(text.match(/[.,]/g) ?? []);
  let integerPart = text;
  let fractionPart = '';
  const lastSeparatorAt = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  const tail = text.slice(lastSeparatorAt + 1);
  const separatorCount = (text.match(/[.,]/g) ?? []).length;
  const lastIsDecimal = separators.size === 2 || (separatorCount === 1 && tail.length <= decimals);
  if (separators.size === 1 && separatorCount === 1 && !lastIsDecimal) return null;
  if (lastSeparatorAt >= 0 && lastIsDecimal) {
    integerPart = text.slice(0, lastSeparatorAt);
    fractionPart = tail;
  }
  if (/[.,]/.test(fractionPart) || fractionPart.length > decimals) return null;
  const groups = integerPart.split(/[.,]/);
  if (groups.length > 1 && (groups[0] === '' || groups.slice(1).some((group) => group.length !== 3))) {
    return null;
  }
  const minor =
    BigInt(groups.join('') || '0') * 10n ** BigInt(decimals) +
    BigInt(fractionPart.padEnd(decimals, '0') || '0');
  return minor > BigInt(MAX_AMOUNT_MINOR) ? null : Number(minor);
}

/**
 * One formatter per language and currency: creating an Intl.NumberFormat costs far more than
 * formatting with one, and a list formats the same few currencies in every row.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: Currency, locale: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const decimals = CURRENCY_DECIMALS[currency];
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * Makes the formatters of every currency in a language before their first use. The first one made
 * loads the language's number data: on a slow phone a task of about 100 ms, better spent while the
 * app waits for the network than inside the render of the first balances (decision 0061).
 */
export function prepareMoneyFormats(locale: string): void {
  for (const currency of CURRENCIES) moneyFormat(currency, locale);
}

/** Formats minor units in a locale, e.g. 123456 USD in es → "1234,56 US$". */
export function formatMoney(amountMinor: number, currency: Currency, locale: string): string {
  return moneyFormat(currency, locale).format(amountMinor / 10 ** CURRENCY_DECIMALS[currency]);
}

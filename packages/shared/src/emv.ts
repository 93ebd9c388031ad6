import { CURRENCY_DECIMALS, type Currency, MAX_AMOUNT_MINOR } from './money.ts';

/**
 * EMV merchant-presented QR payloads (EMVCo QRCPS-MPM): the text inside PIX codes and most
 * national payment QR codes. A payload is a list of data objects, each a 2-digit id, a 2-digit
 * length (01-99, counted in characters) and a value; some ids hold templates, i.e. nested data
 * objects. It starts with 00 = "01" and ends with 63 = the CRC-16/CCITT-FALSE of the UTF-8 bytes
 * of everything before the CRC's four hex digits (so including "6304").
 */

export interface EmvDataObject {
  /** Two digits, "00" to "99". */
  id: string;
  /** The value, or the nested data objects of a template. */
  value: string | readonly EmvDataObject[];
}

/** Why a payload was refused. `tag` names the data object at fault, nested ones as "62.05". */
export const EMV_ERROR_REASONS = [
  'too_long',
  'bad_tag',
  'bad_length',
  'duplicate_tag',
  'missing_tag',
  'misplaced_tag',
  'invalid_value',
  'missing_merchant_account',
  'wrong_crc',
] as const;
export type EmvErrorReason = (typeof EMV_ERROR_REASONS)[number];

export interface EmvFailure {
  reason: EmvErrorReason;
  tag: string | null;
}

export type EmvParseResult =
  | { ok: true; fields: EmvDataObject[]; crc: string }
  | { ok: false; error: EmvFailure };

/** Thrown by the encoders: what they were given cannot make a valid payload. */
export class EmvError extends Error {
  readonly reason: EmvErrorReason;
  readonly tag: string | null;

  constructor(reason: EmvErrorReason, tag: string | null = null) {
    super(tag ? `EMV payload: ${reason} at ${tag}` : `EMV payload: ${reason}`);
    this.name = 'EmvError';
    this.reason = reason;
    this.tag = tag;
  }
}

/** EMVCo caps a payload at 512 characters; it also bounds what a scanner has to read. */
export const EMV_MAX_PAYLOAD_LENGTH = 512;
export const EMV_MERCHANT_NAME_MAX_LENGTH = 25;
export const EMV_MERCHANT_CITY_MAX_LENGTH = 15;
const EMV_AMOUNT_MAX_LENGTH = 13;

/** ISO 4217 numeric codes of the currencies we hold (tag 53). */
export const EMV_CURRENCY_NUMERIC: Record<Currency, string> = {
  USD: '840',
  EUR: '978',
  BRL: '986',
  MXN: '484',
};

export function currencyOfEmvNumeric(numeric: string): Currency | null {
  const match = Object.entries(EMV_CURRENCY_NUMERIC).find(([, code]) => code === numeric);
  return match ? (match[0] as Currency) : null;
}

/** Globally unique identifier of PIX in its merchant account template (Banco Central do Brasil). */
export const PIX_GUI = 'br.gov.bcb.pix';
/** Our own reverse-domain identifier: a template with it carries a tip link of ours. */
export const ZTART_EMV_GUI = 'tips.ztart';
/** "Merchant category code not given", as PIX uses it; tips have no category of their own. */
export const EMV_UNKNOWN_CATEGORY = '0000';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the UTF-8 bytes. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function crcHex(text: string): string {
  return crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Which ids hold nested data objects: merchant account information 26-51, additional data 62,
 * merchant information in another language 64 and unreserved templates 80-99 at the top; inside
 * 62, the payment-system-specific templates 50-99.
 */
function isTemplateId(id: string, parentId: string | null): boolean {
  const n = Number.parseInt(id, 10);
  if (parentId === null) return (n >= 26 && n <= 51) || n === 62 || n === 64 || n >= 80;
  if (parentId === '62') return n >= 50;
  return false;
}

function pathOf(parentPath: string | null, id: string): string {
  return parentPath === null ? id : `${parentPath}.${id}`;
}

function fail(reason: EmvErrorReason, tag: string | null = null): { ok: false; error: EmvFailure } {
  return { ok: false, error: { reason, tag } };
}

type ReadResult = { ok: true; fields: EmvDataObject[] } | { ok: false; error: EmvFailure };

/** Reads data objects over code points, since lengths count characters, not bytes. */
function readObjects(chars: readonly string[], parentPath: string | null): ReadResult {
  const fields: EmvDataObject[] = [];
  const seen = new Set<string>();
  const parentId = parentPath === null ? null : parentPath.slice(-2);
  let at = 0;
  while (at < chars.length) {
    // Fewer than four characters left: the enclosing length does not add up.
    if (at + 4 > chars.length) return fail('bad_length', parentPath);
    const id = chars.slice(at, at + 2).join('');
    if (!/^\d\d$/.test(id)) return fail('bad_tag', parentPath);
    const tag = pathOf(parentPath, id);
    const lengthText = chars.slice(at + 2, at + 4).join('');
    if (!/^\d\d$/.test(lengthText)) return fail('bad_length', tag);
    const length = Number.parseInt(lengthText, 10);
    if (length === 0 || at + 4 + length > chars.length) return fail('bad_length', tag);
    if (seen.has(id)) return fail('duplicate_tag', tag);
    seen.add(id);
    const value = chars.slice(at + 4, at + 4 + length);
    if (isTemplateId(id, parentId)) {
      const nested = readObjects(value, tag);
      if (!nested.ok) return nested;
      fields.push({ id, value: nested.fields });
    } else {
      fields.push({ id, value: value.join('') });
    }
    at += 4 + length;
  }
  return { ok: true, fields };
}

const PRIMITIVE_RULES: Record<string, RegExp> = {
  '00': /^01$/,
  '01': /^1[12]$/,
  '52': /^\d{4}$/,
  '53': /^\d{3}$/,
  '54': /^(?=.{1,13}$)(\d+\.?\d*|\.\d+)$/,
  '58': /^[A-Z]{2}$/,
  '59': new RegExp(`^.{1,${EMV_MERCHANT_NAME_MAX_LENGTH}}$`, 'u'),
  '60': new RegExp(`^.{1,${EMV_MERCHANT_CITY_MAX_LENGTH}}$`, 'u'),
};
const MANDATORY_IDS = ['52', '53', '58', '59', '60'] as const;

function checkEnds(fields: readonly EmvDataObject[]): EmvFailure | null {
  const ids = fields.map((field) => field.id);
  if (!ids.includes('00')) return { reason: 'missing_tag', tag: '00' };
  if (ids[0] !== '00') return { reason: 'misplaced_tag', tag: '00' };
  if (!ids.includes('63')) return { reason: 'missing_tag', tag: '63' };
  if (ids.at(-1) !== '63') return { reason: 'misplaced_tag', tag: '63' };
  return null;
}

function checkContent(fields: readonly EmvDataObject[]): EmvFailure | null {
  const ids = fields.map((field) => field.id);
  for (const id of MANDATORY_IDS) {
    if (!ids.includes(id)) return { reason: 'missing_tag', tag: id };
  }
  for (const field of fields) {
    const rule = PRIMITIVE_RULES[field.id];
    if (rule && (typeof field.value !== 'string' || !rule.test(field.value))) {
      return { reason: 'invalid_value', tag: field.id };
    }
    const n = Number.parseInt(field.id, 10);
    if (n >= 26 && n <= 51 && Array.isArray(field.value) && !field.value.some((inner) => inner.id === '00')) {
      return { reason: 'missing_tag', tag: `${field.id}.00` };
    }
  }
  if (!fields.some((field) => Number.parseInt(field.id, 10) >= 2 && Number.parseInt(field.id, 10) <= 51)) {
    return { reason: 'missing_merchant_account', tag: null };
  }
  return null;
}

/**
 * Reads a payload, refusing anything that is not a well-formed merchant-presented payload with a
 * right CRC. The CRC's hex digits are compared without regard to case (some issuers print them in
 * lower case); we always write upper case.
 */
export function parseEmvPayload(text: string): EmvParseResult {
  const chars = Array.from(text);
  if (chars.length > EMV_MAX_PAYLOAD_LENGTH) return fail('too_long');
  const read = readObjects(chars, null);
  if (!read.ok) return read;
  const misplaced = checkEnds(read.fields);
  if (misplaced) return { ok: false, error: misplaced };
  // The CRC before the content: a damaged print or scan is the likelier cause of a bad value.
  const crc = read.fields.at(-1)!.value as string;
  if (!/^[0-9A-Fa-f]{4}$/.test(crc)) return fail('invalid_value', '63');
  if (crcHex(chars.slice(0, -4).join('')) !== crc.toUpperCase()) return fail('wrong_crc', '63');
  const failure = checkContent(read.fields);
  if (failure) return { ok: false, error: failure };
  return { ok: true, fields: read.fields.slice(0, -1), crc: crc.toUpperCase() };
}

function encodeObjects(fields: readonly EmvDataObject[], parentPath: string | null): string {
  const parentId = parentPath === null ? null : parentPath.slice(-2);
  return fields
    .map((field) => {
      if (!/^\d\d$/.test(field.id)) throw new EmvError('bad_tag', parentPath);
      const tag = pathOf(parentPath, field.id);
      if (parentPath === null && field.id === '63') throw new EmvError('misplaced_tag', tag);
      let value: string;
      if (typeof field.value === 'string') {
        value = field.value;
      } else {
        if (!isTemplateId(field.id, parentId)) throw new EmvError('invalid_value', tag);
        value = encodeObjects(field.value, tag);
      }
      const length = Array.from(value).length;
      if (length < 1 || length > 99) throw new EmvError('bad_length', tag);
      return `${field.id}${String(length).padStart(2, '0')}${value}`;
    })
    .join('');
}

/**
 * Writes the data objects in the order given and appends the CRC (tag 63, which the caller must
 * not give). The result is read back with parseEmvPayload so that nothing we write is refused by
 * our own scanner: a missing mandatory tag or a bad value throws an EmvError.
 */
export function encodeEmvPayload(fields: readonly EmvDataObject[]): string {
  const body = `${encodeObjects(fields, null)}6304`;
  const text = `${body}${crcHex(body)}`;
  const parsed = parseEmvPayload(text);
  if (!parsed.ok) throw new EmvError(parsed.error.reason, parsed.error.tag);
  return text;
}

/** The value at a path such as "59" or "62.05": a string for a primitive, null when absent. */
export function emvValueAt(fields: readonly EmvDataObject[], path: string): string | null {
  const [id, ...rest] = path.split('.');
  const field = fields.find((candidate) => candidate.id === id);
  if (!field) return null;
  if (rest.length === 0) return typeof field.value === 'string' ? field.value : null;
  return typeof field.value === 'string' ? null : emvValueAt(field.value, rest.join('.'));
}

/** Minor units as an EMV amount ("5.00"); no floats on the way. */
export function formatEmvAmount(amountMinor: number, currency: Currency): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 1) throw new EmvError('invalid_value', '54');
  const decimals = CURRENCY_DECIMALS[currency];
  const digits = String(amountMinor).padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  if (text.length > EMV_AMOUNT_MAX_LENGTH) throw new EmvError('invalid_value', '54');
  return text;
}

/** An EMV amount ("66.66", "10", "10.5") in minor units; null when it has more decimals than the currency. */
export function parseEmvAmount(text: string, currency: Currency): number | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || !/\d/.test(text)) return null;
  const decimals = CURRENCY_DECIMALS[currency];
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  const minor =
    BigInt(match[1] || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return minor > BigInt(MAX_AMOUNT_MINOR) ? null : Number(minor);
}

const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
};

/**
 * Text for merchant name and city: printable ASCII without accents ("São Gonçalo" → "Sao Goncalo"),
 * as PIX requires and as the EMVCo common character set expects, cut to `maxLength`.
 */
export function toEmvText(text: string, maxLength: number): string {
  // NFD splits "ã" into "a" and a combining tilde, which goes with the other non-ASCII below.
  return text
    .normalize('NFD')
    .replace(/[ßæÆœŒøØđĐłŁ]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? '')
    .replace(/\s/g, ' ')
    .replace(/[^ -~]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}

const PIX_KEY_PATTERNS: readonly RegExp[] = [
  /** CPF (11 digits) or CNPJ (14 digits). */
  /^(\d{11}|\d{14})$/,
  /** Phone, +55 and the number. */
  /^\+[1-9]\d{7,14}$/,
  /** E-mail. */
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /** Random key (EVP), a UUID. */
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
];
export const PIX_KEY_MAX_LENGTH = 77;

export function isPixKey(key: string): boolean {
  return key.length <= PIX_KEY_MAX_LENGTH && PIX_KEY_PATTERNS.some((pattern) => pattern.test(key));
}

/** A PIX txid of a static code: up to 25 letters and digits ("***" stands for none). */
const PIX_TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

export interface PixPayloadInput {
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Fixed amount in centavos; absent or null lets the payer type it. */
  amountMinor?: number | null;
  txid?: string | null;
  /** Shown to the payer by their bank; cut to what fits in the template. */
  description?: string | null;
}

function requireText(text: string, tag: string): string {
  if (text.length === 0) throw new EmvError('invalid_value', tag);
  return text;
}

/** A static PIX code ("BR Code") paying BRL to a PIX key, laid out as the Banco Central manual does. */
export function buildPixPayload(input: PixPayloadInput): string {
  const key = input.key.trim();
  if (!isPixKey(key)) throw new EmvError('invalid_value', '26.01');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !PIX_TXID_PATTERN.test(txid)) throw new EmvError('invalid_value', '62.05');
  const account: EmvDataObject[] = [
    { id: '00', value: PIX_GUI },
    { id: '01', value: key },
  ];
  // The template's value is at most 99 characters: the description gets what GUI and key leave.
  const room = 99 - (4 + PIX_GUI.length) - (4 + key.length) - 4;
  const description = toEmvText(input.description ?? '', Math.max(room, 0));
  if (description) account.push({ id: '02', value: description });
  const fields: EmvDataObject[] = [
    { id: '00', value: '01' },
    { id: '26', value: account },
    { id: '52', value: EMV_UNKNOWN_CATEGORY },
    { id: '53', value: EMV_CURRENCY_NUMERIC.BRL },
  ];
  if (input.amountMinor != null) fields.push({ id: '54', value: formatEmvAmount(input.amountMinor, 'BRL') });
  fields.push(
    { id: '58', value: 'BR' },
    { id: '59', value: requireText(toEmvText(input.merchantName, EMV_MERCHANT_NAME_MAX_LENGTH), '59') },
    { id: '60', value: requireText(toEmvText(input.merchantCity, EMV_MERCHANT_CITY_MAX_LENGTH), '60') },
    { id: '62', value: [{ id: '05', value: txid }] },
  );
  return encodeEmvPayload(fields);
}

export interface TipPayloadInput {
  /** Our short link (`https://…/q/<code>`), at most 81 characters to fit its template. */
  tipLinkUrl: string;
  merchantName: string;
  merchantCity: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  currency: Currency;
  amountMinor?: number | null;
  merchantCategoryCode?: string;
}

/**
 * A payload for our own receivers in any of our currencies: the tip link sits in merchant account
 * template 26 under our GUI, so our scanner (and any EMV reader) finds it. Point of initiation 11:
 * the same code serves many payments.
 */
export function buildTipPayload(input: TipPayloadInput): string {
  const fields: EmvDataObject[] = [
    { id: '00', value: '01' },
    { id: '01', value: '11' },
    {
      id: '26',
      value: [
        { id: '00', value: ZTART_EMV_GUI },
        { id: '01', value: input.tipLinkUrl },
      ],
    },
    { id: '52', value: input.merchantCategoryCode ?? EMV_UNKNOWN_CATEGORY },
    { id: '53', value: EMV_CURRENCY_NUMERIC[input.currency] },
  ];
  if (input.amountMinor != null) {
    fields.push({ id: '54', value: formatEmvAmount(input.amountMinor, input.currency) });
  }
  fields.push(
    { id: '58', value: input.countryCode },
    { id: '59', value: requireText(toEmvText(input.merchantName, EMV_MERCHANT_NAME_MAX_LENGTH), '59') },
    { id: '60', value: requireText(toEmvText(input.merchantCity, EMV_MERCHANT_CITY_MAX_LENGTH), '60') },
  );
  return encodeEmvPayload(fields);
}

/** What a scanner needs from a parsed payload. */
export interface EmvPayment {
  merchantName: string;
  merchantCity: string;
  countryCode: string;
  currencyNumeric: string;
  /** null for a currency we do not hold. */
  currency: Currency | null;
  /** The amount as written (tag 54), null when the payer chooses it. */
  amount: string | null;
  /** In minor units when the currency is ours and the amount fits it. */
  amountMinor: number | null;
  /** Point of initiation 12: a code for one payment only. */
  singleUse: boolean;
  /** Reference label or PIX txid (62.05), "***" included as written. */
  referenceLabel: string | null;
  pix: { key: string | null; url: string | null; description: string | null } | null;
  /** The tip link of ours in a template under ZTART_EMV_GUI. */
  tipLinkUrl: string | null;
}

function accountTemplate(fields: readonly EmvDataObject[], gui: string): readonly EmvDataObject[] | null {
  for (const field of fields) {
    const n = Number.parseInt(field.id, 10);
    if (n < 26 || n > 51 || typeof field.value === 'string') continue;
    if (emvValueAt(field.value, '00')?.toLowerCase() === gui) return field.value;
  }
  return null;
}

/** Reads the fields of a payload that parseEmvPayload accepted. */
export function readEmvPayment(fields: readonly EmvDataObject[]): EmvPayment {
  const currencyNumeric = emvValueAt(fields, '53') ?? '';
  const currency = currencyOfEmvNumeric(currencyNumeric);
  const amount = emvValueAt(fields, '54');
  const pix = accountTemplate(fields, PIX_GUI);
  const ours = accountTemplate(fields, ZTART_EMV_GUI);
  return {
    merchantName: emvValueAt(fields, '59') ?? '',
    merchantCity: emvValueAt(fields, '60') ?? '',
    countryCode: emvValueAt(fields, '58') ?? '',
    currencyNumeric,
    currency,
    amount,
    amountMinor: amount !== null && currency !== null ? parseEmvAmount(amount, currency) : null,
    singleUse: emvValueAt(fields, '01') === '12',
    referenceLabel: emvValueAt(fields, '62.05'),
    pix: pix
      ? {
          key: emvValueAt(pix, '01'),
          url: emvValueAt(pix, '25'),
          description: emvValueAt(pix, '02'),
        }
      : null,
    tipLinkUrl: ours ? emvValueAt(ours, '01') : null,
  };
}

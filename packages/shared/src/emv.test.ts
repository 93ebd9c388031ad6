import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPixPayload,
  buildTipPayload,
  crc16CcittFalse,
  EMV_CURRENCY_NUMERIC,
  type EmvDataObject,
  EmvError,
  emvValueAt,
  encodeEmvPayload,
  formatEmvAmount,
  isPixKey,
  parseEmvAmount,
  parseEmvPayload,
  readEmvPayment,
  toEmvText,
} from './emv.ts';
import { CURRENCIES } from './money.ts';

/** One data object as text; the length counts characters. */
function tlv(id: string, value: string): string {
  return `${id}${String(Array.from(value).length).padStart(2, '0')}${value}`;
}

function withCrc(body: string): string {
  const text = `${body}6304`;
  return `${text}${crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0')}`;
}

function parsed(text: string): EmvDataObject[] {
  const result = parseEmvPayload(text);
  if (!result.ok) throw new Error(`refused: ${result.error.reason} at ${result.error.tag}`);
  return result.fields;
}

function refusal(text: string) {
  const result = parseEmvPayload(text);
  return result.ok ? null : result.error;
}

/**
 * Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix" (Anexo I, BR Code): the
 * static QR example for the random key 123e4567-e12b-12d1-a456-426655440000, "Fulano de Tal",
 * BRASILIA, no amount, no txid. Its CRC, 1D3D, is the one printed in the manual.
 */
const PIX_MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/**
 * EMVCo, "EMV QR Code Specification for Payment Systems: Merchant-Presented Mode" v1.1, the
 * example payload of its appendix (CRC A13A): two merchant account templates, a merchant
 * information template in Chinese (lengths count characters, the CRC runs over UTF-8 bytes), a
 * tip indicator and an additional data template. Reproduced field by field in the tests of
 * github.com/ericsalim/exemvi ("official_sample").
 */
const EMVCO_SPEC_EXAMPLE =
  '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN' +
  '5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***' +
  '0708A60086670902ME91320016A0112233449988770708123456786304A13A';

/**
 * The Pix manual's examples of section 6 (static 6.1, dynamic 6.2) as laid out field by field in
 * gist.github.com/matheusb-comp/1efa205b3c0ffd7af1e8ce63a10e02dc, with their CRCs 170E and EEAB.
 */
const PIX_MANUAL_DYNAMIC =
  '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99' +
  '5204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB';
const PIX_MANUAL_STATIC_AS_PRINTED =
  '00020126360014BR.GOV.BCB.PIX0114+5511943214321520400005303986540566.665802BR5907EMPRESA' +
  '6008BRASILIA62080503***6304170E';

/** Mastercard Developers, "Generate QR Code for Merchants" (Secure Card on File QR), CRC 6F6D. */
const MASTERCARD_SQR_EXAMPLE =
  '000201010211057704736a2f41a3-c54c-fce8-32d2-0324e1c32e22*3440e5bf-81ca-4c5f-a1b2-cf989f09a039' +
  '52045024530384054031005802US5913Test Merchant6008New York62080304123463046F6D';

/** The decoding example in github.com/phannaly/emv-qr-code's README (fields in another order), CRC A0BA. */
const PHANNALY_EXAMPLE =
  '00020101021252044131153137210116372101160123456789ABCDE6010Phnom Penh5913Merchant Shop5802KH' +
  '540510.005303840622501081234567802090124444446304A0BA';

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the catalogued check value for "123456789"', () => {
    // Greg Cook's CRC RevEng catalogue, CRC-16/IBM-3740 (alias CRC-16/CCITT-FALSE): check=0x29b1.
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crc16CcittFalse('')).toBe(0xffff);
  });

  it('gives the CRCs printed with the published payloads', () => {
    for (const payload of [
      PIX_MANUAL_STATIC,
      EMVCO_SPEC_EXAMPLE,
      PIX_MANUAL_DYNAMIC,
      PIX_MANUAL_STATIC_AS_PRINTED,
      MASTERCARD_SQR_EXAMPLE,
      PHANNALY_EXAMPLE,
    ]) {
      expect(crc16CcittFalse(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0')).toBe(
        payload.slice(-4),
      );
    }
  });
});

describe('published payloads', () => {
  it('builds the Pix manual static example exactly and reads it back', () => {
    expect(
      buildPixPayload({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(PIX_MANUAL_STATIC);

    expect(parseEmvPayload(PIX_MANUAL_STATIC)).toEqual({
      ok: true,
      crc: '1D3D',
      fields: [
        { id: '00', value: '01' },
        {
          id: '26',
          value: [
            { id: '00', value: 'br.gov.bcb.pix' },
            { id: '01', value: '123e4567-e12b-12d1-a456-426655440000' },
          ],
        },
        { id: '52', value: '0000' },
        { id: '53', value: '986' },
        { id: '58', value: 'BR' },
        { id: '59', value: 'Fulano de Tal' },
        { id: '60', value: 'BRASILIA' },
        { id: '62', value: [{ id: '05', value: '***' }] },
      ],
    });
  });

  it('reads the EMVCo specification example field by field and writes it back byte for byte', () => {
    const fields = parsed(EMVCO_SPEC_EXAMPLE);
    expect(fields).toEqual([
      { id: '00', value: '01' },
      { id: '01', value: '12' },
      {
        id: '29',
        value: [
          { id: '00', value: 'D15600000000' },
          { id: '05', value: 'A93FO3230Q' },
        ],
      },
      {
        id: '31',
        value: [
          { id: '00', value: 'D15600000001' },
          { id: '03', value: '12345678' },
        ],
      },
      { id: '52', value: '4111' },
      { id: '58', value: 'CN' },
      { id: '59', value: 'BEST TRANSPORT' },
      { id: '60', value: 'BEIJING' },
      {
        id: '64',
        value: [
          { id: '00', value: 'ZH' },
          { id: '01', value: '最佳运输' },
          { id: '02', value: '北京' },
        ],
      },
      { id: '54', value: '23.72' },
      { id: '53', value: '156' },
      { id: '55', value: '01' },
      {
        id: '62',
        value: [
          { id: '03', value: '1234' },
          { id: '06', value: '***' },
          { id: '07', value: 'A6008667' },
          { id: '09', value: 'ME' },
        ],
      },
      {
        id: '91',
        value: [
          { id: '00', value: 'A011223344998877' },
          { id: '07', value: '12345678' },
        ],
      },
    ]);
    expect(encodeEmvPayload(fields)).toBe(EMVCO_SPEC_EXAMPLE);
    // Yuan is not one of ours: the amount is kept as written, not converted.
    expect(readEmvPayment(fields)).toMatchObject({ currency: null, amount: '23.72', amountMinor: null });
  });

  it('reads the Pix manual dynamic example: a location URL instead of a key, single use', () => {
    const fields = parsed(PIX_MANUAL_DYNAMIC);
    expect(readEmvPayment(fields)).toEqual({
      merchantName: 'EMPRESA',
      merchantCity: 'SAO PAULO',
      countryCode: 'BR',
      currencyNumeric: '986',
      currency: 'BRL',
      amount: null,
      amountMinor: null,
      singleUse: true,
      referenceLabel: '***',
      pix: { key: null, url: 'pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99', description: null },
      tipLinkUrl: null,
    });
    expect(encodeEmvPayload(fields)).toBe(PIX_MANUAL_DYNAMIC);
  });

  it('refuses the Pix manual static example as printed, whose template 62 says 8 characters for 7', () => {
    // Its CRC is right for the text (see above), but the data objects do not add up.
    expect(refusal(PIX_MANUAL_STATIC_AS_PRINTED)).toEqual({ reason: 'bad_length', tag: '62' });
    // With the length corrected it reads as the manual describes it.
    const corrected = withCrc(PIX_MANUAL_STATIC_AS_PRINTED.slice(0, -8).replace('62080503', '62070503'));
    expect(readEmvPayment(parsed(corrected))).toMatchObject({
      currency: 'BRL',
      amount: '66.66',
      amountMinor: 6666,
      pix: { key: '+5511943214321', url: null, description: null },
    });
  });

  it('reads card network examples with primitive merchant accounts and any field order', () => {
    const mastercard = parsed(MASTERCARD_SQR_EXAMPLE);
    expect(emvValueAt(mastercard, '05')).toHaveLength(77);
    expect(readEmvPayment(mastercard)).toMatchObject({
      merchantName: 'Test Merchant',
      merchantCity: 'New York',
      currency: 'USD',
      amount: '100',
      amountMinor: 10_000,
      referenceLabel: null,
    });
    expect(emvValueAt(mastercard, '62.03')).toBe('1234');
    expect(encodeEmvPayload(mastercard)).toBe(MASTERCARD_SQR_EXAMPLE);

    const reordered = parsed(PHANNALY_EXAMPLE);
    expect(reordered.map((field) => field.id)).toEqual([
      '00',
      '01',
      '52',
      '15',
      '60',
      '59',
      '58',
      '54',
      '53',
      '62',
    ]);
    expect(readEmvPayment(reordered)).toMatchObject({
      merchantName: 'Merchant Shop',
      merchantCity: 'Phnom Penh',
      countryCode: 'KH',
      currency: 'USD',
      amountMinor: 1000,
      singleUse: true,
    });
    expect(encodeEmvPayload(reordered)).toBe(PHANNALY_EXAMPLE);
  });
});

describe('parseEmvPayload refuses', () => {
  const account = tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', '+5511943214321'));
  const parts = {
    '00': tlv('00', '01'),
    '26': account,
    '52': tlv('52', '0000'),
    '53': tlv('53', '986'),
    '58': tlv('58', 'BR'),
    '59': tlv('59', 'Fulano de Tal'),
    '60': tlv('60', 'BRASILIA'),
    '62': tlv('62', tlv('05', '***')),
  };
  // Object keys such as '26' would be enumerated before '00', so the order is spelled out.
  const order = ['00', '26', '52', '53', '58', '59', '60', '62'] as const;
  const body = (omit: string[] = []) =>
    order
      .filter((id) => !omit.includes(id))
      .map((id) => [id, parts[id]] as const)
      .map(([, text]) => text)
      .join('');

  it('nothing that is well formed (the base of the cases below)', () => {
    expect(parseEmvPayload(withCrc(body())).ok).toBe(true);
  });

  it('a wrong CRC: another checksum, or any changed character under it', () => {
    expect(refusal(`${PIX_MANUAL_STATIC.slice(0, -4)}1D3E`)).toEqual({ reason: 'wrong_crc', tag: '63' });
    expect(refusal(PIX_MANUAL_STATIC.replace('Fulano', 'Fulana'))).toEqual({
      reason: 'wrong_crc',
      tag: '63',
    });
    // A damaged value is reported as damage, not as a malformed currency.
    expect(refusal(PIX_MANUAL_STATIC.replace('5303986', '530398X'))).toEqual({
      reason: 'wrong_crc',
      tag: '63',
    });
    expect(refusal(`${PIX_MANUAL_STATIC.slice(0, -4)}1D3`)).toEqual({ reason: 'bad_length', tag: '63' });
    expect(refusal(`${PIX_MANUAL_STATIC.slice(0, -4)}1D3G`)).toEqual({ reason: 'invalid_value', tag: '63' });
  });

  it('takes a lower-case CRC that is right', () => {
    expect(parseEmvPayload(`${PIX_MANUAL_STATIC.slice(0, -4)}1d3d`).ok).toBe(true);
  });

  it('a duplicated tag, at the top or inside a template', () => {
    expect(refusal(withCrc(body() + tlv('58', 'BR')))).toEqual({ reason: 'duplicate_tag', tag: '58' });
    const twoKeys = tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', 'a@b.co') + tlv('01', 'c@d.co'));
    expect(refusal(withCrc(body().replace(account, twoKeys)))).toEqual({
      reason: 'duplicate_tag',
      tag: '26.01',
    });
    const twoTxids = tlv('62', tlv('05', '***') + tlv('05', 'ABC'));
    expect(refusal(withCrc(body().replace(parts['62'], twoTxids)))).toEqual({
      reason: 'duplicate_tag',
      tag: '62.05',
    });
  });

  it('a bad length: not digits, zero, or past the end', () => {
    expect(refusal(withCrc(`${body()}5x02AB`))).toEqual({ reason: 'bad_tag', tag: null });
    expect(refusal(withCrc(`${body()}550x01`))).toEqual({ reason: 'bad_length', tag: '55' });
    expect(refusal(withCrc(`${body()}5500`))).toEqual({ reason: 'bad_length', tag: '55' });
    expect(refusal(`${body()}6304`)).toEqual({ reason: 'bad_length', tag: '63' });
    expect(refusal(withCrc(body()).replace('5913Fulano', '5999Fulano'))).toMatchObject({
      reason: 'bad_length',
    });
  });

  it.each(['52', '53', '58', '59', '60'])('a missing mandatory tag %s', (id) => {
    expect(refusal(withCrc(body([id])))).toEqual({ reason: 'missing_tag', tag: id });
  });

  it('a payload format indicator that is missing, not first or not "01"', () => {
    expect(refusal(withCrc(body(['00'])))).toEqual({ reason: 'missing_tag', tag: '00' });
    expect(refusal(withCrc(body(['00']) + parts['00']))).toEqual({ reason: 'misplaced_tag', tag: '00' });
    expect(refusal(withCrc(body().replace('000201', '000202')))).toEqual({
      reason: 'invalid_value',
      tag: '00',
    });
  });

  it('a CRC that is missing or not last', () => {
    expect(refusal(body())).toEqual({ reason: 'missing_tag', tag: '63' });
    expect(refusal(`${withCrc(body())}${tlv('55', '01')}`)).toEqual({ reason: 'misplaced_tag', tag: '63' });
  });

  it('mandatory values out of shape', () => {
    expect(refusal(withCrc(body().replace('5303986', '530398X')))).toEqual({
      reason: 'invalid_value',
      tag: '53',
    });
    expect(refusal(withCrc(body().replace('5802BR', '5802br')))).toEqual({
      reason: 'invalid_value',
      tag: '58',
    });
    const longName = tlv('59', 'A'.repeat(26));
    expect(refusal(withCrc(body().replace(parts['59'], longName)))).toEqual({
      reason: 'invalid_value',
      tag: '59',
    });
    const longCity = tlv('60', 'B'.repeat(16));
    expect(refusal(withCrc(body().replace(parts['60'], longCity)))).toEqual({
      reason: 'invalid_value',
      tag: '60',
    });
    expect(refusal(withCrc(body() + tlv('54', '1,50')))).toEqual({ reason: 'invalid_value', tag: '54' });
  });

  it('no merchant account, or a merchant account template without its identifier', () => {
    expect(refusal(withCrc(body(['26'])))).toEqual({ reason: 'missing_merchant_account', tag: null });
    const noGui = tlv('26', tlv('01', '+5511943214321'));
    expect(refusal(withCrc(body().replace(account, noGui)))).toEqual({ reason: 'missing_tag', tag: '26.00' });
  });

  it('more than 512 characters, and anything at all without throwing', () => {
    expect(refusal(`${'0'.repeat(513)}`)).toEqual({ reason: 'too_long', tag: null });
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        expect(typeof parseEmvPayload(text).ok).toBe('boolean');
      }),
    );
  });
});

describe('encodeEmvPayload', () => {
  const minimal: EmvDataObject[] = [
    { id: '00', value: '01' },
    { id: '02', value: '4111111111111111' },
    { id: '52', value: '5812' },
    { id: '53', value: '840' },
    { id: '58', value: 'US' },
    { id: '59', value: 'Leo' },
    { id: '60', value: 'Austin' },
  ];

  it('writes the CRC itself and refuses one given to it', () => {
    expect(encodeEmvPayload(minimal)).toMatch(/6304[0-9A-F]{4}$/);
    expect(() => encodeEmvPayload([...minimal, { id: '63', value: 'ABCD' }])).toThrow(EmvError);
  });

  it('refuses what a scanner would refuse, naming the reason', () => {
    const attempt = (fields: EmvDataObject[]) => {
      try {
        encodeEmvPayload(fields);
        return null;
      } catch (error) {
        return error instanceof EmvError ? { reason: error.reason, tag: error.tag } : error;
      }
    };
    expect(attempt(minimal.filter((field) => field.id !== '59'))).toEqual({
      reason: 'missing_tag',
      tag: '59',
    });
    expect(attempt([...minimal, { id: '58', value: 'CA' }])).toEqual({ reason: 'duplicate_tag', tag: '58' });
    expect(attempt([...minimal, { id: '55', value: 'x'.repeat(100) }])).toEqual({
      reason: 'bad_length',
      tag: '55',
    });
    expect(attempt([...minimal, { id: '55', value: '' }])).toEqual({ reason: 'bad_length', tag: '55' });
    expect(attempt([...minimal, { id: '55', value: [{ id: '00', value: 'x' }] }])).toEqual({
      reason: 'invalid_value',
      tag: '55',
    });
    expect(attempt([...minimal, { id: '5', value: 'x' }])).toEqual({ reason: 'bad_tag', tag: null });
  });
});

describe('PIX profile', () => {
  it('writes name and city in plain ASCII within 25 and 15 characters, with amount and txid', () => {
    const payload = buildPixPayload({
      key: 'maria@example.com',
      merchantName: 'Maria Conceição Gonçalves Araújo',
      merchantCity: 'São Gonçalo do Rio Abaixo',
      amountMinor: 500,
      txid: 'TIP2026',
      description: 'Gorjeta no café',
    });
    const fields = parsed(payload);
    expect(emvValueAt(fields, '59')).toBe('Maria Conceicao Goncalves');
    expect(emvValueAt(fields, '60')).toBe('Sao Goncalo do');
    expect(emvValueAt(fields, '54')).toBe('5.00');
    expect(emvValueAt(fields, '62.05')).toBe('TIP2026');
    expect(emvValueAt(fields, '26.02')).toBe('Gorjeta no cafe');
    expect(readEmvPayment(fields)).toMatchObject({
      currency: 'BRL',
      amountMinor: 500,
      pix: { key: 'maria@example.com' },
    });
  });

  it('cuts the description to what fits in the 99 characters of the account template', () => {
    const key = `${'k'.repeat(60)}@example.com`;
    const fields = parsed(
      buildPixPayload({ key, merchantName: 'Ana', merchantCity: 'Recife', description: 'x'.repeat(80) }),
    );
    const template = fields.find((field) => field.id === '26')!.value as EmvDataObject[];
    const templateLength = template.reduce((sum, inner) => sum + 4 + (inner.value as string).length, 0);
    expect(templateLength).toBe(99);
  });

  it('refuses a key that is no PIX key, a txid with other characters and a name with no letters left', () => {
    const base = { key: '12345678901', merchantName: 'Ana', merchantCity: 'Recife' };
    expect(() => buildPixPayload(base)).not.toThrow();
    expect(() => buildPixPayload({ ...base, key: 'not a key' })).toThrow(EmvError);
    expect(() => buildPixPayload({ ...base, txid: 'tip-2026' })).toThrow(EmvError);
    expect(() => buildPixPayload({ ...base, txid: 'T'.repeat(26) })).toThrow(EmvError);
    expect(() => buildPixPayload({ ...base, merchantName: '最佳' })).toThrow(EmvError);
    expect(() => buildPixPayload({ ...base, amountMinor: 0 })).toThrow(EmvError);
  });

  it('knows the five kinds of PIX key', () => {
    expect(isPixKey('12345678901')).toBe(true);
    expect(isPixKey('12345678000195')).toBe(true);
    expect(isPixKey('+5561912345678')).toBe(true);
    expect(isPixKey('fulano@example.com')).toBe(true);
    expect(isPixKey('123e4567-e12b-12d1-a456-426655440000')).toBe(true);
    expect(isPixKey('1234')).toBe(false);
    expect(isPixKey('5561912345678')).toBe(false);
    expect(isPixKey(`${'a'.repeat(70)}@example.com`)).toBe(false);
  });

  it('turns accents and letters without decomposition into ASCII', () => {
    expect(toEmvText('  Straße   Øresund  Łódź ', 25)).toBe('Strasse Oresund Lodz');
    expect(toEmvText('Café\u00a0☕ Brasília', 25)).toBe('Cafe Brasilia');
  });
});

describe('our tip profile', () => {
  it('carries the tip link under our GUI with the ISO 4217 numeric currency', () => {
    for (const [currency, numeric] of [
      ['USD', '840'],
      ['EUR', '978'],
      ['BRL', '986'],
      ['MXN', '484'],
    ] as const) {
      expect(EMV_CURRENCY_NUMERIC[currency]).toBe(numeric);
      const payload = buildTipPayload({
        tipLinkUrl: 'https://tips.example.com/q/Ab3dE5gH',
        merchantName: 'Léo Guitar',
        merchantCity: 'Montréal',
        countryCode: 'CA',
        currency,
        amountMinor: 1234,
      });
      expect(emvValueAt(parsed(payload), '53')).toBe(numeric);
      expect(readEmvPayment(parsed(payload))).toMatchObject({
        tipLinkUrl: 'https://tips.example.com/q/Ab3dE5gH',
        merchantName: 'Leo Guitar',
        merchantCity: 'Montreal',
        currency,
        amount: '12.34',
        amountMinor: 1234,
        singleUse: false,
        pix: null,
      });
    }
  });

  it('leaves the amount to the payer when none is fixed; refuses a link too long for its template', () => {
    const input = {
      tipLinkUrl: 'https://tips.example.com/q/Ab3dE5gH',
      merchantName: 'Leo',
      merchantCity: 'Austin',
      countryCode: 'US',
      currency: 'USD' as const,
    };
    expect(readEmvPayment(parsed(buildTipPayload(input))).amountMinor).toBeNull();
    expect(() => buildTipPayload({ ...input, tipLinkUrl: `https://${'a'.repeat(80)}.com/q/x` })).toThrow(
      EmvError,
    );
    expect(() => buildTipPayload({ ...input, countryCode: 'usa' })).toThrow(EmvError);
  });
});

describe('amounts', () => {
  it('are written from minor units with the currency decimals and read back without floats', () => {
    expect(formatEmvAmount(1, 'USD')).toBe('0.01');
    expect(formatEmvAmount(500, 'BRL')).toBe('5.00');
    expect(formatEmvAmount(123456789, 'EUR')).toBe('1234567.89');
    expect(parseEmvAmount('66.66', 'BRL')).toBe(6666);
    expect(parseEmvAmount('10', 'USD')).toBe(1000);
    expect(parseEmvAmount('10.5', 'USD')).toBe(1050);
    expect(parseEmvAmount('0.1', 'USD')).toBe(10);
    expect(parseEmvAmount('1.005', 'USD')).toBeNull();
    expect(parseEmvAmount('.', 'USD')).toBeNull();
    expect(() => formatEmvAmount(10 ** 13, 'USD')).toThrow(EmvError);
  });

  it('round-trip for every amount that fits in 13 characters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999_999_999 }),
        fc.constantFrom(...CURRENCIES),
        (minor, currency) => {
          expect(parseEmvAmount(formatEmvAmount(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });
});

describe('round trips (property)', () => {
  const characters = [
    ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .-*@/:',
    'ã',
    'é',
    '北',
    '☕',
    '😀',
  ];
  const text = (maxLength: number) =>
    fc.string({ unit: fc.constantFrom(...characters), minLength: 1, maxLength });
  const digits = (length: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
  const subObjects = (ids: fc.Arbitrary<number>, maxCount: number, maxLength: number) =>
    fc
      .uniqueArray(ids, { maxLength: maxCount })
      .chain((chosen) =>
        fc.tuple(...chosen.map((id) => text(maxLength).map((value) => ({ id: pad(id), value })))),
      );
  const pad = (id: number) => String(id).padStart(2, '0');

  const accountTemplate = (id: number) =>
    fc
      .tuple(text(16), subObjects(fc.integer({ min: 1, max: 99 }), 2, 20))
      .map(([gui, rest]) => ({ id: pad(id), value: [{ id: '00', value: gui }, ...rest] }));

  const payloadFields: fc.Arbitrary<EmvDataObject[]> = fc
    .record({
      initiation: fc.option(fc.constantFrom('11', '12'), { nil: undefined }),
      accounts: fc
        .uniqueArray(fc.integer({ min: 26, max: 51 }), { minLength: 1, maxLength: 3 })
        .chain((ids) => fc.tuple(...ids.map(accountTemplate))),
      category: digits(4),
      currency: digits(3),
      amount: fc.option(
        fc.integer({ min: 1, max: 999_999_999 }).map((minor) => formatEmvAmount(minor, 'USD')),
        { nil: undefined },
      ),
      country: fc.string({
        unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        minLength: 2,
        maxLength: 2,
      }),
      name: text(25),
      city: text(15),
      additional: fc.option(subObjects(fc.integer({ min: 1, max: 49 }), 3, 15), { nil: undefined }),
    })
    .chain((parts) => {
      const middle: EmvDataObject[] = [
        ...parts.accounts,
        { id: '52', value: parts.category },
        { id: '53', value: parts.currency },
        { id: '58', value: parts.country },
        { id: '59', value: parts.name },
        { id: '60', value: parts.city },
      ];
      if (parts.amount) middle.push({ id: '54', value: parts.amount });
      if (parts.additional && parts.additional.length > 0) middle.push({ id: '62', value: parts.additional });
      const head: EmvDataObject[] = [{ id: '00', value: '01' }];
      if (parts.initiation) head.push({ id: '01', value: parts.initiation });
      // Apart from 00 first and 63 last, data objects may come in any order.
      return fc
        .shuffledSubarray(middle, { minLength: middle.length, maxLength: middle.length })
        .map((shuffled) => [...head, ...shuffled]);
    });

  it('parse(encode(fields)) gives the fields back, and encode(parse(text)) the same text', () => {
    fc.assert(
      fc.property(payloadFields, (fields) => {
        const text = encodeEmvPayload(fields);
        const result = parseEmvPayload(text);
        expect(result).toEqual({ ok: true, fields, crc: text.slice(-4) });
        expect(encodeEmvPayload(parsed(text))).toBe(text);
      }),
    );
  });

  it('any one changed character of a payload is refused', () => {
    const mutation = payloadFields.chain((fields) => {
      const chars = Array.from(encodeEmvPayload(fields));
      // Only ASCII positions: a one-byte change is a burst the CRC always catches.
      const asciiPositions = chars.flatMap((char, at) => (char.length === 1 && char < '\u0080' ? [at] : []));
      return fc.tuple(
        fc.constant(chars),
        fc.constantFrom(...asciiPositions),
        fc.constantFrom(...'0123456789ABCDEFXYZ*.'),
      );
    });
    fc.assert(
      fc.property(mutation, ([chars, at, replacement]) => {
        fc.pre(chars[at]!.toUpperCase() !== replacement);
        const changed = [...chars];
        changed[at] = replacement;
        expect(parseEmvPayload(changed.join('')).ok).toBe(false);
      }),
    );
  });

  it('a tip payload reads back the amount, currency and link it was made with', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.option(fc.integer({ min: 1, max: 1_000_000_000 }), { nil: null }),
        fc.string({
          unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'),
          minLength: 6,
          maxLength: 16,
        }),
        (currency, amountMinor, code) => {
          const tipLinkUrl = `https://tips.example.com/q/${code}`;
          const payment = readEmvPayment(
            parsed(
              buildTipPayload({
                tipLinkUrl,
                merchantName: 'Leo',
                merchantCity: 'Austin',
                countryCode: 'US',
                currency,
                amountMinor,
              }),
            ),
          );
          expect(payment).toMatchObject({ currency, amountMinor, tipLinkUrl });
        },
      ),
    );
  });
});

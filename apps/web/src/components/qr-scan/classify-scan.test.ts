import { buildPixPayload, buildTipPayload } from '@ztart/shared/emv';
import { describe, expect, it } from 'vitest';
import { classifyScan } from '@/components/qr-scan/classify-scan';

const ORIGIN = 'https://tips.example.com';
const ORIGINS = [ORIGIN];

/** The static example of Banco Central do Brasil's PIX manual, with its printed CRC 1D3D. */
const PIX_MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';

function ourEmv(link: string, amountMinor: number | null = null): string {
  return buildTipPayload({
    tipLinkUrl: link,
    merchantName: 'Maria Santos',
    merchantCity: 'Lisboa',
    countryCode: 'PT',
    currency: 'EUR',
    amountMinor,
  });
}

describe('what a scanned QR code leads to', () => {
  it('a short link of ours opens its /q page', () => {
    expect(classifyScan(`${ORIGIN}/q/Ab3dE6gH`, ORIGINS)).toEqual({
      kind: 'short_link',
      url: `${ORIGIN}/q/Ab3dE6gH`,
      value: 'Ab3dE6gH',
      viaEmv: false,
    });
  });

  it('a tip link of ours opens the quick-tip page, in both of its forms', () => {
    expect(classifyScan(`${ORIGIN}/quick-tip?to=maria_waits`, ORIGINS)).toMatchObject({
      kind: 'tip_link',
      value: 'maria_waits',
    });
    expect(classifyScan(`  ${ORIGIN}/@Maria_Waits\n`, ORIGINS)).toMatchObject({
      kind: 'tip_link',
      url: `${ORIGIN}/@Maria_Waits`,
      value: 'maria_waits',
    });
  });

  it('the same paths on another site are not ours and are never followed', () => {
    expect(classifyScan('https://evil.example/q/Ab3dE6gH', ORIGINS)).toEqual({
      kind: 'invalid',
      reason: 'not_ours',
    });
    expect(classifyScan('http://tips.example.com/q/Ab3dE6gH', ORIGINS)).toMatchObject({ kind: 'invalid' });
  });

  it('our own pages that are not links to tip are refused', () => {
    for (const text of [
      `${ORIGIN}/wallet`,
      `${ORIGIN}/q/ab`,
      `${ORIGIN}/q/Ab3dE6gH/extra`,
      `${ORIGIN}/quick-tip`,
      `${ORIGIN}/quick-tip?to=no`,
      `${ORIGIN}/@x`,
    ]) {
      expect(classifyScan(text, ORIGINS), text).toMatchObject({ kind: 'invalid', reason: 'not_ours' });
    }
  });

  it('an EMV payload of ours leads to the link inside it', () => {
    const payload = ourEmv(`${ORIGIN}/q/Ab3dE6gH`, 500);
    expect(classifyScan(payload, ORIGINS)).toEqual({
      kind: 'short_link',
      url: `${ORIGIN}/q/Ab3dE6gH`,
      value: 'Ab3dE6gH',
      viaEmv: true,
    });
  });

  it("an EMV payload under our identifier but with someone else's link is refused", () => {
    expect(classifyScan(ourEmv('https://evil.example/q/Ab3dE6gH'), ORIGINS)).toEqual({
      kind: 'invalid',
      reason: 'not_ours',
    });
  });

  it("a PIX code shows the key, amount and receiver's name", () => {
    expect(classifyScan(PIX_MANUAL_STATIC, ORIGINS)).toEqual({
      kind: 'pix',
      payload: PIX_MANUAL_STATIC,
      key: '123e4567-e12b-12d1-a456-426655440000',
      url: null,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      currency: 'BRL',
      amountMinor: null,
      description: null,
    });
    const withAmount = buildPixPayload({
      key: 'maria@example.com',
      merchantName: 'Maria Santos',
      merchantCity: 'Sao Paulo',
      amountMinor: 1250,
    });
    expect(classifyScan(withAmount, ORIGINS)).toMatchObject({
      kind: 'pix',
      key: 'maria@example.com',
      amountMinor: 1250,
      currency: 'BRL',
    });
  });

  it('a payload with a wrong CRC is refused, even by one digit', () => {
    const damaged = `${PIX_MANUAL_STATIC.slice(0, -4)}1D3E`;
    expect(classifyScan(damaged, ORIGINS)).toEqual({ kind: 'invalid', reason: 'wrong_crc' });
    const ours = ourEmv(`${ORIGIN}/q/Ab3dE6gH`);
    const flipped = ours.replace('Ab3dE6gH', 'Ab3dE6gX');
    expect(classifyScan(flipped, ORIGINS)).toEqual({ kind: 'invalid', reason: 'wrong_crc' });
  });

  it('an EMV payment code of another scheme is not supported', () => {
    const mastercard =
      '000201010211057704736a2f41a3-c54c-fce8-32d2-0324e1c32e22*3440e5bf-81ca-4c5f-a1b2-cf989f09a039' +
      '52045024530384054031005802US5913Test Merchant6008New York62080304123463046F6D';
    expect(classifyScan(mastercard, ORIGINS)).toEqual({ kind: 'invalid', reason: 'unsupported_payload' });
  });

  it('garbage, plain text and empty codes are refused', () => {
    expect(classifyScan('', ORIGINS)).toEqual({ kind: 'invalid', reason: 'empty' });
    expect(classifyScan('hello world', ORIGINS)).toEqual({ kind: 'invalid', reason: 'not_ours' });
    expect(classifyScan('WIFI:S:cafe;T:WPA;P:secret;;', ORIGINS)).toMatchObject({ kind: 'invalid' });
    expect(classifyScan('000201garbage', ORIGINS)).toMatchObject({ kind: 'invalid' });
    expect(classifyScan('x'.repeat(5000), ORIGINS)).toEqual({ kind: 'invalid', reason: 'too_long' });
  });
});

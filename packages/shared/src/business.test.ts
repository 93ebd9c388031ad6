import { describe, expect, it } from 'vitest';
import { BUSINESS_LIMITS, qrCodeLimitFor } from './business.ts';
import { QR_CODES_MAX_PER_USER } from './contracts/qr-codes.ts';
import { USER_LEVELS } from './roles.ts';

describe('how many QR codes a person may keep', () => {
  it('gives the owner of a business the spec §9 figure of their level', () => {
    expect(qrCodeLimitFor('business', true)).toBe(50);
    expect(qrCodeLimitFor('enterprise', true)).toBe(200);
    expect(qrCodeLimitFor('enterprise', true)).toBe(BUSINESS_LIMITS.enterprise.qrCodes);
  });

  it('gives a business level without a business the personal limit, as before businesses exist', () => {
    expect(qrCodeLimitFor('business', false)).toBe(QR_CODES_MAX_PER_USER);
    expect(qrCodeLimitFor('enterprise', false)).toBe(QR_CODES_MAX_PER_USER);
  });

  it.each(USER_LEVELS.filter((level) => level !== 'business' && level !== 'enterprise'))(
    'never refuses a %s person their personal QR codes, even with a business (§9 "others" is 0)',
    (level) => {
      expect(qrCodeLimitFor(level, false)).toBe(QR_CODES_MAX_PER_USER);
      expect(qrCodeLimitFor(level, true)).toBe(QR_CODES_MAX_PER_USER);
    },
  );

  it('treats an unknown level like a person without a business level', () => {
    expect(qrCodeLimitFor(null, true)).toBe(QR_CODES_MAX_PER_USER);
    expect(qrCodeLimitFor(undefined, false)).toBe(QR_CODES_MAX_PER_USER);
  });
});

import { describe, expect, it } from 'vitest';
import { isVerified } from './roles.ts';

describe('isVerified', () => {
  it('needs both the email and the phone verified', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(isVerified({ emailVerifiedAt: at, phoneVerifiedAt: at })).toBe(true);
    expect(isVerified({ emailVerifiedAt: at.toISOString(), phoneVerifiedAt: at.toISOString() })).toBe(true);
    expect(isVerified({ emailVerifiedAt: at, phoneVerifiedAt: null })).toBe(false);
    expect(isVerified({ emailVerifiedAt: null, phoneVerifiedAt: at })).toBe(false);
    expect(isVerified({ emailVerifiedAt: undefined, phoneVerifiedAt: undefined })).toBe(false);
  });
});

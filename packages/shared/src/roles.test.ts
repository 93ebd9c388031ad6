import { describe, expect, it } from 'vitest';
import { canEnter, isVerified, metaDashboardAccess } from './roles.ts';

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

describe('metaDashboardAccess', () => {
  it('answers admin, then product for roles with admin-area access, then business levels, else none', () => {
    expect(metaDashboardAccess({ roles: ['user', 'admin'], userLevel: 'standard' }).accessLevel).toBe(
      'admin',
    );
    expect(metaDashboardAccess({ roles: ['user', 'expert'], userLevel: 'business' }).accessLevel).toBe(
      'product',
    );
    expect(metaDashboardAccess({ roles: ['pro'], userLevel: 'standard' }).accessLevel).toBe('product');
    expect(metaDashboardAccess({ roles: ['user'], userLevel: 'enterprise' }).accessLevel).toBe('business');
    expect(metaDashboardAccess({ roles: ['user'], userLevel: 'premium' })).toEqual({
      hasAccess: false,
      accessLevel: null,
      permissions: [],
    });
    expect(canEnter('metaDashboard', { roles: ['pro'], userLevel: 'standard' })).toBe(true);
    expect(canEnter('metaDashboard', { roles: ['user'], userLevel: 'standard' })).toBe(false);
  });
});

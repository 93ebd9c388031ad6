import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.ts';

function databaseError(code: string, constraint?: string): Error {
  return Object.assign(new Error('database said no'), { code, constraint });
}

describe('database errors', () => {
  it('finds a unique violation through the wrapping error', () => {
    const wrapped = new Error('query failed', { cause: databaseError('23505', 'users_email_unique') });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(wrapped, 'other')).toBe(false);
  });

  it('tells a full pool or an unreachable server from a failed query', () => {
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: databaseError('53300') }))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(databaseError('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});

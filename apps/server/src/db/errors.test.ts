import { describe, expect, it } from 'vitest';
import {
  isConnectionLost,
  isDatabaseUnavailable,
  isRejectedByDatabase,
  isUniqueViolation,
} from './errors.ts';

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

  it('tells what PostgreSQL refused (rolled back, safe to run again) from a lost connection (perhaps committed)', () => {
    const wrapped = (cause: Error) => new Error('Failed query: SELECT ledger_movement(...)', { cause });
    // Refused by PostgreSQL: a deadlock, a serialization failure, a constraint, a query error.
    for (const code of ['40P01', '40001', '23505', '23514', '42883', 'P0001']) {
      expect(isRejectedByDatabase(wrapped(databaseError(code))), code).toBe(true);
    }
    // The connection went, or the server process ended: the COMMIT may have gone through.
    const lost = [
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      databaseError('57P01'),
      databaseError('08006'),
    ];
    for (const error of lost) {
      expect(isConnectionLost(wrapped(error)), error.message).toBe(true);
      expect(isRejectedByDatabase(wrapped(error)), error.message).toBe(false);
    }
    // An error of our own after the statement ran: not refused by the database either.
    expect(isRejectedByDatabase(new Error('ledger_movement answered no row'))).toBe(false);
    expect(isConnectionLost(databaseError('23505'))).toBe(false);
  });
});

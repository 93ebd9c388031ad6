import { describe, expect, it } from 'vitest';
import { isTransientConflict, retryTransientConflicts } from './retry.ts';

/** What Drizzle throws: its own error with the driver's error, carrying the SQLSTATE, as the cause. */
function databaseError(code: string): Error {
  return new Error('Failed query', { cause: Object.assign(new Error('driver error'), { code }) });
}

describe('retrying transient database conflicts', () => {
  it('recognises deadlocks and serialization failures only', () => {
    expect(isTransientConflict(databaseError('40P01'))).toBe(true);
    expect(isTransientConflict(databaseError('40001'))).toBe(true);
    expect(isTransientConflict(databaseError('23505'))).toBe(false);
    expect(isTransientConflict(new Error('no code'))).toBe(false);
  });

  it('runs the work again after a deadlock or a serialization failure, and answers its result', async () => {
    const failures = [databaseError('40P01'), databaseError('40001')];
    let runs = 0;
    const retried: number[] = [];

    const result = await retryTransientConflicts(
      async () => {
        runs += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return 'moved once';
      },
      { onRetry: (_error, attempt) => retried.push(attempt) },
    );

    expect(result).toBe('moved once');
    expect(runs).toBe(3);
    expect(retried).toEqual([1, 2]);
  });

  it('gives up after the last attempt and does not retry other errors', async () => {
    let runs = 0;
    const deadlock = databaseError('40P01');
    await expect(
      retryTransientConflicts(
        async () => {
          runs += 1;
          throw deadlock;
        },
        { attempts: 3 },
      ),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(3);

    runs = 0;
    const unique = databaseError('23505');
    await expect(
      retryTransientConflicts(async () => {
        runs += 1;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { Batcher, QueueFullError } from './batcher.ts';

/** Room enough for every test that is not about the bound; a read that may always run again. */
const ROOMY = { maxQueued: 1_000, runsAgainAfter: () => true };

/** A batch runner that records each batch and answers when the test lets it. */
function recordingRunner(answer: (items: number[]) => number[] = (items) => items.map((item) => item * 10)) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((release) => releases.push(release));
    return answer(items);
  };
  /** Lets every batch finish, and the batches that start after them too. */
  const releaseAll = async () => {
    do {
      while (releases.length > 0) releases.shift()?.();
      await settled();
      await settled();
    } while (releases.length > 0);
  };
  return { run, batches, releases, releaseAll };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit (Batcher)', () => {
  it('runs a request at once when nothing else is running: a batch of one', async () => {
    const runner = recordingRunner();
    const batcher = new Batcher({ ...ROOMY, run: runner.run, maxBatchSize: 8, maxInFlight: 1 });
    const outcome = batcher.submit(1);
    await settled();
    expect(runner.batches).toEqual([[1]]);
    runner.releases.shift()?.();
    expect(await outcome).toBe(10);
  });

  it('gathers the requests that arrive while a batch runs into the next one, up to the largest size', async () => {
    const runner = recordingRunner();
    const batcher = new Batcher({ ...ROOMY, run: runner.run, maxBatchSize: 3, maxInFlight: 1 });
    const first = batcher.submit(1);
    await settled();
    const later = [2, 3, 4, 5, 6].map((item) => batcher.submit(item));
    await settled();
    expect(runner.batches).toEqual([[1]]);

    await runner.releaseAll();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40, 50, 60]);
    expect(runner.batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('sends the next batch before handing out the outcomes of the one that finished', async () => {
    const runner = recordingRunner();
    const batcher = new Batcher({ ...ROOMY, run: runner.run, maxBatchSize: 8, maxInFlight: 1 });
    const first = batcher.submit(1);
    await settled();
    const waiting = [batcher.submit(2), batcher.submit(3)];
    await settled();

    runner.releases.shift()?.();
    expect(await first).toBe(10);
    expect(runner.batches).toEqual([[1], [2, 3]]);

    await runner.releaseAll();
    expect(await Promise.all(waiting)).toEqual([20, 30]);
  });

  it('never runs more batches at once than allowed', async () => {
    let running = 0;
    let most = 0;
    const batcher = new Batcher<number, number>({
      ...ROOMY,
      run: async (items) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running -= 1;
        return items;
      },
      maxBatchSize: 2,
      maxInFlight: 2,
    });
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => batcher.submit(i)));
    expect(outcomes).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(2);
  });

  it('runs each request of a failed batch again alone, so that only the one that cannot succeed fails', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>({
      ...ROOMY,
      run: async (items) => {
        batches.push(items);
        if (items.includes(13)) throw new Error(`cannot take ${items.join(', ')}`);
        return items.map((item) => item + 1);
      },
      maxBatchSize: 8,
      maxInFlight: 1,
    });
    const outcomes = [12, 13, 14].map((item) =>
      batcher.submit(item).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );

    expect(await Promise.all(outcomes)).toEqual([{ value: 13 }, { error: 'cannot take 13' }, { value: 15 }]);
    expect(batches).toEqual([[12, 13, 14], [12], [13], [14]]);
  });

  it('refuses a runner that answers for the wrong number of requests', async () => {
    const batcher = new Batcher<number, number>({
      ...ROOMY,
      run: async () => [],
      maxBatchSize: 4,
      maxInFlight: 1,
    });
    await expect(batcher.submit(1)).rejects.toThrow(/wrong number/);
  });

  it('does not run the requests of a batch again when it failed without the database refusing it', async () => {
    // A connection lost after COMMIT: the batch may have been kept, so running it again could apply it twice.
    const batches: number[][] = [];
    const lost = new Error('Connection terminated unexpectedly');
    const batcher = new Batcher<number, number>({
      run: async (items) => {
        batches.push(items);
        throw lost;
      },
      maxBatchSize: 8,
      maxInFlight: 1,
      maxQueued: 100,
      runsAgainAfter: (error) => error !== lost,
    });
    const outcomes = [1, 2, 3].map((item) => batcher.submit(item).catch((error: unknown) => error));

    expect(await Promise.all(outcomes)).toEqual([lost, lost, lost]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('refuses a request at once when its queue is full, and runs none of it', async () => {
    const runner = recordingRunner();
    const batcher = new Batcher({
      run: runner.run,
      maxBatchSize: 8,
      maxInFlight: 1,
      maxQueued: 2,
      runsAgainAfter: () => true,
    });
    const running = batcher.submit(1);
    await settled();
    const queued = [batcher.submit(2), batcher.submit(3)];
    const refused = batcher.submit(4);

    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 1 });
    await runner.releaseAll();
    expect(await running).toBe(10);
    expect(await Promise.all(queued)).toEqual([20, 30]);
    expect(runner.batches).toEqual([[1], [2, 3]]);
    // Room again once the queue has drained.
    const later = batcher.submit(5);
    await runner.releaseAll();
    expect(await later).toBe(50);
  });
});

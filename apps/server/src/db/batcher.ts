/**
 * Group commit: requests that arrive while the database is busy run together as one batch (one
 * query; for writes, one database transaction). An idle server runs each request at once (a batch
 * of one); under load the batches grow by themselves, and each costs one round trip (and one
 * commit) instead of one per request.
 */
export interface BatcherOptions<Item, Outcome> {
  /** Runs a batch in one database transaction: one outcome per item, in order, or a throw (nothing kept). */
  run: (items: Item[]) => Promise<Outcome[]>;
  /** The most items in one batch (a bound on how long its locks are held). */
  maxBatchSize: number;
  /** The most batches running at once. */
  maxInFlight: number;
  /**
   * The most items waiting for a batch (not counting those running). One more is refused at once
   * with a QueueFullError, before anything of it runs: a queue without a bound would take requests
   * faster than the database finishes them until memory, or every client's patience, ran out.
   */
  maxQueued: number;
  /**
   * Whether a failed batch certainly did nothing, so that each of its items may run again alone
   * (and the one that cannot succeed fails alone). Writes answer true only for an error that
   * PostgreSQL itself returned (it rolled the batch back); a lost connection may come after
   * COMMIT, and running those items again could apply them twice. Reads may answer true always.
   */
  runsAgainAfter: (error: unknown) => boolean;
}

/** The batcher's queue is full: nothing of the item ran; the client may try again a moment later. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
  /** What the answer's Retry-After says: a batch takes milliseconds, so a second is plenty. */
  readonly retryAfterSeconds = 1;

  constructor(readonly maxQueued: number) {
    super(`the queue already holds ${maxQueued} items`);
  }
}

export function isQueueFull(error: unknown): error is QueueFullError {
  return error instanceof QueueFullError;
}

type Settled<Outcome> = { ok: true; outcome: Outcome } | { ok: false; error: unknown };

interface Waiting<Item, Outcome> {
  item: Item;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

export class Batcher<Item, Outcome> {
  readonly #options: BatcherOptions<Item, Outcome>;
  #queue: Waiting<Item, Outcome>[] = [];
  #inFlight = 0;
  #flushScheduled = false;

  constructor(options: BatcherOptions<Item, Outcome>) {
    if (options.maxBatchSize < 1 || options.maxInFlight < 1 || options.maxQueued < 1)
      throw new Error('a batcher needs room for one batch');
    this.#options = options;
  }

  /**
   * The item's outcome once its batch has committed; its own error when it failed alone; the
   * batch's error when it failed in a way that leaves its outcome unknown; a QueueFullError (and
   * nothing run) when the queue is full.
   */
  submit(item: Item): Promise<Outcome> {
    if (this.#queue.length >= this.#options.maxQueued)
      return Promise.reject(new QueueFullError(this.#options.maxQueued));
    return new Promise((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  /** Waits for the requests parsed in the same turn of the event loop, so that they share a batch. */
  #schedule(): void {
    if (this.#flushScheduled || this.#inFlight >= this.#options.maxInFlight || this.#queue.length === 0)
      return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    while (this.#inFlight < this.#options.maxInFlight && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#options.maxBatchSize);
      this.#inFlight += 1;
      void this.#settle(batch);
    }
  }

  /**
   * Runs a batch, then starts the next one before handing out this one's outcomes: the requests
   * that waited go to the database at once, instead of after every answer of this batch has been
   * written.
   */
  async #settle(batch: Waiting<Item, Outcome>[]): Promise<void> {
    const settled = await this.#runSettled(batch);
    this.#inFlight -= 1;
    this.#flush();
    for (const [i, waiting] of batch.entries()) {
      const result = settled[i];
      if (result?.ok) waiting.resolve(result.outcome);
      else waiting.reject(result?.error);
    }
  }

  async #runSettled(batch: Waiting<Item, Outcome>[]): Promise<Settled<Outcome>[]> {
    try {
      const outcomes = await this.#options.run(batch.map((waiting) => waiting.item));
      if (outcomes.length !== batch.length) throw new Error('a batch answered for the wrong number of items');
      return outcomes.map((outcome) => ({ ok: true, outcome }));
    } catch (error) {
      if (batch.length === 1 || !this.#options.runsAgainAfter(error))
        return batch.map(() => ({ ok: false, error }));
    }
    // The whole batch rolled back, so nothing of it happened: each item runs again on its own, so
    // that one that cannot succeed fails alone.
    const settled: Settled<Outcome>[] = [];
    for (const waiting of batch) settled.push(...(await this.#runSettled([waiting])));
    return settled;
  }
}

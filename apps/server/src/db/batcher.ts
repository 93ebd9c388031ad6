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
    if (options.maxBatchSize < 1 || options.maxInFlight < 1)
      throw new Error('a batcher needs room for one batch');
    this.#options = options;
  }

  /** The item's outcome once its batch has committed; its own error when it failed alone. */
  submit(item: Item): Promise<Outcome> {
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
      if (batch.length === 1) return [{ ok: false, error }];
    }
    // The whole batch rolled back, so nothing of it happened: each item runs again on its own, so
    // that one that cannot succeed fails alone.
    const settled: Settled<Outcome>[] = [];
    for (const waiting of batch) settled.push(...(await this.#runSettled([waiting])));
    return settled;
  }
}

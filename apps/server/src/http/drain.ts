/**
 * Draining: the instance is about to stop (SIGTERM) and wants its load balancer to send its
 * traffic elsewhere. `GET /api/health/ready` answers 503 from now on, open live event streams are
 * closed with a short reconnection hint (their pages reconnect through the load balancer, to an
 * instance that stays), and requests keep being served until the server closes (decision 0052).
 */
export class Drain {
  #draining = false;
  readonly #listeners = new Set<() => void>();

  isDraining(): boolean {
    return this.#draining;
  }

  /** Starts draining (once): every listener is told. */
  start(): void {
    if (this.#draining) return;
    this.#draining = true;
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch {
        // One listener's failure must not keep the others from draining.
      }
    }
  }

  /** `listener` runs when draining starts. */
  onDrain(listener: () => void): void {
    this.#listeners.add(listener);
  }
}

/**
 * The `retry:` a closed live stream is given while draining: soon, and spread over a few seconds
 * so that the pages of a stopping instance do not all reconnect in the same instant.
 */
export function drainReconnectMs(random: () => number = Math.random): number {
  return 500 + Math.floor(random() * 2_000);
}

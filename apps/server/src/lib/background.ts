import type { FastifyBaseLogger } from 'fastify';
import { safeErrorMessage } from '../http/logger.ts';

/**
 * Deliveries to outside services (SMTP, SMS webhook) run after the answer has gone, so that how
 * long the service takes never shows in the answer's timing (which could tell whether an email
 * is registered) and a slow service never holds a request. `drain` waits for those in flight;
 * the app calls it when it closes.
 */
export class BackgroundDeliveries {
  readonly #pending = new Set<Promise<void>>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
  ) {}

  run(work: () => Promise<void>): void {
    const delivery = work().catch((error: unknown) => {
      // The message itself is never logged: it may hold a link or a code.
      this.log.warn({ err: describeError(error) }, `${this.what} could not be delivered`);
    });
    this.#pending.add(delivery);
    void delivery.finally(() => this.#pending.delete(delivery));
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }
}

/**
 * Name, message and code only: an SMTP error may otherwise carry the whole conversation, and a
 * failed query its parameters (see safeErrorMessage).
 */
export function describeError(error: unknown): { name?: string; message: string; code?: unknown } {
  if (!(error instanceof Error)) return { message: safeErrorMessage(String(error)) };
  const { code } = error as Error & { code?: unknown };
  return { name: error.name, message: safeErrorMessage(error.message), code };
}

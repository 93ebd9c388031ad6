import type { LiveEvent } from '@ztart/shared/contracts/notifications';

type Listener = (event: LiveEvent) => void;

/**
 * Delivers events to the open pages (`GET /api/events`) of one person, in this server process.
 * Services publish after their database transaction has committed, never inside it: an event
 * never tells of something that was rolled back.
 */
export class LiveEvents {
  readonly #listeners = new Map<string, Set<Listener>>();

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.#listeners.get(userId);
    if (!set) {
      set = new Set();
      this.#listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(userId);
    };
  }

  publish(userId: string, event: LiveEvent): void {
    for (const listener of this.#listeners.get(userId) ?? []) listener(event);
  }

  /** Open streams of one person (tests, observability). */
  listenerCount(userId: string): number {
    return this.#listeners.get(userId)?.size ?? 0;
  }
}

/** Events to publish once the transaction that produced them has committed. */
export interface PendingEvent {
  userId: string;
  event: LiveEvent;
}

export function publishAll(live: LiveEvents, events: readonly PendingEvent[]): void {
  for (const { userId, event } of events) live.publish(userId, event);
}

import type { LiveEvent } from '@ztart/shared/contracts/notifications';

/**
 * What the bus carries to a person's open pages: an event to show, or the end of some of their
 * sessions, whose streams must close. Plain data, so that a fan-out between server instances can
 * carry both alike: a session signed out on one instance then closes its streams on every one.
 */
export type LiveMessage =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'sessions-ended'; sessionIds: readonly string[] };

type Listener = (message: LiveMessage) => void;
type Observer = (userId: string, event: LiveEvent) => void;
/** Carries a message to the other server instances (see channel.ts); this one has delivered it already. */
export type LiveRelay = (userId: string, message: LiveMessage) => void;

/**
 * Delivers messages to the open pages (`GET /api/events`) of one person: those this process holds
 * at once, and, through the relay (a channel between instances, see channel.ts), those that other
 * instances of the server hold. Services publish after their database transaction has committed,
 * never inside it: an event never tells of something that was rolled back.
 */
export class LiveEvents {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #observers = new Set<Observer>();
  #relay: LiveRelay | undefined;

  /** From now on every message also goes to the other instances through `relay`. */
  relayThrough(relay: LiveRelay | undefined): void {
    this.#relay = relay;
  }

  /**
   * A message another instance published: delivered to the pages open here only. Observers are
   * not told, since the instance that published has told its own (a budget alert is sent once).
   */
  receive(userId: string, message: LiveMessage): void {
    this.#deliver(userId, message);
  }

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
    this.#deliver(userId, { kind: 'event', event });
    this.#relay?.(userId, { kind: 'event', event });
    for (const observer of [...this.#observers]) {
      try {
        observer(userId, event);
      } catch {
        // An observer's failure is its own: the pages still get the event.
      }
    }
  }

  /**
   * Server work that follows what was committed (budget alerts after a spend): sees every event
   * of every person as it is published, after its transaction committed. Returns the way to stop.
   */
  observe(observer: Observer): () => void {
    this.#observers.add(observer);
    return () => {
      this.#observers.delete(observer);
    };
  }

  /**
   * Closes the streams opened with these sessions: called once they were signed out, revoked or
   * ended by a password change, reset or account deletion (after the deletion has committed).
   */
  endSessions(userId: string, sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    this.#deliver(userId, { kind: 'sessions-ended', sessionIds });
    this.#relay?.(userId, { kind: 'sessions-ended', sessionIds });
  }

  /** Open streams of one person (tests, observability). */
  listenerCount(userId: string): number {
    return this.#listeners.get(userId)?.size ?? 0;
  }

  #deliver(userId: string, message: LiveMessage): void {
    // A copy: a listener that ends its stream unsubscribes while the set is being walked.
    for (const listener of [...(this.#listeners.get(userId) ?? [])]) listener(message);
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

import type { Celebration } from '@ztart/shared/contracts/gamification';

/** A celebration on screen, with the id its card and its dismissal go by. */
export interface ShownCelebration {
  id: string;
  celebration: Celebration;
}

/** At most this many cards at once: a first deposit may bring an achievement and a level together. */
export const CELEBRATIONS_SHOWN = 3;

export interface CelebrationStore {
  /** Shows a celebration (newest first); the oldest beyond CELEBRATIONS_SHOWN goes. */
  celebrate: (celebration: Celebration) => string;
  dismiss: (id: string) => void;
  dismissAll: () => void;
  getSnapshot: () => readonly ShownCelebration[];
  subscribe: (listener: () => void) => () => void;
}

/**
 * What the live `celebration` events brought and the person has not dismissed yet. They stay
 * until dismissed: a celebration is read at the person's pace, never timed out from under them.
 */
export function createCelebrationStore(limit = CELEBRATIONS_SHOWN): CelebrationStore {
  let shown: readonly ShownCelebration[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    celebrate(celebration) {
      nextId += 1;
      const id = `celebration-${nextId}`;
      shown = [{ id, celebration }, ...shown].slice(0, Math.max(1, limit));
      emit();
      return id;
    },
    dismiss(id) {
      if (!shown.some((item) => item.id === id)) return;
      shown = shown.filter((item) => item.id !== id);
      emit();
    },
    dismissAll() {
      if (shown.length === 0) return;
      shown = [];
      emit();
    },
    getSnapshot: () => shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's celebrations, filled by live events and shown by the app layout. */
export const celebrationStore = createCelebrationStore();

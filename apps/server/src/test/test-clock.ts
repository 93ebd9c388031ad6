import type { Clock } from '../clock.ts';

export interface TestClock {
  now: Clock;
  /** Moves time forward (or back, with a negative amount). */
  advance(by: { seconds?: number; minutes?: number; hours?: number; days?: number }): void;
}

/** A clock that stands still until a test moves it; starts at the real time. */
export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: ({ seconds = 0, minutes = 0, hours = 0, days = 0 }) => {
      current += (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;
    },
  };
}

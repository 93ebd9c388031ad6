import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { AppError } from '../../http/errors.ts';

/**
 * Keeps CSV exports from crowding out everything else. Each person runs one export at a time
 * (another one answers 429 `export_in_progress`), and the page queries of all running exports
 * take turns in a narrow lane: on the embedded database, which runs one query at a time, a
 * health check or a payment then waits behind one export page at most, never behind a queue of
 * them. The gate lives in one server process; several instances each keep their own.
 */
export class ExportGate {
  private readonly running = new Set<string>();
  private inLane = 0;
  private readonly waiting: (() => void)[] = [];

  /** @param laneWidth export page queries that may run at once */
  constructor(private readonly laneWidth: number) {}

  /** Takes the person's one export; the returned release may be called any number of times. */
  claim(userId: string): () => void {
    if (this.running.has(userId)) throw new AppError('export_in_progress');
    this.running.add(userId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running.delete(userId);
    };
  }

  /** Runs one query of an export when the lane has room, first come first served. */
  async query<T>(work: () => Promise<T>): Promise<T> {
    if (this.inLane >= this.laneWidth) {
      // The place is handed over by the query leaving the lane (inLane stays counted for us).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.inLane++;
    }
    try {
      return await work();
    } finally {
      // The embedded database answers without leaving the event loop: a turn of the loop
      // between two pages lets requests that arrived meanwhile (a health check) in first.
      await nextLoopTurn();
      const next = this.waiting.shift();
      if (next) next();
      else this.inLane--;
    }
  }
}

/** One at a time on the embedded database (it runs queries one by one); a few on a server's pool. */
export function exportLaneWidth(databaseKind: 'pglite' | 'postgres'): number {
  return databaseKind === 'pglite' ? 1 : 3;
}

import { onDemand } from '@/lib/on-demand';

/**
 * Checks the answers a first screen needs (the session, the home's figures) against their shared
 * contracts without making that screen download the schema library first (zod: about 25 KB of
 * gzipped JavaScript, an eighth of the 200 KB a signed-in first screen may load; decision 0034).
 *
 * - Once a contract has loaded, every answer is checked before it is used, as elsewhere.
 * - Until then an answer is used at once, and checked as soon as the contract has loaded, which
 *   starts after the page has loaded, when the browser is idle. An answer that does not match
 *   then calls `onLateMismatch`: the caller drops what it showed (the session counts as signed
 *   out, the home's figures are asked for again and now checked first).
 *
 * What this leaves unchecked for a moment is the first answers of a page load, which come from
 * the release that has just served this app (its HTML is never cached) and which the server has
 * already checked against the same contract before sending them (its response schemas). An
 * answer that is not even a JSON object is refused at once.
 */

export interface ContractSchema<T> {
  parse: (body: unknown) => T;
  safeParse: (body: unknown) => { success: true; data: T } | { success: false; error: unknown };
}

/** Thrown for an answer that is not a JSON object, which no contract of ours accepts. */
export class AnswerShapeError extends Error {
  constructor() {
    super('the answer is not a JSON object');
    this.name = 'AnswerShapeError';
  }
}

let firstScreenDone: Promise<void> | null = null;

/**
 * Resolves once the page has loaded and the browser is idle (at most two seconds later): from then
 * on, loading the schema library no longer competes with the first screen.
 */
export function afterFirstScreen(): Promise<void> {
  firstScreenDone ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined') {
      resolve();
      return;
    }
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return firstScreenDone;
}

/** For tests: the next call of `afterFirstScreen` waits again. */
export function resetFirstScreenForTests(): void {
  firstScreenDone = null;
}

export interface ContractCheck<T> {
  /**
   * The answer, checked now when the contract has loaded (rejects when it does not match), else
   * used as it is and checked once the contract has loaded (`onLateMismatch` when it does not match).
   */
  check: (body: unknown, onLateMismatch: (error: unknown) => void) => Promise<T>;
  /** Whether the contract has loaded: answers are then checked before they are used. */
  loaded: () => boolean;
}

/** A contract loaded on demand (`() => import('@ztart/shared/contracts/x').then((m) => m.xSchema)`). */
export function contractCheck<T>(load: () => Promise<ContractSchema<T>>): ContractCheck<T> {
  const contract = onDemand(load);

  return {
    loaded: () => contract.current() !== undefined,
    check: async (body, onLateMismatch) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AnswerShapeError();
      const schema = contract.current();
      if (schema) return schema.parse(body);
      void afterFirstScreen()
        .then(contract.load)
        .then((loadedSchema) => {
          const result = loadedSchema.safeParse(body);
          if (!result.success) onLateMismatch(result.error);
        })
        // The contract could not load (offline): the next answer checks again.
        .catch(() => undefined);
      return body as T;
    },
  };
}

import { useDeferredValue } from 'react';

/**
 * Whether a query's first answer may be shown yet. A query hands its answer to React in an update
 * React never splits, and the first answer often mounts a large tree (a list, a screen). This stays
 * false for that update, which then keeps showing the loading shapes, and turns true in a render of
 * its own at a deferred priority, which React makes in slices between the browser's frames
 * (decisions 0057 and 0060). Later answers show at once, and a query pending again shows as such.
 */
export function useFirstAnswerShown(isPending: boolean): boolean {
  const answeredBefore = useDeferredValue(!isPending);
  return answeredBefore && !isPending;
}

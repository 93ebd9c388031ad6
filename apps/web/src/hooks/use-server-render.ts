import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * Whether this render is React's server rendering (the first paints, decision 0041), which cannot
 * wait for a lazily loaded component: such a place renders its loading shape there instead.
 */
export function useServerRender(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

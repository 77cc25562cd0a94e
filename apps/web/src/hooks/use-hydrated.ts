import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React takes over a page the server rendered (decision 042) and on the server itself; true from the next
 * render on, and at once in a page drawn in the browser. What depends on this browser (the time, its time zone, its
 * storage) renders only once this is true, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

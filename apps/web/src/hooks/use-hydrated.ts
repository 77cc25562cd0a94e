import { startTransition, useEffect, useState } from 'react';

/** True once the app draws its pages itself: it started without server HTML to take over (main.tsx). */
let drawnInBrowser = false;

/** main.tsx, when the page arrived without the server's HTML: nothing will be hydrated, so no render has to match it. */
export function markDrawnInBrowser(): void {
  drawnInBrowser = true;
}

/**
 * False while React takes over a page the server rendered (decision 042) and on the server itself; true from the
 * following render on, and at once in an app that started without the server's HTML. What depends on this browser
 * (the time, its time zone, its storage) renders only once this is true, so the first render matches the server's HTML.
 *
 * The switch to true is a transition: React renders it in slices between the browser's own work, where a
 * `useSyncExternalStore` with a server snapshot (the usual way) re-renders synchronously right after hydration, in one
 * blocking task (issue 11, Lighthouse's total blocking time).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(drawnInBrowser);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
    // Once: it only ever turns true.
  }, []);
  return hydrated;
}

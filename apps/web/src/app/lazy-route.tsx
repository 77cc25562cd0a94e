import { lazy, type ComponentType } from 'react';

export interface LazyRoute {
  (): React.JSX.Element;
  /** Starts loading the screen's code; resolves once it is loaded (rejects if it cannot be). */
  preload: () => Promise<void>;
}

/**
 * A screen loaded as its own chunk, like `React.lazy`, that can also be loaded ahead of the first render: once
 * `preload()` has resolved, the screen renders in the same commit as the rest of the page, with no loader first and no
 * Suspense hand-over (which React holds back for up to 300 ms). main.tsx preloads the screen of the address the page
 * was opened at; its chunk is already downloading then (route-preload-plugin.ts adds modulepreload links for it).
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  let Loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        // A failed load may be retried by the next render (the lazy component below), as React.lazy would.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded as ComponentType })));
  function Route() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Route.preload = preload;
  return Route;
}

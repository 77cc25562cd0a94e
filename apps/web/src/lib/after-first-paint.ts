let painted: Promise<void> | null = null;

/**
 * Resolves once the browser has reported the page's first contentful paint (at once in a hidden tab, where nothing is
 * painted, or where the browser reports no paints; after 3 s at the latest). Code a screen needs only after its first
 * paint (the admin panel's tabs, a schema to check an answer with) starts downloading then, so it takes no bandwidth from
 * what the paint waits for on a slow phone; Lighthouse's simulated LCP also counts every request started before the
 * paint (issue 21, part 7).
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (typeof document === 'undefined' || document.visibilityState !== 'visible' || typeof PerformanceObserver !== 'function') return resolve();
    const timer = setTimeout(resolve, 3000);
    try {
      new PerformanceObserver((list, observer) => {
        if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
          observer.disconnect();
          clearTimeout(timer);
          setTimeout(resolve, 0);
        }
      }).observe({ type: 'paint', buffered: true });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
  return painted;
}

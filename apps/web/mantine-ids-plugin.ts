import type { Plugin } from 'vite';

/** Mantine's `useId` module, as installed (`@mantine/hooks`, ES modules build). */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` (every Checkbox, select, input label, Accordion…) renders React's `useId` first, then, in a layout
 * effect after mounting, replaces it with a random id: one more render of each such component, synchronous, right
 * after the page is hydrated or drawn, and ids that differ from the server's HTML. On the tracking page with a package
 * that re-render made React hydrate all the cards in one blocking task (issue 11, Lighthouse's total blocking time).
 *
 * This plugin builds the module as React's `useId` alone, which is the same in the server's HTML and in the browser
 * and unique within the app's one React root; a given id (`useId('x')`) is kept as Mantine keeps it. Decision 043.
 * Production builds only: the development server pre-bundles Mantine without plugins, so there it behaves as shipped.
 */
export function mantineStableIds(): Plugin {
  return {
    name: 'mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      if (!MANTINE_USE_ID.test(id.split('?')[0]!)) return null;
      return [
        `import { useId as useReactId } from 'react';`,
        `export function useId(staticId) {`,
        `  const id = useReactId();`,
        `  return typeof staticId === 'string' ? staticId : 'mantine-' + id.replace(/[^\\w-]/g, '');`,
        `}`,
      ].join('\n');
    },
  };
}

import type { Plugin } from 'vite';

/** Mantine's module that strips its default CSS variables from a theme's (`@mantine/core`, ES modules build). */
const REMOVE_DEFAULT_VARIABLES = /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
const EAGER = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';

/**
 * Mantine works out all of its default theme's CSS variables (every colour's shades, sizes and fonts) when
 * `remove-default-variables.mjs` is evaluated, as part of the page's entry chunk, to compare a theme's variables with
 * them later. This app never asks for that: `MantineProvider` renders no variables (`withCssVariables={false}`,
 * decision 043). Working them out cost about 24 ms of the entry's evaluation at Lighthouse's 4× slowdown, the page's
 * longest task after its first paint (issue 11).
 *
 * This plugin makes the module work them out on first use, with the same result. If Mantine changes the module so
 * that its line is no longer there, the build warns and keeps the module as shipped. Decision 044.
 */
export function mantineLazyDefaults(): Plugin {
  return {
    name: 'mantine-lazy-default-variables',
    enforce: 'pre',
    transform(code, id) {
      if (!REMOVE_DEFAULT_VARIABLES.test(id.split('?')[0]!)) return null;
      if (!code.includes(EAGER)) {
        this.warn('remove-default-variables.mjs has changed: its default variables are worked out at load again');
        return null;
      }
      const lazy = code
        .replace(EAGER, 'let defaultCssVariablesCache;\nconst defaultCssVariablesOf = () => (defaultCssVariablesCache ??= defaultCssVariablesResolver(DEFAULT_THEME));')
        .replace(/\bdefaultCssVariables\./g, 'defaultCssVariablesOf().');
      return { code: lazy, map: null };
    },
  };
}

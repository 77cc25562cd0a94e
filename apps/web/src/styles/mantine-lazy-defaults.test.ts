import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mantineLazyDefaults } from '../../mantine-lazy-defaults-plugin.ts';

// The installed module the build plugin rewrites (decision 044).
const entry = createRequire(import.meta.url).resolve('@mantine/core');
const coreDir = entry.slice(0, entry.lastIndexOf('/@mantine/core/') + '/@mantine/core'.length);
const file = join(coreDir, 'esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs');

type Remove = (input: { variables: Record<string, string>; light: Record<string, string>; dark: Record<string, string> }) => unknown;

function transform(code: string, id: string) {
  const warnings: string[] = [];
  const hook = mantineLazyDefaults().transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const result = hook.call({ warn: (message: string) => warnings.push(message) }, code, id);
  return { result, warnings };
}

describe("Mantine's default CSS variables worked out on first use", () => {
  it('rewrites the installed module (fails when a Mantine upgrade changes it), with the same result', async () => {
    const { result, warnings } = transform(readFileSync(file, 'utf8'), file);
    expect(warnings).toEqual([]);
    expect(result?.code).not.toMatch(/^const defaultCssVariables = /m);

    const copy = join(dirname(file), `remove-default-variables.lazy-${process.pid}.mjs`);
    writeFileSync(copy, result!.code);
    try {
      const lazy = (await import(/* @vite-ignore */ pathToFileURL(copy).href)) as { removeDefaultVariables: Remove };
      const shipped = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { removeDefaultVariables: Remove };
      const input = {
        variables: { '--mantine-scale': '1', '--mantine-spacing-md': '2rem', '--app-own': 'x' },
        light: { '--mantine-color-white': '#fff', '--mantine-color-body': '#fafafa' },
        dark: { '--mantine-color-body': '#000' },
      };
      expect(lazy.removeDefaultVariables(input)).toEqual(shipped.removeDefaultVariables(input));
      // Mantine's own defaults ('--mantine-scale': '1') are dropped, everything else kept.
      expect(lazy.removeDefaultVariables(input)).toEqual({ variables: { '--mantine-spacing-md': '2rem', '--app-own': 'x' }, light: { '--mantine-color-white': '#fff', '--mantine-color-body': '#fafafa' }, dark: { '--mantine-color-body': '#000' } });
    } finally {
      rmSync(copy, { force: true });
    }
  });

  it('leaves other modules alone, and warns and keeps a changed module as shipped', () => {
    expect(transform('const x = 1;', '/x/node_modules/@mantine/core/esm/index.mjs').result).toBeNull();
    const changed = transform('export const y = 2;', file);
    expect(changed.result).toBeNull();
    expect(changed.warnings).toHaveLength(1);
  });
});

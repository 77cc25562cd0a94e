import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_STYLED_COMPONENTS } from './mantine-admin.ts';
import { STYLED_COMPONENTS } from './mantine.ts';

const src = join(import.meta.dirname, '..');
const sheets = join(src, '../../../node_modules/@mantine/core/styles');
/** Exports of @mantine/core that are not components with a sheet of their own. */
const NOT_COMPONENTS = new Set(['MantineProvider', 'CSSVariablesResolver', 'createTheme', 'MantineColorsTuple', 'MantineThemeOverride', 'useCombobox']);
const ALL_STYLED: readonly string[] = [...STYLED_COMPONENTS, ...ADMIN_STYLED_COMPONENTS];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('Mantine CSS', () => {
  it('every Mantine component the app uses has its sheet imported', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/import\s+\{([^}]+)\}\s+from\s+'@mantine\/core'/g)) {
        for (const raw of match[1]!.split(',')) {
          const name = raw.trim();
          if (!name || name.startsWith('type ') || !/^[A-Z]/.test(name) || NOT_COMPONENTS.has(name)) continue;
          used.add(name);
        }
      }
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !ALL_STYLED.includes(name))).toEqual([]);
  });

  it('each listed component with a sheet of its own is imported', () => {
    for (const [file, names] of [['styles/mantine.ts', STYLED_COMPONENTS], ['styles/mantine-admin.ts', ADMIN_STYLED_COMPONENTS]] as const) {
      const imports = readFileSync(join(src, file), 'utf8');
      const missing = names.filter((name) => existsSync(join(sheets, `${name}.css`)) && !imports.includes(`styles/${name}.css'`));
      expect(missing, file).toEqual([]);
    }
  });
});

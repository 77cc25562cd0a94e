import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/decisions/011, through the project's own eslint.config.js: each rule must catch what
 * it is for and let the legitimate patterns through.
 */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint boundaries', () => {
  it('keeps Kysely and queries inside repositories/ and db/', async () => {
    const service = `import { sql } from 'kysely';\nexport const q = (db: { selectFrom(t: string): unknown }) => [db.selectFrom('packages'), sql];\n`;
    expect(await problems('apps/server/src/services/probe.ts', service)).toEqual([
      expect.stringContaining('no-restricted-imports'),
      expect.stringContaining('no-restricted-syntax'),
    ]);
    expect(await problems('apps/server/src/repositories/probe.ts', service)).toEqual([]);
  }, 30_000);

  it('keeps web features apart, and shared web code below them', async () => {
    const crossFeature = `import { x } from '../../tracking/components/x.ts';\nexport const y = x;\n`;
    expect(await problems('apps/web/src/features/pickup/components/probe.ts', crossFeature)).toEqual([expect.stringContaining('cargo/web-feature-boundaries')]);
    const ownFeature = `import { x } from '../utils/x.ts';\nimport { api } from '../../../lib/api-client.ts';\nexport const y = [x, api];\n`;
    expect(await problems('apps/web/src/features/pickup/components/probe.ts', ownFeature)).toEqual([]);
    const composing = `import { a } from '../../features/tracking/components/a.tsx';\nimport { b } from '../../features/pickup/components/b.tsx';\nexport const c = [a, b];\n`;
    expect(await problems('apps/web/src/app/routes/probe.tsx', composing)).toEqual([]);
    const sharedUp = `export { x } from '../features/tracking/x.ts';\n`;
    expect(await problems('apps/web/src/lib/probe.ts', sharedUp)).toEqual([expect.stringContaining('cargo/web-feature-boundaries')]);
  }, 30_000);

  it('keeps auth/ and lib/ of the server below its layers', async () => {
    const upward = `import type { HotState } from '../services/hot-state.ts';\nexport type { Repositories } from '../repositories/index.ts';\nexport type H = HotState;\n`;
    expect(await problems('apps/server/src/auth/probe.ts', upward)).toEqual([
      expect.stringContaining('cargo/server-ground-floor'),
      expect.stringContaining('cargo/server-ground-floor'),
    ]);
    expect(await problems('apps/server/src/lib/probe.ts', `import { x } from '../policies/access.ts';\nexport const y = x;\n`)).toEqual([
      expect.stringContaining('cargo/server-ground-floor'),
    ]);
    const ground = `import type { ApiKeyScope } from '@cargo/shared';\nimport { sha256 } from '../lib/crypto.ts';\nimport type { Env } from '../env.ts';\nexport type S = [ApiKeyScope, Env, typeof sha256];\n`;
    expect(await problems('apps/server/src/auth/probe.ts', ground)).toEqual([]);
    // A service may import who a caller is from auth/.
    expect(await problems('apps/server/src/services/probe.ts', `import type { Principal } from '../auth/principal.ts';\nexport type P = Principal;\n`)).toEqual([]);
  }, 30_000);

  it('keeps packages/shared free of Node, database and server code', async () => {
    const nodeOnly = `import { readFileSync } from 'node:fs';\nimport { Kysely } from 'kysely';\nexport const z = [readFileSync, Kysely, process.env.X];\n`;
    expect(await problems('packages/shared/src/probe.ts', nodeOnly)).toHaveLength(3);
    expect(await problems('packages/shared/src/probe.ts', `import { z } from 'zod';\nexport const s = z.string();\n`)).toEqual([]);
  }, 30_000);

  it('types reply bodies in tests with the shapes of packages/shared', async () => {
    const test = [
      `import type { Package } from '@cargo/shared';`,
      `interface Mine { id: string }`,
      `export async function f(r: { json(): Promise<unknown> }) {`,
      `  const a = (await r.json()) as { token: string };`,
      `  const b = (await r.json()) as Mine[];`,
      `  const c = (await r.json()) as Package[];`,
      `  const d = (await r.json()) as Record<string, unknown>;`,
      `  return [a, b, c, d];`,
      `}`,
    ].join('\n');
    const found = await problems('e2e/probe.ts', test);
    expect(found).toHaveLength(2);
    expect(found.every((p) => p.startsWith('cargo/no-retyped-response'))).toBe(true);
  }, 30_000);
});

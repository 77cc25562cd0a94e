import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
/** `app.get('/api/…'` and the like, with the path on the same line or the next. */
const ROUTE = /\bapp\.(?:get|post|put|patch|delete|head|options|all|route)\(\s*'([^']+)'/g;

/** The folder a URL belongs in: its first segment after /api (`/ws` → ws). */
function folderOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  return (segments[0] === 'api' ? segments[1] : segments[0]) ?? '';
}

describe('route folders', () => {
  it('names each folder by the URLs it serves', () => {
    const misplaced: string[] = [];
    let routes = 0;
    for (const folder of readdirSync(here)) {
      const dir = join(here, folder);
      if (!statSync(dir).isDirectory()) continue;
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
        for (const [, url] of readFileSync(join(dir, file), 'utf8').matchAll(ROUTE)) {
          routes += 1;
          if (folderOf(url!) !== folder) misplaced.push(`${url} is in routes/${folder}/${file}; it belongs in routes/${folderOf(url!)}/`);
        }
      }
    }
    expect(misplaced).toEqual([]);
    expect(routes).toBeGreaterThan(50);
  });

  it('reads the folder from the first segment after /api', () => {
    expect(folderOf('/api/tracking/sms-setup')).toBe('tracking');
    expect(folderOf('/api/packages/:id/gps')).toBe('packages');
    expect(folderOf('/ws')).toBe('ws');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isWebRoute, WEB_ROUTES } from '@cargo/shared';

describe('web routes (WEB_ROUTES of @cargo/shared)', () => {
  it('are the routes the client router declares (apps/web/src/app/router.tsx)', () => {
    const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
    const declared = [...router.matchAll(/<Route (index|path="([^"]+)")/g)].map((m) => (m[1] === 'index' ? '/' : `/${m[2]}`)).filter((p) => p !== '/*');
    expect(declared.sort()).toEqual([...WEB_ROUTES].sort());
  });

  it('match screens, their optional and required ids, and nothing else', () => {
    for (const path of ['/', '/admin', '/admin/', '/driver-track', '/driver-track/PKG1', '/track-live/abc', '/track-realtime/PKG1', '/help-center/claims']) expect(isWebRoute(path), path).toBe(true);
    for (const path of ['/nope', '/track-realtime', '/admin/x', '/driver-track/a/b', '/help-center/other', '/api/packages']) expect(isWebRoute(path), path).toBe(false);
  });
});

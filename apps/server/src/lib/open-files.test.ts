import { describe, expect, it } from 'vitest';
import { FD_RESERVE, openFilesLimit, wsConnectionCap } from './open-files.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            20000                20000                files
Max locked memory         8388608              8388608              bytes
`;

describe('open-files limit and the /ws cap (decision 057)', () => {
  it('reads the soft open-files limit from /proc/self/limits', () => {
    expect(openFilesLimit(LIMITS)).toBe(20000);
    expect(openFilesLimit(LIMITS.replace('20000                20000', 'unlimited            unlimited'))).toBeNull();
    expect(openFilesLimit('nothing here')).toBeNull();
    // This process's own limit, on Linux: a positive number.
    if (process.platform === 'linux') expect(openFilesLimit()).toBeGreaterThan(0);
  });

  it('keeps a reserve of descriptors for HTTP, the database and files, and never goes over the limit', () => {
    expect(wsConnectionCap(undefined, 20000)).toEqual({ cap: 20000 - FD_RESERVE, fdCap: 20000 - FD_RESERVE });
    expect(wsConnectionCap(50_000, 20000).cap).toBe(20000 - FD_RESERVE);
    expect(wsConnectionCap(5_000, 20000).cap).toBe(5_000);
    // A small limit keeps a quarter for the rest.
    expect(wsConnectionCap(undefined, 1024).cap).toBe(768);
    expect(wsConnectionCap(undefined, null)).toEqual({ cap: null, fdCap: null });
    expect(wsConnectionCap(300, null).cap).toBe(300);
  });
});

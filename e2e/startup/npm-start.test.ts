import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, root } from './server-process.ts';

/**
 * `npm start` on a checkout that is already built (issue 21, decision 078): nothing is built, nothing of a build is
 * printed, and the server answers within 3 s; a changed source makes only its part build again.
 */

const startScript = join(root, 'scripts/start.mjs');
const status = (): Record<string, boolean> => JSON.parse(execFileSync(process.execPath, [startScript, '--status'], { cwd: root, encoding: 'utf8' }));
const buildStale = () => execFileSync(process.execPath, [startScript, '--build'], { cwd: root, encoding: 'utf8' });

describe('npm start', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cargo-npm-start-'));
    // The first start after `npm ci` may build; this suite is about the ones after it.
    buildStale();
  }, 300_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs `command` in its own process group on a fresh database; answers how long until /api/ready said 200, and its output. */
  async function timeToAnswer(command: string, args: string[], db: string): Promise<{ ms: number; log: string }> {
    const port = await freePort();
    const started = performance.now();
    // Its own process group: npm, its shell and the server stop together.
    const child = spawn(command, args, {
      cwd: root,
      detached: true,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: join(dataDir, db), SEED_DEMO: 'false', DEMO_DRIVE: 'false', LOG_LEVEL: 'warn', PASSWORD_HASH_LOG_N: '14' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    let ms = Infinity;
    try {
      while (performance.now() - started < 20_000 && child.exitCode === null) {
        const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status, () => 0);
        if (ready === 200) {
          ms = performance.now() - started;
          break;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
    return { ms, log };
  }

  it('on an unchanged built checkout builds nothing, prints no build log, and the server answers within 3 s', async () => {
    expect(status()).toEqual({ 'web app': true, server: true });
    // The server started directly, on this machine now: the test line runs other suites beside this one, and a start
    // is mostly the server's own (migrations, the admin's hash). npm start may add at most a second to it.
    const direct = await timeToAnswer(process.execPath, ['apps/server/dist/server.js'], 'direct.db');
    const { ms, log } = await timeToAnswer('npm', ['start'], 'cargo.db');
    console.info(`npm start answered in ${Math.round(ms)} ms; the server started directly in ${Math.round(direct.ms)} ms`);
    expect(ms, log).toBeLessThan(Math.max(3_000, direct.ms + 1_000));
    expect(log).not.toMatch(/Building|vite|esbuild|built in|server built/i);
  }, 60_000);

  it('a changed source of the server makes the server build again, and only it', () => {
    const added = join(root, `apps/server/src/start-test-${process.pid}.ts`);
    try {
      writeFileSync(added, 'export {};\n');
      expect(status()).toEqual({ 'web app': true, server: false });
      const out = buildStale();
      expect(out).toContain('Building the server (');
      expect(out).not.toContain('web app');
      expect(status()).toEqual({ 'web app': true, server: true });
    } finally {
      rmSync(added, { force: true });
    }
    // Back as it was: stale again (the stamp names the sources it was built from), and built once more.
    expect(status().server).toBe(false);
    buildStale();
    expect(status()).toEqual({ 'web app': true, server: true });
    expect(existsSync(join(root, 'apps/server/dist/server.js'))).toBe(true);
  }, 120_000);

  it('a changed source of the web app makes the web app stale and leaves the server up to date', () => {
    const added = join(root, `apps/web/src/start-test-${process.pid}.ts`);
    try {
      writeFileSync(added, 'export {};\n');
      expect(status()).toEqual({ 'web app': false, server: true });
    } finally {
      rmSync(added, { force: true });
    }
    expect(status()).toEqual({ 'web app': true, server: true });
  });
});

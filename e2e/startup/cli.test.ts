import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const cli = resolve(import.meta.dirname, '../../apps/server/dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'cargo-cli-'));
const env = { PATH: process.env.PATH, DATABASE_URL: join(dir, 'cli.db') };
const admin = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8' });

describe('npm run admin', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates an admin with a generated password, refuses a duplicate, resets and lists', () => {
    const created = admin('create', '--email', 'Ops@Example.com');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^Admin created: ops@example\.com with password \S{20}\n$/);
    expect(admin('create', '--email', 'ops@example.com').status).toBe(1);
    const reset = admin('reset', '--email', 'ops@example.com', '--password', 'new-password-1');
    expect(reset.status).toBe(0);
    expect(reset.stdout).toBe('Password reset for ops@example.com\n');
    expect(admin('reset', '--email', 'nobody@example.com').status).toBe(1);
    const list = admin('list');
    expect(list.stdout.trim().split('\n')).toHaveLength(1);
    expect(list.stdout).toMatch(/^ops@example\.com\tactive\t/);
  });

  it('explains its usage and refuses a short password or a bad email', () => {
    expect(admin().status).toBe(2);
    expect(admin().stdout).toMatch(/Usage: npm run admin/);
    expect(admin('create', '--email', 'x@example.com', '--password', '123').stderr).toMatch(/at least 6 characters/);
    expect(admin('create', '--email', 'nope').status).toBe(2);
  });
});

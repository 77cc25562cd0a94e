import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeliveryProof, LoginResponse, Package } from '@cargo/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, api, cliJs, samplePackage, pgQuery, PG_URL, postgresAvailable, root, startServer } from './server-process.ts';

const PHOTO = join(root, 'apps/server/test/fixtures/photo-with-gps.jpg');

const packageBody = (trackingNumber: string) => samplePackage({ trackingNumber });

/**
 * npm run backup / npm run restore through the built CLI, against a running built server: back up while it runs,
 * change data, restore (refused while the server runs and, without --force, over data), and find the data as it was
 * at the backup.
 */
describe.concurrent('npm run backup and npm run restore', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function roundTrip(databaseUrl: string, emptyTarget: () => Promise<string>, otherKindFile: string) {
    const dir = mkdtempSync(join(tmpdir(), 'cargo-backup-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // Proof-of-delivery photos in a files folder of this run: npm run backup copies it beside the backup (decision 050).
    const filesEnv = { FILES_DIR: join(dir, 'files') };
    const cli = (...args: string[]) => spawnSync(process.execPath, [cliJs, ...args], { cwd: dir, env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, ...filesEnv }, encoding: 'utf8' });
    const file = join(dir, 'cargo.backup');

    let server = await startServer(databaseUrl, dir, filesEnv);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const admin = (await api<LoginResponse>(server.base, 'POST', '/api/auth/login', ADMIN)).body.token;
    const kept = `BK${randomBytes(4).toString('hex').toUpperCase()}`;
    const later = `BK${randomBytes(4).toString('hex').toUpperCase()}`;
    expect((await api<Package>(server.base, 'POST', '/api/packages', packageBody(kept), admin)).status).toBe(201);
    // Left at the door with a photo (the package is delivered; its photo and thumbnail are two files).
    const form = new FormData();
    form.append('data', JSON.stringify({ kind: 'left', leftAt: 'porch', deviceTime: new Date().toISOString() }));
    form.append('photo', new Blob([readFileSync(PHOTO)], { type: 'image/jpeg' }), 'door.jpg');
    const closed = await fetch(`${server.base}/api/packages/${kept}/outcomes`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    expect(closed.status, await closed.clone().text()).toBe(201);

    // Backed up while the server runs (through npm, as an operator types it).
    const backup = spawnSync('npm', ['run', '--silent', 'backup', '--', file], { cwd: root, env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, ...filesEnv }, encoding: 'utf8' });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written: .*cargo\.backup \(\d+ bytes\)\nProof-of-delivery files: 2 copied to .*cargo\.backup\.files\n$/);
    expect(existsSync(file)).toBe(true);
    const again = cli('backup', file);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists: choose another file, or add --force/);

    // The data changes after the backup.
    expect((await api(server.base, 'DELETE', `/api/packages/${kept}`, undefined, admin)).status).toBe(204);
    expect((await api<Package>(server.base, 'POST', '/api/packages', packageBody(later), admin)).status).toBe(201);

    // Refused while the server has the database open, even with --force; nothing changes.
    const busy = cli('restore', file, '--force');
    expect(busy.status, busy.stdout + busy.stderr).toBe(1);
    expect(busy.stderr).toMatch(/is in use \(.*\): stop it, then restore/);
    expect((await api(server.base, 'GET', `/api/packages/${later}`)).status).toBe(200);

    server.child.kill('SIGTERM');
    await server.exited;

    // Over a database with data only with --force; never from a file of the other kind.
    const unforced = cli('restore', file);
    expect(unforced.status).toBe(1);
    expect(unforced.stderr).toMatch(/holds data that restore would replace: add --force/);
    const wrongKind = cli('restore', otherKindFile, '--force');
    expect(wrongKind.status).toBe(1);
    expect(wrongKind.stderr).toMatch(/is not a (SQLite|PostgreSQL) backup/);
    const restored = cli('restore', file, '--force');
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored from .*\nProof-of-delivery files restored: 2\n$/);

    // The data is as it was at the backup; the admin's session from before the backup still signs in.
    server = await startServer(databaseUrl, dir, filesEnv);
    expect((await api(server.base, 'GET', `/api/packages/${kept}`)).status).toBe(200);
    // The photo, deleted with its package after the backup, is back.
    const proof = await api<DeliveryProof>(server.base, 'GET', `/api/delivery-proof/${kept}`, undefined, admin);
    const photo = await fetch(`${server.base}${proof.body.outcomes[0]!.full!.photo!.url}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect((await api(server.base, 'GET', `/api/packages/${later}`)).status).toBe(404);
    const list = await api<Package[]>(server.base, 'GET', '/api/packages', undefined, admin);
    expect(list.status).toBe(200);
    expect(list.body.map((p) => p.trackingNumber)).toEqual([kept]);
    server.child.kill('SIGTERM');
    await server.exited;

    // Into an empty database no flag is needed.
    const otherEmptyUrl = await emptyTarget();
    const fresh = spawnSync(process.execPath, [cliJs, 'restore', file], { cwd: dir, env: { PATH: process.env.PATH, DATABASE_URL: otherEmptyUrl }, encoding: 'utf8' });
    expect(fresh.status, fresh.stderr).toBe(0);
    const admins = spawnSync(process.execPath, [cliJs, 'list'], { cwd: dir, env: { PATH: process.env.PATH, DATABASE_URL: otherEmptyUrl }, encoding: 'utf8' });
    expect(admins.stdout).toMatch(new RegExp(`^${ADMIN.email}\tactive\t`));
  }

  it('on SQLite (the online backup API)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cargo-backup-db-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const notSqlite = join(dir, 'dump.pgdump');
    writeFileSync(notSqlite, 'PGDMP\u0001\u000e\u0000 not a real dump');
    await roundTrip(join(dir, 'cargo.db'), async () => join(dir, 'new', 'cargo.db'), notSqlite);
  }, 90_000);

  it('on PostgreSQL (pg_dump / pg_restore of the ?schema=, dropped afterwards)', async (ctx) => {
    if (!(await postgresAvailable())) ctx.skip();
    const schema = `backup_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    cleanups.push(() => pgQuery(`drop schema if exists "${schema}" cascade`));
    const dir = mkdtempSync(join(tmpdir(), 'cargo-backup-db-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const notDump = join(dir, 'cargo.db');
    writeFileSync(notDump, 'SQLite format 3\u0000 not a real database');
    const url = (s: string) => `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${s}`;
    // A dump restores into the schema it was taken from: the empty target is that schema, dropped.
    await roundTrip(url(schema), async () => {
      await pgQuery(`drop schema "${schema}" cascade`);
      return url(schema);
    }, notDump);
  }, 90_000);
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { prepareDatabase } from '../src/bootstrap.ts';
import { loadEnv } from '../src/env.ts';
import type { FastifyInstance } from 'fastify';
import { describeApi, DIALECT } from './helper.ts';

/** Pages: a screen of the web app answers 200, any other page 404 with the app (which shows '404 Page Not Found'). */
describeApi('web pages', () => {
  let app: FastifyInstance;
  let handle: DatabaseHandle;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cargo-web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Cargo</title><div id="root"></div>');
    const env = loadEnv({ DATABASE_URL: join(dir, 'web.db'), SEED_DEMO: 'false', LOG_LEVEL: 'silent', PASSWORD_HASH_LOG_N: '14', ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'secret-password' });
    handle = await openDatabase(env.DATABASE_URL);
    await prepareDatabase(handle, env, { info() {}, warn() {} } as never);
    app = await buildApp({ env, database: handle, logger: false, webDist: dir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(DIALECT === 'sqlite')('answers screens with 200 and unknown pages with 404, both with the app', async () => {
    for (const url of ['/', '/admin', '/track-live/PKG1', '/driver-track', '/help-center/claims?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of ['/nope', '/admin/secret', '/track-realtime']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).json()).toEqual({ message: 'Not found' });
  });
});

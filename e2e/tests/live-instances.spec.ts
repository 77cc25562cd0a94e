import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { expect, test } from '../test.ts';
import { createLivePackage, factsLine, OwnServer, ownAdminToken, postFix } from '../live-fixtures.ts';

/**
 * Two server processes on one PostgreSQL database and one Redis, as behind a load balancer (README 'Running on
 * PostgreSQL and Redis with several instances'): a page on the first sees, within 1 s, a fix posted to the second;
 * the first keeps serving when the second is killed. Own processes on ports 4134 and 4135, a fresh schema dropped
 * afterwards.
 */

const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const schema = `live_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

/** Whether something answers on the host and port of a URL. */
function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

let first: OwnServer;
let second: OwnServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const available = (await reachable(PG_URL)) && (await reachable(REDIS_URL));
  if (!available && process.env.REQUIRE_POSTGRES) throw new Error(`REQUIRE_POSTGRES is set but PostgreSQL (${PG_URL}) or Redis (${REDIS_URL}) is unreachable`);
  test.skip(!available, `needs PostgreSQL at ${PG_URL} and Redis at ${REDIS_URL}`);
  const env = { DATABASE_URL: `${PG_URL}?schema=${schema}`, REDIS_URL, DEMO_DRIVE: 'false', TRUST_PROXY: 'true' };
  first = new OwnServer(4134, env);
  second = new OwnServer(4135, env);
  // One after the other: the second finds the schema migrated (concurrent starts are safe too, Kysely locks).
  await first.start();
  await second.start();
});

test.afterAll(async () => {
  await first?.dispose();
  await second?.dispose();
  if (!first) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
});

test('a fix posted to the second instance reaches a page on the first within 1 s; the first serves on when the second dies', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await ownAdminToken(request, first);
  const pkg = await createLivePackage(request, token, 'out_for_delivery', first.baseURL);
  await page.goto(`${first.baseURL}/track-realtime/${pkg.trackingNumber}`);
  await expect(page.getByRole('status').filter({ hasText: /live updates/i })).toHaveText(/^Live updates on/);
  await expect(factsLine(page)).toContainText('Driver has not started location sharing yet.');

  // Signed in on the first, posted to the second: sessions live in the shared database.
  const sent = Date.now();
  await postFix(request, token, pkg, 5_500, { ageMs: 30_000 }, second.baseURL);
  await expect(factsLine(page)).toContainText('5.5 km (3.4 mi)', { timeout: 1_000 });
  test.info().annotations.push({ type: 'latency', description: `fix on instance 2 shown on instance 1's page after ${Date.now() - sent} ms` });

  await postFix(request, token, pkg, 4_600, { ageMs: 15_000 }, second.baseURL);
  await expect(page.getByText('Your driver is approaching (within 5 km)')).toHaveCount(1, { timeout: 1_000 });

  await second.stop('SIGKILL');
  expect((await request.get(`${first.baseURL}/api/ready`)).status()).toBe(200);
  await postFix(request, token, pkg, 4_000, { ageMs: 0 }, first.baseURL);
  await expect(factsLine(page)).toContainText('4.0 km (2.5 mi)', { timeout: 1_000 });
  await expect(page.getByRole('status').filter({ hasText: /live updates/i })).toHaveText(/^Live updates on/);
});

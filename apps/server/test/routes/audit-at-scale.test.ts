import type { AuditEntry } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newTimeOrderedId } from '../../src/lib/crypto.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

const ENTRIES = 100_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The audit log at a year of a busy dispatch office: filtered pages stay fast, and the prune clears half of it. */
describeApi('audit log at 100,000 entries', () => {
  let ctx: TestContext;
  const now = Date.parse('2026-06-01T00:00:00.000Z');
  beforeAll(async () => {
    ctx = await setupApp({ env: { AUDIT_RETENTION_DAYS: '180' } });
    // Spread over a year, one entry every ~5 minutes: 2,000 packages, 20 drivers, 5 admins, 3 keys.
    const actors = [...Array.from({ length: 5 }, (_, i) => ['admin', `admin-${i}`]), ...Array.from({ length: 20 }, (_, i) => ['driver', `driver-${i}`]), ...Array.from({ length: 3 }, (_, i) => ['integration', `key-${i}`])];
    const rows = Array.from({ length: ENTRIES }, (_, i) => {
      const at = now - Math.floor(((ENTRIES - i) / ENTRIES) * 365 * DAY_MS);
      const [actorType, actorId] = actors[i % actors.length]!;
      return {
        id: newTimeOrderedId(at),
        at: new Date(at).toISOString(),
        actorType: actorType!,
        actorId: actorId!,
        actorLabel: actorId!,
        action: 'package.updated',
        objectType: 'package',
        objectId: `pkg-${i % 2000}`,
        objectLabel: `TRK${i % 2000}`,
        before: JSON.stringify({ status: 'processing' }),
        after: JSON.stringify({ status: 'in_transit' }),
        ip: '127.0.0.1',
      };
    });
    for (let i = 0; i < rows.length; i += 500) await ctx.app.db.insertInto('auditLog').values(rows.slice(i, i + 500)).execute();
  }, 300_000);
  afterAll(async () => ctx?.close());

  const timed = async (query: string) => {
    const times: number[] = [];
    let body: AuditEntry[] = [];
    let total = 0;
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const res = await ctx.request({ method: 'GET', url: `/api/audit?${query}`, token: ctx.adminToken });
      times.push(performance.now() - started);
      expect(res.statusCode, res.body).toBe(200);
      body = res.json<AuditEntry[]>();
      total = Number(res.headers['x-total-count']);
    }
    const median = times.sort((a, b) => a - b)[1]!;
    console.log(`audit ${ctx.dialect} ${query || '(no filter)'}: median ${median.toFixed(1)} ms, ${total} match`);
    return { body, total, median };
  };

  it('answers a filtered page in under 200 ms: by object, by actor, by time, and unfiltered', async () => {
    const byObject = await timed('objectType=package&objectId=pkg-42');
    expect(byObject.total).toBe(ENTRIES / 2000);
    const byActor = await timed('actorType=driver&actorId=driver-7&limit=25');
    expect(byActor.body).toHaveLength(25);
    const byTime = await timed('from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z');
    expect(byTime.total).toBeGreaterThan(200);
    const all = await timed('limit=25&offset=50');
    expect(all.total).toBeGreaterThanOrEqual(ENTRIES);
    for (const { median } of [byObject, byActor, byTime, all]) expect(median).toBeLessThan(200);
  });

  it('prunes the half older than 180 days in batches', async () => {
    const started = performance.now();
    const deleted = await ctx.app.audit.prune(now);
    const ms = performance.now() - started;
    console.log(`audit ${ctx.dialect} prune: ${deleted} entries in ${ms.toFixed(0)} ms`);
    expect(deleted).toBeGreaterThan(ENTRIES * 0.49);
    expect(deleted).toBeLessThan(ENTRIES * 0.52);
    const oldest = await ctx.app.db.selectFrom('auditLog').select((eb) => eb.fn.min('at').as('at')).executeTakeFirstOrThrow();
    expect(Date.parse(String(oldest.at))).toBeGreaterThanOrEqual(now - 180 * DAY_MS);
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditEntry, DeliveryProof, OutcomeResult, Package, ReopenResult, StatusHistoryEntry } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';
import { multipart, type FilePart } from '../multipart.ts';

const FIXTURE = readFileSync(new URL('../fixtures/photo-with-gps.jpg', import.meta.url));
const now = () => new Date().toISOString();

/**
 * Issue 31, defect 1: a delivery closed with its outcome is final for the driver (409 with the reason on every driver
 * route that changes a status), and only dispatch reopens it, with a reason that goes to the audit log, keeping the
 * outcome with its photo and signature. An attempt is not final: the driver can try again.
 */
describeApi('closed deliveries are final for the driver; dispatch reopens them', () => {
  let ctx: TestContext;
  let filesDir: string;
  let driver: DriverFixture;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'cargo-files-'));
    ctx = await setupApp({ env: { FILES_DIR: filesDir } });
    driver = await makeDriver(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const complete = (ref: string, data: unknown, files: FilePart[] = [], token: string | null = driver.token) => {
    const body = multipart(data, files);
    return ctx.request({ method: 'POST', url: `/api/packages/${encodeURIComponent(ref)}/outcomes`, token, payload: body.payload, headers: body.headers });
  };
  const patch = (ref: string, status: string, token: string | null = driver.token) => ctx.request({ method: 'PATCH', url: `/api/packages/${ref}/status`, token, payload: { status } });
  const reopen = (ref: string, payload: unknown, token: string | null = ctx.adminToken) => ctx.request({ method: 'POST', url: `/api/packages/${ref}/reopen`, token, payload: payload as object });
  const get = async (ref: string) => (await ctx.request({ method: 'GET', url: `/api/packages/${ref}`, token: ctx.adminToken })).json() as Package;
  const proof = async (ref: string, token: string | null = ctx.adminToken) => (await ctx.request({ method: 'GET', url: `/api/delivery-proof/${ref}`, token })).json() as DeliveryProof;

  async function delivered(): Promise<Package> {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const res = await complete(pkg.id, { kind: 'left', leftAt: 'porch', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }]);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as OutcomeResult).status).toBe('delivered');
    return pkg;
  }

  it("a driver's PATCH on a delivered package is a 409 with the reason, and the delivery with its proof stays", async () => {
    const pkg = await delivered();
    for (const status of ['processing', 'out_for_delivery', 'In Transit', 'delivered']) {
      const res = await patch(pkg.id, status);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: 'This package is delivered: its stop is closed and only dispatch can reopen it' });
    }
    expect((await get(pkg.id)).status).toBe('delivered');
    const after = await proof(pkg.id);
    expect(after.outcomes).toHaveLength(1);
    expect(after.outcomes[0]!.full!.photo).not.toBeNull();
    expect(after.outcomes[0]!.reopenedAt).toBeNull();
    const history = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/history`, token: ctx.adminToken })).json() as StatusHistoryEntry[];
    expect(history.filter((h) => h.description.includes('Status changed to'))).toEqual([]);
  });

  it('a driver cannot close a delivered, returned or cancelled stop again (409), nor work a returned or cancelled one', async () => {
    const pkg = await delivered();
    const again = await complete(pkg.id, { kind: 'attempted', reason: 'other', deviceTime: now() });
    expect(again.statusCode).toBe(409);
    for (const status of ['returned', 'cancelled']) {
      const closed = await makePackage(ctx, { status }, driver);
      const res = await patch(closed.id, 'out_for_delivery');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(`This package is ${status}: its stop is closed and only dispatch can reopen it`);
      const outcome = await complete(closed.id, { kind: 'attempted', reason: 'other', deviceTime: now() });
      expect(outcome.statusCode, outcome.body).toBe(409);
      expect((await get(closed.id)).status).toBe(status);
    }
  });

  it('an attempt is not final: the driver can still change the status and close the stop again the next day', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const attempt = await complete(pkg.id, { kind: 'attempted', reason: 'business_closed', deviceTime: now() });
    expect(attempt.statusCode, attempt.body).toBe(201);
    expect((attempt.json() as OutcomeResult).status).toBe('out_for_delivery');
    expect((await patch(pkg.id, 'in_transit')).statusCode).toBe(200);
    expect((await patch(pkg.id, 'out_for_delivery')).statusCode).toBe(200);
    const second = await complete(pkg.id, { kind: 'left', leftAt: 'mailroom', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }]);
    expect(second.statusCode, second.body).toBe(201);
    expect((second.json() as OutcomeResult).status).toBe('delivered');
  });

  it('only an admin reopens, with a reason; the proof stays readable and marked; the reason is in the audit log; the driver works it again', async () => {
    const pkg = await delivered();
    // Not a driver, not without a reason, not an open package.
    expect((await reopen(pkg.id, { reason: 'Customer says not received' }, driver.token)).statusCode).toBe(403);
    expect((await reopen(pkg.id, { reason: 'Customer says not received' }, null)).statusCode).toBe(401);
    const noReason = await reopen(pkg.id, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toBe('Give the reason for reopening (at least 3 characters)');
    expect((await reopen(pkg.id, { reason: '  ' })).statusCode).toBe(400);
    expect((await reopen(pkg.id, { reason: 'Wrong house', status: 'delivered' })).statusCode).toBe(400);
    const open = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const notClosed = await reopen(open.id, { reason: 'Nothing to reopen' });
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json()).toEqual({ message: 'This package is not closed: there is nothing to reopen' });
    expect((await get(pkg.id)).status).toBe('delivered');

    const res = await reopen(pkg.trackingNumber.toLowerCase(), { reason: 'Customer says not received; left at the wrong porch' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ReopenResult;
    expect(body.package.status).toBe('out_for_delivery');
    expect(body.outcome).toMatchObject({ kind: 'left', full: { reopenedBy: 'admin@test.example', reopenReason: 'Customer says not received; left at the wrong porch' } });
    expect(body.outcome!.reopenedAt).toEqual(expect.any(String));

    // The proof stays, with its photo (a link that serves the file), marked reopened.
    const full = await proof(pkg.id);
    expect(full.status).toBe('out_for_delivery');
    expect(full.outcomes).toHaveLength(1);
    expect(full.outcomes[0]).toMatchObject({ kind: 'left', reopenedAt: body.outcome!.reopenedAt, full: { reopenReason: 'Customer says not received; left at the wrong porch' } });
    const photo = await ctx.request({ method: 'GET', url: full.outcomes[0]!.full!.photo!.url });
    expect(photo.statusCode).toBe(200);
    // The public sees that it was reopened, never dispatch's words.
    const open2 = await proof(pkg.trackingNumber, null);
    expect(open2.outcomes[0]!.reopenedAt).toEqual(expect.any(String));
    expect(open2.outcomes[0]!.full).toBeNull();
    expect(JSON.stringify(open2)).not.toContain('wrong porch');
    const history = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}/history` })).json() as StatusHistoryEntry[];
    expect(history.at(-1)).toMatchObject({ status: 'Out for Delivery', description: 'Delivery reopened by dispatch: Out for Delivery' });
    expect(JSON.stringify(history)).not.toContain('wrong porch');

    // The audit log names the admin, the change and the reason.
    const entries = (await ctx.request({ method: 'GET', url: `/api/audit?objectId=${pkg.id}&action=package.reopened`, token: ctx.adminToken })).json() as AuditEntry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: 'admin', actorLabel: 'admin@test.example', action: 'package.reopened', before: { status: 'delivered' }, after: { status: 'out_for_delivery', reason: 'Customer says not received; left at the wrong porch' } });

    // Open again for the driver: a status change, then a new closing; both outcomes kept, oldest first.
    expect((await patch(pkg.id, 'in_transit')).statusCode).toBe(200);
    const redelivered = await complete(pkg.id, { kind: 'left', leftAt: 'front_door', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }]);
    expect(redelivered.statusCode, redelivered.body).toBe(201);
    const both = await proof(pkg.id);
    expect(both.outcomes.map((o) => [o.leftAt, o.reopenedAt === null])).toEqual([
      ['porch', false],
      ['front_door', true],
    ]);
    // A second reopen marks the newest delivery, not the one already reopened.
    const second = await reopen(pkg.id, { reason: 'Again', status: 'processing' });
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as ReopenResult).outcome!.leftAt).toBe('front_door');
    expect((await get(pkg.id)).status).toBe('processing');
  });

  it('a returned or cancelled package (no outcome) is reopened as well, with no outcome to mark', async () => {
    const pkg = await makePackage(ctx, { status: 'cancelled' }, driver);
    const res = await reopen(pkg.id, { reason: 'Customer changed their mind', status: 'processing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ package: { status: 'processing' }, outcome: null });
    expect((await patch(pkg.id, 'picked_up')).statusCode).toBe(200);
  });
});

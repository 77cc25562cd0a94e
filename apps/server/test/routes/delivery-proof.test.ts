import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttemptedPackage, DeliveryProof, DeliveryRequirements, OutcomeResult, StatusHistoryEntry } from '@cargo/shared';
import type { AddressInfo } from 'node:net';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';
import { multipart, type FilePart } from '../multipart.ts';

const FIXTURE = readFileSync(new URL('../fixtures/photo-with-gps.jpg', import.meta.url));

/** A small PNG signature, as the phone's canvas makes it. */
async function signaturePng(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg width="300" height="120"><path d="M10 80 C 60 10, 120 110, 290 30" stroke="black" stroke-width="4" fill="none"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const at = (pkg: { deliveryLat: number | null; deliveryLng: number | null }, metres = 0) => ({
  lat: (pkg.deliveryLat as number) + metres / 111_195,
  lng: pkg.deliveryLng as number,
  accuracy: 8,
});

describeApi('proof of delivery', () => {
  let ctx: TestContext;
  let filesDir: string;
  let driver: DriverFixture;
  let other: DriverFixture;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'cargo-files-'));
    ctx = await setupApp({ env: { FILES_DIR: filesDir, PROOF_FILE_MAX_BYTES: String(2 * 1024 * 1024) } });
    driver = await makeDriver(ctx);
    other = await makeDriver(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const complete = (ref: string, data: unknown, files: FilePart[] = [], token: string | null = driver.token) => {
    const body = multipart(data, files);
    return ctx.request({ method: 'POST', url: `/api/packages/${encodeURIComponent(ref)}/outcomes`, token, payload: body.payload, headers: body.headers });
  };
  const proof = (ref: string, token: string | null = null) => ctx.request({ method: 'GET', url: `/api/delivery-proof/${encodeURIComponent(ref)}`, token });
  const outcomesOf = (packageId: string) => ctx.app.db.selectFrom('deliveryOutcomes').selectAll().where('packageId', '=', packageId).execute();
  const now = () => new Date().toISOString();

  it('delivered to a person: recipient, signature (Express) and photo; the status changes as the dropdown does, with a history entry', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery', serviceType: 'Express Delivery' }, driver);
    const res = await complete(
      pkg.trackingNumber,
      { kind: 'delivered', recipientName: 'Olivia Martin', note: 'Handed over at the door', deviceTime: now(), ...at(pkg, 30) },
      [
        { name: 'photo', bytes: FIXTURE },
        { name: 'signature', bytes: await signaturePng(), filename: 'signature.png', contentType: 'image/png' },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as OutcomeResult;
    expect(body.status).toBe('delivered');
    expect(body.outcome).toMatchObject({ kind: 'delivered', recipientInitials: 'O. M.' });
    expect(body.outcome.full).toMatchObject({ recipientName: 'Olivia Martin', driverName: driver.name, farFromAddress: false });
    expect(body.outcome.full!.distanceM).toBeGreaterThan(20);
    expect(body.outcome.full!.distanceM).toBeLessThan(40);

    const history = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/history` })).json() as StatusHistoryEntry[];
    expect(history.at(-1)).toMatchObject({ status: 'Delivered', description: `Delivered to O. M. by ${driver.name}` });
    const rows = await outcomesOf(pkg.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'delivered', driverId: driver.id, recipientName: 'Olivia Martin' });

    // Stored under random names: photo, its thumbnail, signature.
    const files = listFiles(filesDir).filter((f) => rows[0]!.photoId && !f.endsWith('.partial'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) expect(f).not.toMatch(/photo|signature|Olivia/i);
  });

  it('the stored photo has no GPS position or camera serial, and is upright (its orientation applied)', async () => {
    const before = await exifr.parse(FIXTURE, true);
    expect(before.latitude).toBeCloseTo(43.04, 2);
    expect(before.SerialNumber).toBe('SN-4242-SECRET');

    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const res = await complete(pkg.id, { kind: 'left', leftAt: 'porch', deviceTime: now(), ...at(pkg) }, [{ name: 'photo', bytes: FIXTURE }]);
    expect(res.statusCode, res.body).toBe(201);
    const link = (res.json() as OutcomeResult).outcome.full!.photo!;
    const photo = await ctx.request({ method: 'GET', url: link.url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const stored = photo.rawPayload;
    const after = (await exifr.parse(stored, true).catch(() => undefined)) ?? {};
    expect(after.latitude).toBeUndefined();
    expect(after.GPSLatitude).toBeUndefined();
    expect(after.SerialNumber).toBeUndefined();
    expect(after.Make).toBeUndefined();
    expect(stored.includes(Buffer.from('SN-4242-SECRET'))).toBe(false);
    // 1200x800 taken rotated (orientation 6): kept upright as 800x1200.
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1200]);
    expect(meta.orientation ?? 1).toBe(1);

    const thumb = await ctx.request({ method: 'GET', url: link.thumbUrl! });
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(320);
  });

  it("a required signature missing is a 400 with the reason, and nothing is kept (no row, no file, no status change)", async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery', serviceType: 'Overnight Delivery' }, driver);
    const filesBefore = listFiles(filesDir).length;
    const res = await complete(pkg.id, { kind: 'delivered', recipientName: 'Sam Lee', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A signature is required for this delivery (Overnight Delivery)');
    expect(await outcomesOf(pkg.id)).toHaveLength(0);
    expect(listFiles(filesDir).length).toBe(filesBefore);
    const after = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}`, token: ctx.adminToken })).json();
    expect(after.status).toBe('out_for_delivery');
  });

  it('the outcome fields follow the rules: recipient for delivered, place (and neighbour) for left, reason for attempted, photo for a drop-off', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const cases: Array<[unknown, FilePart[], string]> = [
      [{ kind: 'delivered', deviceTime: now() }, [], 'Recipient name is required'],
      [{ kind: 'left', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }], 'Choose where the package was left'],
      [{ kind: 'left', leftAt: 'neighbour', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }], "Neighbour's name is required"],
      [{ kind: 'left', leftAt: 'front_door', deviceTime: now() }, [], 'A photo is required for this outcome'],
      [{ kind: 'attempted', deviceTime: now() }, [], 'Choose why the package was not delivered'],
      [{ kind: 'attempted', reason: 'damaged', deviceTime: now() }, [], 'A photo is required for this outcome'],
      [{ kind: 'collected', deviceTime: now() }, [], 'Choose an outcome: delivered, left or attempted'],
      [{ kind: 'left', leftAt: 'porch', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }, { name: 'signature', bytes: FIXTURE }], 'A signature is only taken when the package is handed to a person'],
    ];
    for (const [data, files, message] of cases) {
      const res = await complete(pkg.id, data, files);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // No data field, a field the form does not have, JSON that is not JSON, a body that is not a form.
    expect((await complete(pkg.id, undefined, [{ name: 'photo', bytes: FIXTURE }])).json().message).toBe('The data field is required');
    expect((await complete(pkg.id, { kind: 'left' }, [{ name: 'passport', bytes: FIXTURE }])).statusCode).toBe(400);
    const notJson = multipart(undefined);
    const raw = Buffer.from(notJson.payload.toString().replace(/^(--\S+)--/, `$1\r\nContent-Disposition: form-data; name="data"\r\n\r\n{oops\r\n$1--`));
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/outcomes`, token: driver.token, payload: raw, headers: notJson.headers })).json().message).toBe('The data field must be JSON');
    const json = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/outcomes`, token: driver.token, payload: { kind: 'attempted', reason: 'other' } });
    expect(json.statusCode).toBe(415);
    expect(await outcomesOf(pkg.id)).toHaveLength(0);
  });

  it('a text file sent as image/jpeg is 415; a file over the limit is 413; neither keeps anything', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const filesBefore = listFiles(filesDir).length;
    const text = await complete(pkg.id, { kind: 'left', leftAt: 'porch', deviceTime: now() }, [{ name: 'photo', bytes: Buffer.from('just some text, not a picture\n'.repeat(50)), filename: 'door.jpg' }]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Unsupported image: send a JPEG, PNG or WebP picture');
    // A JPEG's first bytes followed by rubbish.
    const fake = Buffer.concat([FIXTURE.subarray(0, 200), Buffer.alloc(5000, 7)]);
    expect((await complete(pkg.id, { kind: 'left', leftAt: 'porch', deviceTime: now() }, [{ name: 'photo', bytes: fake }])).statusCode).toBe(415);

    const big = Buffer.concat([FIXTURE, Buffer.alloc(2 * 1024 * 1024, 1)]);
    const tooBig = await complete(pkg.id, { kind: 'left', leftAt: 'porch', deviceTime: now() }, [{ name: 'photo', bytes: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file is larger than the limit');
    expect(await outcomesOf(pkg.id)).toHaveLength(0);
    expect(listFiles(filesDir).length).toBe(filesBefore);
  });

  it("another driver's package is 403, without a token 401; the cookie alone is refused (forms cross sites)", async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const res = await complete(pkg.id, { kind: 'left', leftAt: 'porch', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }], other.token);
    expect(res.statusCode).toBe(403);
    expect((await complete(pkg.id, { kind: 'attempted', reason: 'other', deviceTime: now() }, [], null)).statusCode).toBe(401);
    const body = multipart({ kind: 'attempted', reason: 'other', deviceTime: now() });
    const cookie = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/outcomes`, payload: body.payload, headers: { ...body.headers, cookie: `session=${driver.token}` } });
    expect(cookie.statusCode).toBe(401);
    expect(await outcomesOf(pkg.id)).toHaveLength(0);
  });

  it('attempts keep the package with dispatch (listed to re-plan), a second attempt is possible, then the delivery', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const first = await complete(pkg.id, { kind: 'attempted', reason: 'nobody_home', deviceTime: now(), ...at(pkg, 1200) }, [{ name: 'photo', bytes: FIXTURE }]);
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as OutcomeResult).status).toBe('out_for_delivery');
    expect((first.json() as OutcomeResult).outcome.full).toMatchObject({ farFromAddress: true });
    const second = await complete(pkg.id, { kind: 'attempted', reason: 'business_closed', note: 'Shutters down', deviceTime: now() });
    expect(second.statusCode, second.body).toBe(201);

    const history = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/history` })).json() as StatusHistoryEntry[];
    expect(history.filter((h) => h.status === 'Delivery Attempted').map((h) => h.description)).toEqual([
      `Delivery attempted: Nobody home (${driver.name})`,
      `Delivery attempted: Business closed (${driver.name})`,
    ]);
    const list = (await ctx.request({ method: 'GET', url: '/api/delivery-attempts', token: ctx.adminToken })).json() as AttemptedPackage[];
    const mine = list.find((p) => p.packageId === pkg.id);
    expect(mine).toMatchObject({ attempts: 2, lastAttempt: { reason: 'business_closed' } });
    expect((await ctx.request({ method: 'GET', url: '/api/delivery-attempts', token: driver.token })).statusCode).toBe(403);

    const done = await complete(pkg.id, { kind: 'left', leftAt: 'neighbour', neighbourName: 'Ann Baker', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }]);
    expect(done.statusCode, done.body).toBe(201);
    const after = (await ctx.request({ method: 'GET', url: '/api/delivery-attempts', token: ctx.adminToken })).json() as AttemptedPackage[];
    expect(after.some((p) => p.packageId === pkg.id)).toBe(false);
    // Closed: a further completion is a conflict.
    expect((await complete(pkg.id, { kind: 'attempted', reason: 'other', deviceTime: now() })).statusCode).toBe(409);

    const admin = (await proof(pkg.id, ctx.adminToken)).json() as DeliveryProof;
    expect(admin.outcomes.map((o) => o.kind)).toEqual(['attempted', 'attempted', 'left']);
    expect(admin.outcomes[2]!.recipientInitials).toBe('A. B.');

    // Each outcome is an event of the outbox, in order (decision 046): two attempts with their reasons, then delivered.
    const events = await ctx.app.repos.events.forSubject('package', pkg.id);
    expect(events.map((e) => e.type).filter((t) => t === 'package.attempted' || t === 'package.delivered')).toEqual(['package.attempted', 'package.attempted', 'package.delivered']);
    expect(events.filter((e) => e.type === 'package.attempted').map((e) => JSON.parse(e.data).reason)).toEqual(['Nobody home', 'Business closed']);
  });

  it('a resend of a queued completion (same clientId) answers the first, never a second row', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const data = { kind: 'delivered', recipientName: 'Kim Park', clientId: 'queue-0001-abcdef', deviceTime: now() };
    const first = await complete(pkg.id, data);
    expect(first.statusCode, first.body).toBe(201);
    const again = await complete(pkg.id, data);
    expect(again.statusCode).toBe(200);
    expect((again.json() as OutcomeResult).duplicate).toBe(true);
    expect((again.json() as OutcomeResult).outcome.id).toBe((first.json() as OutcomeResult).outcome.id);
    expect(await outcomesOf(pkg.id)).toHaveLength(1);
  });

  it('the public view (tracking number) has the outcome in words and initials, never a file; the share link, the driver and an admin see the files', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery', serviceType: 'Express Delivery' }, driver);
    const res = await complete(
      pkg.id,
      { kind: 'delivered', recipientName: 'Olivia Martin', note: 'Gate code 1234', deviceTime: now(), ...at(pkg) },
      [
        { name: 'photo', bytes: FIXTURE },
        { name: 'signature', bytes: await signaturePng(), contentType: 'image/png' },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);

    const pub = await proof(pkg.trackingNumber.toLowerCase());
    expect(pub.statusCode).toBe(200);
    const view = pub.json() as DeliveryProof;
    expect(view.view).toBe('public');
    expect(view.outcomes).toHaveLength(1);
    expect(view.outcomes[0]).toMatchObject({ kind: 'delivered', label: 'Delivered to a person', recipientInitials: 'O. M.', full: null });
    expect(pub.body).not.toMatch(/proof-files|Olivia|Martin|Gate code|lat/);
    // Another driver's token changes nothing.
    expect(((await proof(pkg.trackingNumber, other.token)).json() as DeliveryProof).view).toBe('public');

    const link = await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkg.id, hours: 2, kind: 'customer' } });
    const shared = (await proof(link.json().token)).json() as DeliveryProof;
    expect(shared.view).toBe('full');
    expect(shared.outcomes[0]!.full).toMatchObject({ recipientName: 'Olivia Martin', note: 'Gate code 1234' });
    const sig = await ctx.request({ method: 'GET', url: shared.outcomes[0]!.full!.signature!.url });
    expect(sig.statusCode).toBe(200);
    expect(sig.headers['content-type']).toBe('image/png');
    expect(sig.headers['cache-control']).toMatch(/^private/);
    expect(((await proof(pkg.id, driver.token)).json() as DeliveryProof).view).toBe('full');

    // A guessed, altered or expired link is a 404.
    const url = new URL(shared.outcomes[0]!.full!.photo!.url, 'http://x');
    const tampered = `${url.pathname}?v=full&exp=${url.searchParams.get('exp')}&sig=${'A'.repeat(43)}`;
    expect((await ctx.request({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const stretched = `${url.pathname}?v=full&exp=${Number(url.searchParams.get('exp')) + 3600}&sig=${url.searchParams.get('sig')}`;
    expect((await ctx.request({ method: 'GET', url: stretched })).statusCode).toBe(404);
    const guessed = `/api/proof-files/${crypto.randomUUID()}?v=full&exp=${url.searchParams.get('exp')}&sig=${url.searchParams.get('sig')}`;
    expect((await ctx.request({ method: 'GET', url: guessed })).statusCode).toBe(404);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    try {
      expect((await ctx.request({ method: 'GET', url: shared.outcomes[0]!.full!.photo!.url })).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
    expect((await ctx.request({ method: 'GET', url: shared.outcomes[0]!.full!.photo!.url })).statusCode).toBe(200);
  });

  it('dispatch sets the requirements per service type; a photo required for every outcome is enforced', async () => {
    const read = await ctx.request({ method: 'GET', url: '/api/delivery-requirements', token: driver.token });
    expect(read.statusCode).toBe(200);
    const defaults = (read.json() as DeliveryRequirements).requirements;
    expect(defaults.find((r) => r.serviceType === 'Express Delivery')).toMatchObject({ signatureRequired: true, photoRequired: false });
    expect(defaults.find((r) => r.serviceType === 'Standard Delivery')).toMatchObject({ signatureRequired: false, photoRequired: false });
    expect((await ctx.request({ method: 'PUT', url: '/api/delivery-requirements', token: driver.token, payload: { requirements: [] } })).statusCode).toBe(403);

    const set = await ctx.request({
      method: 'PUT',
      url: '/api/delivery-requirements',
      token: ctx.adminToken,
      payload: { requirements: [...defaults.filter((r) => r.serviceType !== 'Same Day Delivery'), { serviceType: 'Same Day Delivery', signatureRequired: false, photoRequired: true }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const pkg = await makePackage(ctx, { status: 'out_for_delivery', serviceType: 'Same Day Delivery' }, driver);
    const noPhoto = await complete(pkg.id, { kind: 'delivered', recipientName: 'Ray Cole', deviceTime: now() });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toBe('A photo is required for this outcome');
    expect((await complete(pkg.id, { kind: 'delivered', recipientName: 'Ray Cole', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }])).statusCode).toBe(201);
  });

  it('/ws pushes an attempt and a delivery to the package\'s subscribers at once', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const messages: Array<{ type: string; data?: { status?: string } }> = [];
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      socket.send(JSON.stringify({ type: 'subscribe', trackingId: pkg.trackingNumber }));
      await vi.waitFor(() => expect(messages.some((m) => m.type === 'subscription_confirmed')).toBe(true));
      await complete(pkg.id, { kind: 'attempted', reason: 'access_refused', deviceTime: now() });
      await vi.waitFor(() => expect(messages.filter((m) => m.type === 'status_update').map((m) => m.data?.status)).toEqual(['out_for_delivery']));
      await complete(pkg.id, { kind: 'delivered', recipientName: 'Lee Ward', deviceTime: now() });
      await vi.waitFor(() => expect(messages.filter((m) => m.type === 'status_update').map((m) => m.data?.status)).toEqual(['out_for_delivery', 'delivered']));
    } finally {
      socket.close();
    }
  });

  it("deleting a package deletes its stored photos and signatures", async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const res = await complete(pkg.id, { kind: 'left', leftAt: 'porch', deviceTime: now() }, [{ name: 'photo', bytes: FIXTURE }]);
    expect(res.statusCode, res.body).toBe(201);
    const file = await ctx.app.db.selectFrom('proofFiles').selectAll().where('packageId', '=', pkg.id).executeTakeFirstOrThrow();
    const stored = () => listFiles(filesDir).filter((f) => f.endsWith(file.storageKey) || f.endsWith(file.thumbKey!));
    expect(stored()).toHaveLength(2);
    expect((await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.id}`, token: ctx.adminToken })).statusCode).toBe(204);
    await vi.waitFor(() => expect(stored()).toHaveLength(0));
    await vi.waitFor(async () => expect(await ctx.app.db.selectFrom('proofFiles').selectAll().where('packageId', '=', pkg.id).execute()).toHaveLength(0));
    expect(await outcomesOf(pkg.id)).toHaveLength(0);
  });

  it('an admin downloads the receipt as a PDF holding the tracking number; a driver may not', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery', serviceType: 'Express Delivery' }, driver);
    await complete(pkg.id, { kind: 'delivered', recipientName: 'Olivia Martin', deviceTime: now(), ...at(pkg, 1500) }, [
      { name: 'photo', bytes: FIXTURE },
      { name: 'signature', bytes: await signaturePng(), contentType: 'image/png' },
    ]);
    const res = await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}/proof-receipt`, token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`proof-of-delivery-${pkg.trackingNumber}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(20_000);
    expect(pdf.toString('latin1')).toContain(pkg.trackingNumber);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/proof-receipt`, token: driver.token })).statusCode).toBe(403);
  });
});

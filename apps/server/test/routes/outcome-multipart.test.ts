import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorSchema, type Package } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

const FIXTURE = readFileSync(new URL('../fixtures/photo-with-gps.jpg', import.meta.url));
const B = 'cargoBoundary7MA4YWxk';
const DATA = JSON.stringify({ kind: 'left', leftAt: 'front_door', deviceTime: new Date().toISOString() });
const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename = 'door.jpg') => `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;
const end = `--${B}--\r\n`;
const withBoundary = `multipart/form-data; boundary=${B}`;

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * Issue 31, defect 3: every malformed multipart body on the completion route is a 400 with a JSON message, and keeps
 * nothing: no outcome row, no file in the store, the package's status as it was.
 */
describeApi('a malformed multipart completion', () => {
  let ctx: TestContext;
  let filesDir: string;
  let driver: DriverFixture;
  let pkg: Package;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'cargo-files-'));
    ctx = await setupApp({ env: { FILES_DIR: filesDir } });
    driver = await makeDriver(ctx);
    pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const cases: Array<[string, string, Buffer | string]> = [
    ['a multipart content type without a boundary', 'multipart/form-data', Buffer.concat([Buffer.from(field('data', DATA) + fileHead('photo')), FIXTURE, Buffer.from(`\r\n${end}`)])],
    ['a body that is not multipart at all', withBoundary, 'this is not a multipart body'],
    ['an empty body', withBoundary, ''],
    ['a body cut inside the data field', withBoundary, `--${B}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"kind":"le`],
    ['a body cut inside the photo', withBoundary, Buffer.concat([Buffer.from(field('data', DATA) + fileHead('photo')), FIXTURE.subarray(0, 2000)])],
    ['a body cut after the photo, before the closing boundary', withBoundary, Buffer.concat([Buffer.from(field('data', DATA) + fileHead('photo')), FIXTURE, Buffer.from('\r\n')])],
    ['a part header cut short', withBoundary, `${field('data', DATA)}--${B}\r\nContent-Disposition: form-da`],
    ['a part without a name', withBoundary, Buffer.concat([Buffer.from(`--${B}\r\nContent-Disposition: form-data\r\n\r\n${DATA}\r\n${fileHead('photo')}`), FIXTURE, Buffer.from(`\r\n${end}`)])],
    ['a file without a name', withBoundary, Buffer.concat([Buffer.from(`${field('data', DATA)}--${B}\r\nContent-Disposition: form-data; filename="door.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), FIXTURE, Buffer.from(`\r\n${end}`)])],
    ['a part without a Content-Disposition', withBoundary, Buffer.concat([Buffer.from(`${field('data', DATA)}--${B}\r\nContent-Type: image/jpeg\r\n\r\n`), FIXTURE.subarray(0, 1000), Buffer.from(`\r\n${end}`)])],
    // Over busboy's part buffer: the parser stops reading the body (decision 088); refused when it has held it 2 s.
    ['a large part without a Content-Disposition', withBoundary, Buffer.concat([Buffer.from(`${field('data', DATA)}--${B}\r\nContent-Type: image/jpeg\r\n\r\n`), Buffer.alloc(300_000, 0x41), Buffer.from(`\r\n${end}`)])],
    ['the data field sent as a file', withBoundary, Buffer.concat([Buffer.from(`${fileHead('data', 'data.json')}${DATA}\r\n${fileHead('photo')}`), FIXTURE, Buffer.from(`\r\n${end}`)])],
    ['the photo sent as a field', withBoundary, `${field('data', DATA)}${field('photo', 'not a file')}${end}`],
    ['the signature sent as a field', withBoundary, `${field('data', DATA)}${field('signature', 'not a file')}${end}`],
    ['two data fields', withBoundary, `${field('data', DATA)}${field('data', DATA)}${end}`],
    ['no data field, a photo only', withBoundary, Buffer.concat([Buffer.from(fileHead('photo')), FIXTURE, Buffer.from(`\r\n${end}`)])],
  ];

  for (const [what, contentType, payload] of cases) {
    it(`${what}: 400 with a JSON message, nothing stored`, async () => {
      const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/outcomes`, token: driver.token, payload, headers: { 'content-type': contentType } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = errorSchema.parse(res.json());
      expect(typeof body.message).toBe('string');
      expect(body.message.length).toBeGreaterThan(0);
      expect(body.message).not.toMatch(/Internal Server Error/i);
      const outcomes = await ctx.app.db.selectFrom('deliveryOutcomes').selectAll().where('packageId', '=', pkg.id).execute();
      expect(outcomes).toEqual([]);
      expect(listFiles(filesDir)).toEqual([]);
      const after = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}`, token: ctx.adminToken })).json() as Package;
      expect(after.status).toBe('out_for_delivery');
    });
  }

  it('after all of them, a well-formed completion still closes the stop (the route is not left in a bad state)', async () => {
    const payload = Buffer.concat([Buffer.from(field('data', DATA) + fileHead('photo')), FIXTURE, Buffer.from(`\r\n${end}`)]);
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/outcomes`, token: driver.token, payload, headers: { 'content-type': withBoundary } });
    expect(res.statusCode, res.body).toBe(201);
    expect(listFiles(filesDir).length).toBeGreaterThan(0);
  });
});

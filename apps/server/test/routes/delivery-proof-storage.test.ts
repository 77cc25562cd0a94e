import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutcomeResult, DeliveryProof } from '@cargo/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { backupDatabase, restoreDatabase } from '../../src/db/backup.ts';
import { backupFiles, restoreFiles } from '../../src/db/files-backup.ts';
import { openDatabase } from '../../src/db/index.ts';
import { S3FileStore } from '../../src/services/delivery-proof/file-store.ts';
import { makeDriver, makePackage } from '../fixtures.ts';
import { DIALECT, describeApi, setupApp, unique, type TestContext } from '../helper.ts';
import { multipart } from '../multipart.ts';

const FIXTURE = readFileSync(new URL('../fixtures/photo-with-gps.jpg', import.meta.url));

async function deliverWithPhoto(ctx: TestContext) {
  const driver = await makeDriver(ctx);
  const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
  const body = multipart({ kind: 'left', leftAt: 'front_door', deviceTime: new Date().toISOString() }, [{ name: 'photo', bytes: FIXTURE }]);
  const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/outcomes`, token: driver.token, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return { pkg, result: res.json() as OutcomeResult };
}

describeApi('proof-of-delivery files in S3-compatible storage (a real S3-protocol server on loopback)', () => {
  let ctx: TestContext;
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'cargo-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'proof', configs: [] }] });
    const { port } = (await s3.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
    ctx = await setupApp({
      env: { S3_ENDPOINT: endpoint, S3_BUCKET: 'proof', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores the photo and its thumbnail as objects and reads them back through the signed link', async () => {
    expect(ctx.app.deliveryProof.store.kind).toBe('s3');
    const { pkg, result } = await deliverWithPhoto(ctx);
    const file = await ctx.app.db.selectFrom('proofFiles').selectAll().where('packageId', '=', pkg.id).executeTakeFirstOrThrow();

    // Straight from the bucket with a client of its own: the object is there, as processed.
    const bucket = new S3FileStore({ endpoint, bucket: 'proof', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    try {
      const object = await bucket.get(file.storageKey);
      expect(object?.length).toBe(file.bytes);
      expect(await bucket.get(file.thumbKey!)).toBeDefined();
      expect(await bucket.get('no-such-object.jpg')).toBeUndefined();
      const viaLink = await ctx.request({ method: 'GET', url: result.outcome.full!.photo!.url });
      expect(viaLink.statusCode).toBe(200);
      expect(viaLink.rawPayload.equals(object!)).toBe(true);
      expect((await ctx.request({ method: 'GET', url: result.outcome.full!.photo!.thumbUrl! })).statusCode).toBe(200);
    } finally {
      bucket.destroy();
    }
  });
});

describeApi('proof-of-delivery files in backup and restore (the folder store)', () => {
  let ctx: TestContext;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cargo-backup-'));
    ctx = await setupApp({ env: { FILES_DIR: join(work, 'files') } });
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
  });

  it('npm run backup copies the photos beside the database; restore brings them back', async () => {
    const { pkg } = await deliverWithPhoto(ctx);
    const backupFile = join(work, `backup-${unique()}.${DIALECT === 'postgres' ? 'dump' : 'db'}`);
    await backupDatabase(ctx.env.DATABASE_URL, backupFile);
    expect(backupFiles(join(work, 'files'), backupFile)).toBe(2);

    // The server stops; the files are lost.
    const env = ctx.env;
    await ctx.app.close();
    await ctx.app.database.close();
    rmSync(join(work, 'files'), { recursive: true, force: true });

    await restoreDatabase(env.DATABASE_URL, backupFile, { force: true });
    expect(restoreFiles(join(work, 'files'), backupFile)).toBe(2);
    expect(existsSync(join(work, 'files'))).toBe(true);

    const handle = await openDatabase(env.DATABASE_URL);
    const app = await buildApp({ env, database: handle, logger: false, namespace: unique('ns'), webDist: null });
    try {
      await app.ready();
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } });
      const token = login.json().token as string;
      const proof = (await app.inject({ method: 'GET', url: `/api/delivery-proof/${pkg.id}`, headers: { authorization: `Bearer ${token}` } })).json() as DeliveryProof;
      const photo = await app.inject({ method: 'GET', url: proof.outcomes[0]!.full!.photo!.url });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

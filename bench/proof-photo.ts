// The proof-of-delivery photo path (issue 18): one completion with a ~5 MB camera photo through the real app
// (multipart parsing, byte check, orientation, resize to 1,600 px, metadata removed, thumbnail, folder store, the
// outcome and status in one transaction on SQLite), timed per request; with the process's peak RSS and the RSS added
// by the runs. Run: npx tsx bench/proof-photo.ts [runs=7]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { resourceUsage } from 'node:process';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.ts';
import { prepareDatabase } from '../apps/server/src/bootstrap.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { loadEnv } from '../apps/server/src/env.ts';

const runs = Number(process.argv[2] ?? 7);

/** A 4,000 x 3,000 picture of noise at high quality: a JPEG of about 5 MB, like a phone camera's. */
async function cameraPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < raw.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (seed >> 16) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 55 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 2/1 2400/100', GPSLongitudeRef: 'W', GPSLongitude: '87/1 53/1 4500/100' } })
    .toBuffer();
}

function form(data: unknown, photo: Buffer) {
  const boundary = '----bench';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const dir = mkdtempSync(join(tmpdir(), 'cargo-bench-proof-'));
try {
  const photo = await cameraPhoto();
  const env = loadEnv({ DATABASE_URL: join(dir, 'bench.db'), FILES_DIR: join(dir, 'files'), ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password', SEED_DEMO: 'false', DEMO_DRIVE: 'false', LOG_LEVEL: 'silent', PASSWORD_HASH_LOG_N: '14' });
  const handle = await openDatabase(env.DATABASE_URL);
  await prepareDatabase(handle, env, { info() {}, warn() {}, error() {} } as never);
  const app = await buildApp({ env, database: handle, logger: false, webDist: null });
  await app.ready();
  const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } })).json().token as string;
  const auth = { authorization: `Bearer ${token}` };
  const rssBefore = process.memoryUsage().rss;
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i += 1) {
    const pkg = (
      await app.inject({
        method: 'POST',
        url: '/api/packages',
        headers: auth,
        payload: { trackingNumber: `BENCH${i}`, status: 'out_for_delivery', currentLocation: 'Out for Delivery', estimatedDelivery: 'Today', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202', customerName: 'Bench Customer', customerPhone: '(312) 555-0142', weight: '1 lb', dimensions: '1 x 1 x 1 in' },
      })
    ).json();
    const body = form({ kind: 'left', leftAt: 'porch', deviceTime: new Date().toISOString(), lat: 43.04, lng: -87.9, accuracy: 5 }, photo);
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/packages/${pkg.id}/outcomes`, headers: { ...auth, ...body.headers }, payload: body.payload });
    const ms = performance.now() - started;
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    // The first run warms sharp's and the database's caches; it is reported apart.
    if (i === 0) console.log(`first run ${ms.toFixed(0)} ms`);
    else times.push(ms);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    JSON.stringify({
      photoBytes: photo.length,
      runs: times.length,
      medianMs: Math.round(median),
      maxMs: Math.round(times.at(-1)!),
      minMs: Math.round(times[0]!),
      peakRssMb: Math.round(resourceUsage().maxRSS / 1024),
      rssAddedMb: Math.round((process.memoryUsage().rss - rssBefore) / 1048576),
    }),
  );
  await app.close();
  await handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

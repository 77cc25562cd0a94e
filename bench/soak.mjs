#!/usr/bin/env node
// Soak (issue 10): the built server under mixed load for a bounded time — GPS ingest from many drivers, public
// lookups, and many /ws subscribers — reporting RSS and p99 latency each minute. Passes when RSS at the last minute
// is at most 10% above the first minute's and no request failed with a 5xx.
//
//   npm run build && node bench/soak.mjs [--minutes 5] [--drivers 50] [--lookups-per-second 100] [--sockets 1000]
//   (DATABASE_URL=postgres://… to soak on PostgreSQL; the default is a fresh SQLite file)
// Figures are printed and written to bench/out/soak.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';

const root = resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const MINUTES = arg('minutes', 5);
const DRIVERS = arg('drivers', 50);
const LOOKUPS_PER_SECOND = arg('lookups-per-second', 100);
const SOCKETS = arg('sockets', 1000);
const MINUTE_MS = arg('minute-ms', 60_000);

const port = await new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => ok(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'cargo-soak-'));
const ADMIN = { email: 'soak@example.com', password: 'soak-bench-password' };
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: dataDir,
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DEMO_DRIVE: 'false',
    DATABASE_URL: process.env.DATABASE_URL ?? join(dataDir, 'soak.db'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PASSWORD_HASH_LOG_N: '14',
    PUBLIC_LOOKUPS_PER_MINUTE: '10000000',
    WS_CONNECTIONS_PER_IP: String(SOCKETS + 100),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

async function api(method, path, body, token) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const sockets = [];
let stop = false;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const admin = (await api('POST', '/api/auth/login', ADMIN)).body.token;

  // The data set: drivers, each with one package out for delivery near Chicago.
  const fleet = [];
  for (let i = 0; i < DRIVERS; i++) {
    const phone = `555${String(7000000 + i)}`;
    const driver = (await api('POST', '/api/drivers', { name: `Soak Driver ${i}`, phone, vehicleId: `SOAK-${i}` }, admin)).body;
    const session = (await api('POST', '/api/drivers/session', { phone: driver.phone, pin: driver.pin })).body;
    const pkg = (
      await api(
        'POST',
        '/api/packages',
        {
          trackingNumber: `SOAK${String(i).padStart(5, '0')}`,
          status: 'out_for_delivery',
          currentLocation: 'Out for Delivery',
          estimatedDelivery: 'Monday, January 5, 2026 - Wednesday, January 7, 2026',
          pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
          deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
          customerName: 'Soak Customer',
          customerPhone: '(312) 555-0142',
          weight: '1 lb',
          dimensions: '1 x 1 x 1 in',
          serviceType: 'Standard Delivery',
          driverId: driver.id,
          driver: driver.name,
          driverPhone: driver.phone,
          pickupLat: 41.8789,
          pickupLng: -87.6359,
          deliveryLat: 43.0401,
          deliveryLng: -87.897,
        },
        admin,
      )
    ).body;
    fleet.push({ token: session.token, pkg, lat: 41.8789 + i * 0.001, lng: -87.6359 });
  }

  // Subscribers: SOCKETS sockets spread over the packages.
  let pushes = 0;
  for (let i = 0; i < SOCKETS; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((ok, fail) => {
      socket.once('open', ok);
      socket.once('error', fail);
    });
    socket.send(JSON.stringify({ type: 'subscribe', trackingId: fleet[i % fleet.length].pkg.trackingNumber }));
    socket.on('message', () => (pushes += 1));
    sockets.push(socket);
  }

  const minutes = [];
  let window = { latencies: [], requests: 0, errors5xx: 0, other: 0 };
  const record = async (run) => {
    const started = performance.now();
    try {
      const res = await run();
      window.requests += 1;
      if (res.status >= 500) window.errors5xx += 1;
      else if (res.status >= 400) window.other += 1;
    } catch {
      window.errors5xx += 1;
    }
    window.latencies.push(performance.now() - started);
  };

  // Each driver sends one fix a second, moving north about 10 m each time.
  const drivers = fleet.map(async (d) => {
    while (!stop) {
      d.lat += 0.0001;
      await record(() => api('POST', `/api/packages/${d.pkg.id}/gps`, { lat: d.lat, lng: d.lng, accuracy: 8, speed: 10 }, d.token));
      await new Promise((r) => setTimeout(r, 1000));
    }
  });
  // Public lookups at a steady rate.
  const lookups = (async () => {
    let n = 0;
    while (!stop) {
      const d = fleet[n++ % fleet.length];
      void record(() => fetch(`${base}/api/packages/${d.pkg.trackingNumber}`).then(async (r) => (await r.arrayBuffer(), r)));
      await new Promise((r) => setTimeout(r, 1000 / LOOKUPS_PER_SECOND));
    }
  })();

  console.log(`soak: ${MINUTES} min, ${DRIVERS} drivers at 1 fix/s, ${LOOKUPS_PER_SECOND} lookups/s, ${SOCKETS} sockets`);
  console.log('minute | requests | 5xx | 4xx | p99 ms | RSS MB | pushes');
  for (let m = 1; m <= MINUTES; m++) {
    await new Promise((r) => setTimeout(r, MINUTE_MS));
    const row = {
      minute: m,
      requests: window.requests,
      errors5xx: window.errors5xx,
      errors4xx: window.other,
      p99Ms: Math.round(percentile(window.latencies, 99) * 10) / 10,
      rssMb: Math.round(rssOf(server.pid) / 1024 / 102.4) / 10,
      pushes,
    };
    minutes.push(row);
    console.log(`${row.minute} | ${row.requests} | ${row.errors5xx} | ${row.errors4xx} | ${row.p99Ms} | ${row.rssMb} | ${row.pushes}`);
    window = { latencies: [], requests: 0, errors5xx: 0, other: 0 };
  }
  stop = true;
  await Promise.all([...drivers, lookups]);

  const growth = minutes.length > 1 ? minutes.at(-1).rssMb / minutes[0].rssMb - 1 : 0;
  const failed = minutes.reduce((sum, m) => sum + m.errors5xx, 0);
  const result = { date: new Date().toISOString(), minutes: MINUTES, drivers: DRIVERS, lookupsPerSecond: LOOKUPS_PER_SECOND, sockets: SOCKETS, rows: minutes, rssGrowth: growth, failed };
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/soak.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`RSS growth from minute 1 to ${MINUTES}: ${(growth * 100).toFixed(1)}% (limit 10%); 5xx: ${failed}`);
  process.exitCode = growth <= 0.1 && failed === 0 ? 0 : 1;
} finally {
  stop = true;
  for (const s of sockets) s.terminate();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

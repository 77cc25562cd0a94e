// Quick ingest probe: N drivers each with an in_transit package, autocannon with generated fixes.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire('/work/main/package.json');
const autocannon = require('autocannon');
const port = 4500; const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync('/tmp/lead/db-');
const db = process.argv[2] ?? `${dir}/q.db`;
const child = spawn(process.execPath, [...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=/tmp/lead/prof`] : []), '/work/main/apps/server/dist/server.js'], { env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: db, SEED_DEMO: 'false', DEMO_DRIVE: 'false', ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'password-123456', PASSWORD_HASH_LOG_N: '14', INGEST_PER_MINUTE: '1000000', PUBLIC_LOOKUPS_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'inherit', 'inherit'] });
for (let i = 0; i < 200; i++) { if (await fetch(`${base}/api/ready`).then(r => r.ok).catch(() => false)) break; await new Promise(r => setTimeout(r, 100)); }
const j = async (method, path, body, token) => { const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined }); const t = await r.text(); if (!r.ok) throw new Error(`${method} ${path} ${r.status} ${t}`); return JSON.parse(t); };
const admin = (await j('POST', '/api/auth/login', { email: 'a@b.example', password: 'password-123456' })).token;
const N = Number(process.env.N ?? 50);
const fleet = [];
for (let i = 0; i < N; i++) {
  const d = await j('POST', '/api/drivers', { name: `D${i}`, phone: `555${String(1000000 + i)}`, vehicleId: `T${i}` }, admin);
  const p = await j('POST', '/api/packages', { trackingNumber: `QK${100000 + i}`, status: 'in_transit', currentLocation: 'Hub', estimatedDelivery: 'Monday, January 5, 2026 - Wednesday, January 7, 2026', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202', customerName: 'O M', customerPhone: '(312) 555-0142', weight: '1 lb', dimensions: '1x1x1', serviceType: 'Standard Delivery', driverId: d.id }, admin);
  const s = await j('POST', '/api/drivers/session', { phone: d.phone, pin: d.pin });
  fleet.push({ token: s.token, id: p.id, tn: p.trackingNumber, step: 0 });
}
const start = Date.now() - 3_600_000;
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10_000; };
let k = 0;
const mode = process.env.MODE ?? 'ingest';
const c0 = cpu();
const res = await autocannon({ url: base, connections: 50, duration: Number(process.env.DUR ?? 10), requests: [{ setupRequest: (req) => {
  const d = fleet[k++ % fleet.length];
  if (mode === 'lookup') return { ...req, method: 'GET', path: `/api/packages/${d.tn}` };
  d.step++;
  return { ...req, method: 'POST', path: `/api/packages/${d.id}/gps`, headers: { 'content-type': 'application/json', authorization: `Bearer ${d.token}` }, body: JSON.stringify({ lat: 41.8 + d.step * 0.00002, lng: -87.6, accuracy: 5, speed: 8, timestamp: new Date(start + d.step * 1000).toISOString() }) };
} }] });
const c1 = cpu();
console.log(mode, 'req/s', res.requests.average, 'p99', res.latency.p99, 'non2xx', res.non2xx, 'total', res.requests.total, 'cpu µs/req', Math.round((c1 - c0) / res.requests.total));
child.kill('SIGTERM');

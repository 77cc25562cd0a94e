#!/usr/bin/env node
// Benchmark 6 of issue 11: Lighthouse (mobile defaults: Moto G Power emulation, simulated slow 4G, 4× CPU slowdown) of
// the public pages and /admin, in Debian's Chromium, against a running built server and nothing else on the network.
// Also the JS + CSS each page fetched on its first load (Lighthouse's own network records), in gzip bytes.
//
//   node bench/suites/pages.mjs --url http://127.0.0.1:5201 [--smoke] [--tracking-number PKG…] [--runs 3]
//
// The tracking number: --tracking-number, else a package found through the admin API (ADMIN_EMAIL / ADMIN_PASSWORD of
// the server, or options.admin), created there if the database has none.
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const TARGETS = { performance: 95, cls: 0.05, lcpMsHome: 2000 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-extensions',
];

async function json(url, init) {
  const reply = await fetch(url, init);
  if (!reply.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

/** A tracking number the pages can show: an existing package, or one created for the benchmark. */
export async function findTrackingNumber(baseUrl, admin = { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }) {
  if (!admin?.email || !admin?.password) throw new Error('pages: no tracking number given and no admin credentials (ADMIN_EMAIL / ADMIN_PASSWORD) to find one');
  const { token } = await json(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const rows = await json(`${baseUrl}/api/packages`, { headers });
  // A package on the road shows the most (map, driver, timeline): prefer one.
  const row = rows.find((p) => p.status === 'in_transit') ?? rows.at(-1);
  if (row) return row.trackingNumber;
  const created = await json(`${baseUrl}/api/packages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      trackingNumber: `PKGBENCH${Date.now() % 1_000_000}`,
      status: 'in_transit',
      deliveryAddress: '350 5th Ave, New York, NY 10118',
      pickupAddress: '1 Market St, San Francisco, CA 94105',
      customerName: 'Bench Customer',
      customerPhone: '5550100000',
      pickupLat: 37.7936,
      pickupLng: -122.3958,
      deliveryLat: 40.7484,
      deliveryLng: -73.9857,
    }),
  });
  return created.trackingNumber;
}

/**
 * The JS and CSS the page fetched: bytes as transferred (the server sends precompressed brotli to Chromium) and the
 * gzip -9 size of the same files, fetched again here, the measure of bench/page-weight.mjs and its 170 KB budget.
 */
async function jsCssBytesOf(lhr) {
  const items = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script' || r.resourceType === 'Stylesheet');
  let gzip = 0;
  for (const r of items) {
    const body = Buffer.from(await (await fetch(r.url)).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { jsCssTransferBytes: items.reduce((n, r) => n + (r.transferSize ?? 0), 0), jsCssGzipBytes: gzip };
}

async function audit(url, port) {
  let lhr;
  // Lighthouse now and then fails to record the trace (NO_NAVSTART) in a browser it has used before: try again.
  for (let attempt = 1; ; attempt++) {
    lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })).lhr;
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const a = lhr.audits;
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: Number((a['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
    lcpMs: Math.round(a['largest-contentful-paint'].numericValue ?? 0),
    tbtMs: Math.round(a['total-blocking-time'].numericValue ?? 0),
    fcpMs: Math.round(a['first-contentful-paint'].numericValue ?? 0),
    ...(await jsCssBytesOf(lhr)),
  };
}

const median = (values) => {
  const s = [...values].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Runs Lighthouse on each page; answers one row per page with the median of `runs` runs (each metric's own median).
 * Smoke: `/` once.
 */
export async function run({ baseUrl, smoke = false, chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', trackingNumber, admin, runs = 3 } = {}) {
  const base = baseUrl.replace(/\/$/, '');
  const pages = [{ name: 'lighthouse /', path: '/' }];
  if (!smoke) {
    const tn = trackingNumber ?? (await findTrackingNumber(base, admin));
    pages.push(
      { name: 'lighthouse /?track={tn}', path: `/?track=${encodeURIComponent(tn)}` },
      { name: 'lighthouse /schedule-pickup', path: '/schedule-pickup' },
      { name: 'lighthouse /track-realtime/{tn}', path: `/track-realtime/${encodeURIComponent(tn)}` },
      { name: 'lighthouse /admin', path: '/admin', publicPage: false },
    );
  }
  const rounds = smoke ? 1 : runs;
  const chrome = await launch({ chromePath: chromium, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows = [];
  try {
    for (const page of pages) {
      const samples = [];
      for (let i = 0; i < rounds; i++) samples.push(await audit(`${base}${page.path}`, chrome.port));
      const metrics = {};
      for (const key of Object.keys(samples[0])) metrics[key] = median(samples.map((s) => s[key]));
      metrics.runs = rounds;
      const isPublic = page.publicPage !== false;
      const targets = isPublic ? { performance: `≥ ${TARGETS.performance}`, cls: `≤ ${TARGETS.cls}` } : {};
      if (page.path === '/') targets.lcpMs = `≤ ${TARGETS.lcpMsHome}`;
      const pass = !isPublic || (metrics.performance >= TARGETS.performance && metrics.cls <= TARGETS.cls && (page.path !== '/' || metrics.lcpMs <= TARGETS.lcpMsHome));
      rows.push({ name: page.name, metrics, targets, pass: isPublic ? pass : undefined, samples });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

export function printTable(rows) {
  const header = ['page', 'perf', 'CLS', 'LCP ms', 'TBT ms', 'FCP ms', 'JS+CSS gzip B', 'target'];
  const lines = rows.map((r) => [
    r.name,
    r.metrics.performance,
    r.metrics.cls,
    r.metrics.lcpMs,
    r.metrics.tbtMs,
    r.metrics.fcpMs,
    r.metrics.jsCssGzipBytes,
    r.pass === undefined ? 'reported' : r.pass ? 'met' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(String(h).length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (l) => l.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const baseUrl = opt('--url');
  if (!baseUrl) {
    console.error('usage: node bench/suites/pages.mjs --url http://127.0.0.1:5201 [--smoke] [--tracking-number TN] [--runs N] [--json]');
    process.exit(2);
  }
  const rows = await run({
    baseUrl,
    smoke: args.includes('--smoke'),
    chromium: opt('--chromium'),
    trackingNumber: opt('--tracking-number'),
    runs: opt('--runs') ? Number(opt('--runs')) : undefined,
  });
  printTable(rows);
  if (args.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}

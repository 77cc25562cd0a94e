#!/usr/bin/env node
// Benchmark 6 of issue 11: Lighthouse (mobile defaults: Moto G Power emulation, simulated slow 4G, 4× CPU slowdown) of
// the public pages, the driver pages and /admin, in Debian's Chromium, against a running built server and nothing else
// on the network. Also the JS + CSS each page fetched on its first load (Lighthouse's own network records), in gzip bytes.
//
//   node bench/suites/pages.mjs --url http://127.0.0.1:5201 [--smoke] [--tracking-number PKG…] [--runs 3] [--only REGEX]
//
// The tracking number: --tracking-number, else a package found through the admin API (ADMIN_EMAIL / ADMIN_PASSWORD of
// the server, or options.admin), created there if the database has none.
//
// Signed-in pages (issue 21, part 7): the admin panel signed in (the admin's token from ADMIN_EMAIL / ADMIN_PASSWORD)
// and the driver pages signed in as a bench driver (phone BENCH_DRIVER_PHONE, created through the admin API with a PIN
// and eight packages on its first use, its PIN set anew on each run, then signed in with `POST /api/drivers/session`).
// Before each run of such a page the origin's storage, service workers and the browser's cache are cleared, as
// Lighthouse does, then the session is written to local storage (where the app keeps it), and Lighthouse runs with its
// own storage reset off: a cold load of a signed-in page. Without admin credentials those pages are skipped.
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

/** Public pages ≥ 95 (issue 11); the driver pages ≥ 95 and the admin panel ≥ 90 (issue 21, part 7). */
export const TARGETS = { performance: 95, driverPerformance: 95, adminPerformance: 90, cls: 0.05, lcpMsHome: 2000 };
export const BENCH_DRIVER_PHONE = '5550199001';
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
 * A customer share link of the package (issue 33: the page that acts, /track-live/{token}), made through the admin API
 * with `POST /api/share-links` (kind 'customer', 8 h), which every version of the product since share links has, so one
 * build can be measured against another the same way. Answers the token.
 */
export async function customerLinkToken(baseUrl, admin, trackingNumber) {
  const token = await adminTokenOf(baseUrl, admin);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const pkg = await json(`${baseUrl}/api/packages/${encodeURIComponent(trackingNumber)}`, { headers });
  const link = await json(`${baseUrl}/api/share-links`, { method: 'POST', headers, body: JSON.stringify({ packageId: pkg.id, hours: 8, kind: 'customer' }) });
  return link.token;
}

async function adminTokenOf(baseUrl, admin) {
  const { token } = await json(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  return token;
}

const BENCH_DRIVER_STATUSES = ['out_for_delivery', 'in_transit', 'in_transit', 'pick_up', 'processing', 'processing', 'delivered', 'delivered'];

/**
 * The local-storage entries of a signed-in admin and of a signed-in driver (the bench driver, made on first use with
 * eight packages of mixed status, as a driver's day), and a package of that driver for /driver-track/{tn}.
 */
export async function signedInSessions(baseUrl, admin) {
  const adminToken = await adminTokenOf(baseUrl, admin);
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const drivers = await json(`${baseUrl}/api/drivers`, { headers });
  let driver = drivers.find((d) => d.phone.replace(/\D/g, '').endsWith(BENCH_DRIVER_PHONE));
  const pin = String(100000 + Math.floor(Math.random() * 899999));
  if (driver) {
    await json(`${baseUrl}/api/drivers/${driver.id}/pin`, { method: 'POST', headers, body: JSON.stringify({ pin }) });
  } else {
    driver = await json(`${baseUrl}/api/drivers`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench Driver', phone: BENCH_DRIVER_PHONE, pin, vehicleId: 'TRUCK-BNCH' }) });
  }
  let packages = await json(`${baseUrl}/api/drivers/${driver.id}/packages`, { headers });
  for (let i = packages.length; i < BENCH_DRIVER_STATUSES.length; i++) {
    await json(`${baseUrl}/api/packages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        trackingNumber: `PKGDRV${Date.now() % 1_000_000}${i}`,
        status: BENCH_DRIVER_STATUSES[i],
        pickupAddress: '100 N Main St, Milwaukee, WI 53202',
        deliveryAddress: `${200 + i * 10} E Wells St, Milwaukee, WI 53202`,
        estimatedDelivery: 'Monday, June 1, 2026 - Tuesday, June 2, 2026',
        customerName: `Bench Customer ${i + 1}`,
        customerPhone: '(414) 555-0100',
        deliveryLat: 43.0412 + i * 0.002,
        deliveryLng: -87.9075 - i * 0.002,
        driverId: driver.id,
        driver: driver.name,
        driverPhone: driver.phone,
      }),
    });
  }
  if (packages.length < BENCH_DRIVER_STATUSES.length) packages = await json(`${baseUrl}/api/drivers/${driver.id}/packages`, { headers });
  const session = await json(`${baseUrl}/api/drivers/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: BENCH_DRIVER_PHONE, pin }),
  });
  const onTheRoad = packages.find((p) => p.status === 'in_transit' || p.status === 'out_for_delivery') ?? packages[0];
  return {
    admin: { admin_token: adminToken },
    driver: { driver_token: session.token, driver_profile: JSON.stringify(session.driver) },
    driverTrackingNumber: onTheRoad.trackingNumber,
  };
}

/**
 * A cold browser for `baseUrl` (its storage, service workers and cache cleared, as Lighthouse's own reset does) with
 * `entries` in its local storage; Lighthouse must then run with `disableStorageReset`.
 */
export async function storeSession(port, baseUrl, entries) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    const origin = new URL(baseUrl).origin;
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.send('Network.clearBrowserCache');
    // A small JSON answer of the origin: no page code runs nor is cached.
    await page.goto(`${origin}/api/health`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
    }, entries);
    await page.close();
  } finally {
    await browser.disconnect();
  }
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

/** One Lighthouse run; `storage`: local-storage entries of a signed-in page (see storeSession). Answers the report. */
export async function lighthouseRun(url, port, storage) {
  let lhr;
  // Lighthouse now and then fails to record the trace (NO_NAVSTART) in a browser it has used before: try again.
  for (let attempt = 1; ; attempt++) {
    if (storage) await storeSession(port, url, storage);
    lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!storage })).lhr;
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  return lhr;
}

async function audit(url, port, storage) {
  // The machine's 1-minute load average as the run starts (2 cores: above 2, Lighthouse's simulated CPU time grows).
  const load = Number(loadavg()[0].toFixed(2));
  const lhr = await lighthouseRun(url, port, storage);
  const a = lhr.audits;
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: Number((a['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
    lcpMs: Math.round(a['largest-contentful-paint'].numericValue ?? 0),
    tbtMs: Math.round(a['total-blocking-time'].numericValue ?? 0),
    fcpMs: Math.round(a['first-contentful-paint'].numericValue ?? 0),
    ...(await jsCssBytesOf(lhr)),
    load,
  };
}

const median = (values) => {
  const s = [...values].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Runs Lighthouse on each page; answers one row per page with the median of `runs` runs (each metric's own median).
 * Smoke: `/` once. `only`: a regular expression on the pages' names.
 */
export async function run({ baseUrl, smoke = false, chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', trackingNumber, admin = { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }, runs = 3, only, log = () => {} } = {}) {
  const base = baseUrl.replace(/\/$/, '');
  const pages = [{ name: 'lighthouse /', path: '/', group: 'public' }];
  if (!smoke) {
    const tn = trackingNumber ?? (await findTrackingNumber(base, admin));
    pages.push(
      { name: 'lighthouse /?track={tn}', path: `/?track=${encodeURIComponent(tn)}`, group: 'public' },
      { name: 'lighthouse /schedule-pickup', path: '/schedule-pickup', group: 'public' },
      { name: 'lighthouse /track-realtime/{tn}', path: `/track-realtime/${encodeURIComponent(tn)}`, group: 'public' },
      { name: 'lighthouse /admin (sign-in)', path: '/admin', group: 'admin' },
      { name: 'lighthouse /driver-dashboard (sign-in)', path: '/driver-dashboard', group: 'driver' },
    );
    if (admin?.email && admin?.password) {
      // The customer's link: the live page with the customer's actions card (its forms load when opened).
      pages.push({ name: 'lighthouse /track-live/{customer link}', path: `/track-live/${await customerLinkToken(base, admin, tn)}`, group: 'public' });
      const sessions = await signedInSessions(base, admin);
      const driverTn = encodeURIComponent(sessions.driverTrackingNumber);
      pages.push(
        { name: 'lighthouse /admin, signed in', path: '/admin', group: 'admin', storage: sessions.admin },
        { name: 'lighthouse /driver-dashboard, signed in', path: '/driver-dashboard', group: 'driver', storage: sessions.driver },
        { name: 'lighthouse /driver-portal, signed in', path: '/driver-portal', group: 'driver', storage: sessions.driver },
        { name: 'lighthouse /driver, signed in', path: '/driver', group: 'driver', storage: sessions.driver },
        { name: 'lighthouse /driver-gps, signed in', path: '/driver-gps', group: 'driver', storage: sessions.driver },
        { name: 'lighthouse /driver-track/{tn}, signed in', path: `/driver-track/${driverTn}`, group: 'driver', storage: sessions.driver },
      );
    } else {
      log('    pages: no admin credentials, the signed-in admin and driver pages are skipped');
    }
  }
  const selected = only ? pages.filter((p) => new RegExp(only).test(p.name)) : pages;
  const rounds = smoke ? 1 : runs;
  const chrome = await launch({ chromePath: chromium, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows = [];
  try {
    for (const page of selected) {
      const samples = [];
      for (let i = 0; i < rounds; i++) samples.push(await audit(`${base}${page.path}`, chrome.port, page.storage));
      const metrics = {};
      for (const key of Object.keys(samples[0])) metrics[key] = median(samples.map((s) => s[key]));
      metrics.runs = rounds;
      const minimum = page.group === 'admin' ? TARGETS.adminPerformance : page.group === 'driver' ? TARGETS.driverPerformance : TARGETS.performance;
      const targets = { performance: `≥ ${minimum}`, cls: `≤ ${TARGETS.cls}` };
      if (page.path === '/') targets.lcpMs = `≤ ${TARGETS.lcpMsHome}`;
      const pass = metrics.performance >= minimum && metrics.cls <= TARGETS.cls && (page.path !== '/' || metrics.lcpMs <= TARGETS.lcpMsHome);
      rows.push({ name: page.name, metrics, targets, pass, samples });
      log(`    ${page.name}: ${samples.map((s) => `${s.performance}·${s.tbtMs}·${s.lcpMs} (load ${s.load})`).join(', ')}`);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

export function printTable(rows) {
  const header = ['page', 'perf', 'CLS', 'LCP ms', 'TBT ms', 'FCP ms', 'JS+CSS gzip B', 'load', 'target'];
  const lines = rows.map((r) => [
    r.name,
    r.metrics.performance,
    r.metrics.cls,
    r.metrics.lcpMs,
    r.metrics.tbtMs,
    r.metrics.fcpMs,
    r.metrics.jsCssGzipBytes,
    r.metrics.load,
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
    console.error('usage: node bench/suites/pages.mjs --url http://127.0.0.1:5201 [--smoke] [--tracking-number TN] [--runs N] [--only REGEX] [--json]');
    process.exit(2);
  }
  const rows = await run({
    baseUrl,
    smoke: args.includes('--smoke'),
    chromium: opt('--chromium'),
    trackingNumber: opt('--tracking-number'),
    runs: opt('--runs') ? Number(opt('--runs')) : undefined,
    only: opt('--only'),
    log: (line) => console.log(line),
  });
  printTable(rows);
  if (args.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}

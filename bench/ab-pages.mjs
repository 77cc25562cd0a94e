#!/usr/bin/env node
// Same-run A/B of one page with Lighthouse (mobile defaults, Debian's Chromium): two or more running servers (two
// builds), their runs alternated in one browser so that the machine's drift falls on both; prints each run and the
// medians. Used for the A/B rows of bench/RESULTS.md (decisions 043 and 044).
//
//   node bench/ab-pages.mjs '/?track=TN' 5 http://127.0.0.1:5201 http://127.0.0.1:5202
//
// TN in the path is replaced by a package of each server found as bench/suites/pages.mjs finds one (ADMIN_EMAIL and
// ADMIN_PASSWORD of the servers); a path without TN is used as given. DETAIL=1 also prints Lighthouse's long tasks.
//
// CUSTOMER_LINK in the path is replaced by a customer share link's token of that package (issue 33: the live page with
// the customer's actions, '/track-live/CUSTOMER_LINK'), made through each server's admin API.
//
// Signed in (issue 21, part 7): 'admin:/admin' runs the page with the admin signed in, 'driver:/driver-dashboard' with
// the bench driver of bench/suites/pages.mjs signed in (DTN in the path: a package of that driver), each run from a cold
// cache with the session in local storage. Each run also prints the machine's 1-minute load average as it starts.
import { loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import { customerLinkToken, findTrackingNumber, lighthouseRun, signedInSessions } from './suites/pages.mjs';

const [spec, runs = '5', ...bases] = process.argv.slice(2);
const [, as, path] = /^(?:(admin|driver):)?(.*)$/.exec(spec ?? '') ?? [];
if (!path || bases.length === 0) {
  console.error("usage: node bench/ab-pages.mjs '[admin:|driver:]/path' RUNS URL_A URL_B ...");
  process.exit(2);
}
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-extensions'];
const admin = { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD };
const trackingNumbers = {};
const sessions = {};
const customerLinks = {};
for (const base of bases) {
  const needsPackage = /(^|[^D])TN/.test(path) || path.includes('CUSTOMER_LINK');
  trackingNumbers[base] = needsPackage ? await findTrackingNumber(base, admin) : '';
  if (path.includes('CUSTOMER_LINK')) customerLinks[base] = await customerLinkToken(base, admin, trackingNumbers[base]);
  if (as) sessions[base] = await signedInSessions(base, admin);
}

const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS, logLevel: 'silent' });
const results = Object.fromEntries(bases.map((b) => [b, []]));
try {
  for (let round = 0; round < Number(runs); round++) {
    for (const base of bases) {
      // The token last: a random token may itself hold 'TN'.
      const url =
        base +
        path
          .replace('DTN', sessions[base]?.driverTrackingNumber ?? '')
          .replace(/(^|[^D])TN/, (_m, before) => before + trackingNumbers[base])
          .replace('CUSTOMER_LINK', customerLinks[base] ?? '');
      const load = Number(loadavg()[0].toFixed(2));
      const lhr = await lighthouseRun(url, chrome.port, as ? sessions[base][as] : undefined);
      const a = lhr.audits;
      const row = {
        perf: Math.round(lhr.categories.performance.score * 100),
        tbt: Math.round(a['total-blocking-time'].numericValue),
        fcp: Math.round(a['first-contentful-paint'].numericValue),
        lcp: Math.round(a['largest-contentful-paint'].numericValue),
        cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
        load,
      };
      results[base].push(row);
      console.log(base, JSON.stringify(row));
      if (process.env.DETAIL) {
        const tasks = a['long-tasks']?.details?.items ?? [];
        console.log('  long tasks:', tasks.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ${String(t.url).split('/').pop()}`).join(' | '));
      }
    }
  }
} finally {
  await chrome.kill();
}
const median = (v) => [...v].sort((x, y) => x - y)[(v.length - 1) >> 1];
for (const base of bases) {
  const rows = results[base];
  console.log(`MEDIAN ${base}`, ['perf', 'tbt', 'fcp', 'lcp', 'cls', 'load'].map((k) => `${k} ${median(rows.map((r) => r[k]))}`).join('  '), ' runs', rows.map((r) => r.perf).join(','));
}

#!/usr/bin/env node
// Same-run A/B of one page with Lighthouse (mobile defaults, Debian's Chromium): two or more running servers (two
// builds), their runs alternated in one browser so that the machine's drift falls on both; prints each run and the
// medians. Used for the A/B rows of bench/RESULTS.md (decisions 043 and 044).
//
//   node bench/ab-pages.mjs '/?track=TN' 5 http://127.0.0.1:5201 http://127.0.0.1:5202
//
// TN in the path is replaced by a package of each server found as bench/suites/pages.mjs finds one (ADMIN_EMAIL and
// ADMIN_PASSWORD of the servers); a path without TN is used as given. DETAIL=1 also prints Lighthouse's long tasks.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findTrackingNumber } from './suites/pages.mjs';

const [path, runs = '5', ...bases] = process.argv.slice(2);
if (!path || bases.length === 0) {
  console.error("usage: node bench/ab-pages.mjs '/?track=TN' RUNS URL_A URL_B ...");
  process.exit(2);
}
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-extensions'];
const admin = { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD };
const trackingNumbers = {};
for (const base of bases) trackingNumbers[base] = path.includes('TN') ? await findTrackingNumber(base, admin) : '';

const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS, logLevel: 'silent' });
const results = Object.fromEntries(bases.map((b) => [b, []]));
try {
  for (let round = 0; round < Number(runs); round++) {
    for (const base of bases) {
      const url = base + path.replace('TN', trackingNumbers[base]);
      let lhr;
      // Lighthouse now and then fails to record the trace in a browser it has used before: try again.
      for (let attempt = 0; attempt < 3; attempt++) {
        lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })).lhr;
        if (!lhr.runtimeError) break;
      }
      const a = lhr.audits;
      const row = {
        perf: Math.round(lhr.categories.performance.score * 100),
        tbt: Math.round(a['total-blocking-time'].numericValue),
        fcp: Math.round(a['first-contentful-paint'].numericValue),
        lcp: Math.round(a['largest-contentful-paint'].numericValue),
        cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
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
  console.log(`MEDIAN ${base}`, ['perf', 'tbt', 'fcp', 'lcp', 'cls'].map((k) => `${k} ${median(rows.map((r) => r[k]))}`).join('  '), ' runs', rows.map((r) => r.perf).join(','));
}

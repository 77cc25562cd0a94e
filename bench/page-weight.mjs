#!/usr/bin/env node
// Page weight of the first load of '/': starts the built server on a fresh database, loads '/' in Debian's Chromium,
// and adds up the gzip size of every JavaScript and CSS file the page fetched (the map code must not be among them).
// `--check` fails above the budget. Figures are written to bench/out/page-weight.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const BUDGET_BYTES = 170_000; // 170 KB of JS + CSS, gzip (issue: the public site)
const root = resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');

const port = await new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => ok(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'cargo-weight-'));
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: dataDir,
  env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'weight-bench' },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  const files = [];
  // Every body is read before the browser closes: a read still pending at close would count as 0 bytes.
  const reads = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    reads.push(
      res.body().then((body) => {
        files.push({ url: res.url().replace(base, ''), type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  // The home screen is a lazy route: measure only once it has rendered, so its chunks are counted too.
  await page.getByRole('heading', { name: 'Track Your Package' }).waitFor({ timeout: 15_000 });
  // The heading is in the server's HTML (decision 042): wait for the app itself, which fetches its script after the paint.
  await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(reads);
  await browser.close();

  const total = files.reduce((n, f) => n + f.gzip, 0);
  const map = files.filter((f) => /leaflet|map/i.test(f.url));
  files.sort((a, b) => b.gzip - a.gzip);
  for (const f of files) console.log(`${String(f.gzip).padStart(8)} B gzip  ${String(f.raw).padStart(8)} B raw  ${f.type.padEnd(10)} ${f.url}`);
  console.log(`first load of '/': ${total} bytes gzip of JS + CSS in ${files.length} files; budget ${BUDGET_BYTES} (${((100 * total) / BUDGET_BYTES).toFixed(1)}%)`);
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/page-weight.json'), JSON.stringify({ total, budget: BUDGET_BYTES, files }, null, 2));
  if (check && map.length) {
    console.log(`map code loaded on the first load: ${map.map((f) => f.url).join(', ')}`);
    process.exitCode = 1;
  }
  if (check && total > BUDGET_BYTES) {
    console.log('over budget');
    process.exitCode = 1;
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

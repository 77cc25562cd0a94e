// `npm start` (issue 21, decision 078): builds only the parts whose sources changed since their last build, quietly
// (the build's output is printed only when it fails), then starts the server in this process.
//
// Each part (the web app, the server) has a fingerprint: the SHA-256 of the path and content of every file its build
// reads (its own sources, @cargo/shared, the lockfile). A successful build writes the fingerprint of the sources it
// was built from into a stamp file inside its output folder; a start compares the sources with it. Content, not
// modification times: a checkout or a `git stash` round trip that leaves the sources as they were builds nothing.
//
//   node scripts/start.mjs            build what is stale, then start the server
//   node scripts/start.mjs --stamp    only write the stamps for the sources as they are (after `npm run build`)
//   node scripts/start.mjs --build    only build what is stale
//   node scripts/start.mjs --status   print which parts are up to date, as JSON
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp';

/** Folders never read as sources. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'test', '.vite', 'coverage']);
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

const shared = ['packages/shared', 'package-lock.json', 'tsconfig.base.json'];

/** The parts `npm start` needs: what each build reads, what it writes, and how it is built. */
export const PARTS = [
  {
    name: 'web app',
    workspace: 'apps/web',
    inputs: ['apps/web', 'scripts/precompress.mjs', ...shared],
    outDir: 'apps/web/dist',
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-ssr'],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    inputs: ['apps/server', ...shared],
    outDir: 'apps/server/dist',
    outputs: ['apps/server/dist/server.js', 'apps/server/dist/cli.js', 'apps/server/dist/sqlite-fix-thread.mjs', 'apps/server/dist/sqlite-checkpoint-thread.mjs'],
  },
];

function listFiles(path, out) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    out.push(path);
    return;
  }
  for (const entry of entries) {
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listFiles(child, out);
    } else if (entry.isFile() && !isTest(entry.name) && !entry.name.endsWith('.tsbuildinfo')) out.push(child);
  }
}

/** The fingerprint of a part's sources as they are now. */
export function fingerprint(part) {
  const files = [];
  for (const input of part.inputs) listFiles(input, files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(root, join(root, file)));
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function stampPath(part) {
  return join(root, part.outDir, STAMP);
}

/** True when the part's outputs exist and were built from the sources as they are now. */
export function isFresh(part, print = fingerprint(part)) {
  if (!part.outputs.every((o) => existsSync(join(root, o)))) return false;
  try {
    return readFileSync(stampPath(part), 'utf8').trim() === print;
  } catch {
    return false;
  }
}

/** Runs a part's build with its output held back; answers it with the exit code. */
function build(part) {
  return new Promise((done) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', 'build', '-w', part.workspace], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('error', (err) => done({ code: 1, log: `${log}${err.message}\n` }));
    child.on('close', (code) => done({ code: code ?? 1, log }));
  });
}

/** Builds every stale part (in parallel); exits with the build's output when one fails. */
export async function buildStale() {
  const stale = PARTS.map((part) => ({ part, print: fingerprint(part) })).filter(({ part, print }) => !isFresh(part, print));
  if (stale.length === 0) return [];
  const started = Date.now();
  process.stdout.write(`Building the ${stale.map((s) => s.part.name).join(' and the ')} (sources changed since the last build)…\n`);
  const results = await Promise.all(stale.map(async (s) => ({ ...s, ...(await build(s.part)) })));
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    for (const r of failed) process.stderr.write(`\nThe ${r.part.name} failed to build:\n\n${r.log}\n`);
    process.exit(1);
  }
  // The fingerprint taken before the build: a source edited during it makes the next start build again.
  for (const r of results) writeFileSync(stampPath(r.part), `${r.print}\n`);
  process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  return results.map((r) => r.part.name);
}

/** Writes the stamps of every part whose outputs exist, for the sources as they are (after a full `npm run build`). */
export function writeStamps() {
  for (const part of PARTS) if (part.outputs.every((o) => existsSync(join(root, o)))) writeFileSync(stampPath(part), `${fingerprint(part)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--stamp')) {
    writeStamps();
  } else if (process.argv.includes('--status')) {
    process.stdout.write(`${JSON.stringify(Object.fromEntries(PARTS.map((part) => [part.name, isFresh(part)])))}\n`);
  } else if (process.argv.includes('--build')) {
    await buildStale();
  } else {
    await buildStale();
    // The server in this process: no second Node start-up, and its own SIGTERM/SIGINT handling applies as is.
    await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
  }
}

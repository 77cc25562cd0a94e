import { fork, spawn, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PlanningInstance, PlanningOptions, PlanningResult } from '@cargo/shared';

let devEntry: Promise<URL> | null = null;

/** util-linux's chrt, which starts a program under another scheduling policy (Linux; absent elsewhere). */
const CHRT = process.platform === 'linux' ? ['/usr/bin/chrt', '/bin/chrt'].find((path) => existsSync(path)) : undefined;

/**
 * The planner's entry: dist/planning-thread.mjs beside the built server.js (apps/server/build.mjs); under tsx (development
 * and tests) there is no built file, so the solver's entry is bundled once with esbuild, as build.mjs does.
 */
function plannerEntry(): Promise<URL> {
  const built = new URL('./planning-thread.mjs', import.meta.url);
  if (built.protocol === 'file:' && existsSync(built)) return Promise.resolve(built);
  devEntry ??= (async () => {
    // A development dependency, never bundled into server.js (whose thread file is built): hence the variable.
    const esbuild = 'esbuild';
    const { build } = (await import(esbuild)) as typeof import('esbuild');
    const outfile = join(mkdtempSync(join(tmpdir(), 'cargo-planning-thread-')), 'planning-thread.mjs');
    await build({
      entryPoints: [new URL('./solver/planning-thread.ts', import.meta.url).pathname],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      logLevel: 'warning',
    });
    return pathToFileURL(outfile);
  })();
  devEntry.catch(() => {
    devEntry = null;
  });
  return devEntry;
}

/**
 * Runs the built-in planner in a child process of its own at the lowest CPU priority (design.md §14, decision 115):
 * Linux's idle scheduling policy where `chrt` is there, and nice 19 in any case, so the server's event loop keeps
 * answering and the operating system serves the server first when both want a core.
 * The process ends with the plan; one that does not answer within the budget and a grace period is killed.
 */
export async function solveInProcess(instance: PlanningInstance, options: PlanningOptions, graceMs = 15_000): Promise<PlanningResult> {
  const entry = fileURLToPath(await plannerEntry());
  const spawnOptions: SpawnOptions = { serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] };
  // Under Linux's idle policy (chrt -i) where util-linux is there: the search runs only on time no one else wants.
  const child = CHRT ? spawn(CHRT, ['-i', '0', process.execPath, entry], spawnOptions) : fork(entry, [], { ...spawnOptions, execArgv: [] });
  try {
    if (child.pid) setPriority(child.pid, 19);
  } catch {
    // Not allowed here: the search runs at the server's priority.
  }
  try {
    return await new Promise<PlanningResult>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the planner did not answer in time')), options.timeLimitMs + graceMs);
      child.once('message', (reply: { result?: PlanningResult; error?: string }) => {
        clearTimeout(timer);
        if (reply.result) resolve(reply.result);
        else reject(new Error(reply.error ?? 'the planner failed'));
      });
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the planner stopped (${signal ?? code})`));
      });
      child.send({ id: 1, instance, options });
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

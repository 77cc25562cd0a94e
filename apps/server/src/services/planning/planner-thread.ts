import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PlanningInstance, PlanningOptions, PlanningResult } from '@cargo/shared';

let devEntry: Promise<URL> | null = null;

/**
 * The worker's entry: dist/planning-thread.mjs beside the built server.js (apps/server/build.mjs); under tsx (development
 * and tests) there is no built file, so the solver's thread entry is bundled once with esbuild, as build.mjs does.
 */
function threadEntry(): Promise<URL> {
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
 * Runs the built-in planner in its own worker thread (design.md §14), so the event loop keeps answering; the thread
 * ends with the plan. A thread that does not answer within the budget and a grace period is stopped.
 */
export async function solveInThread(instance: PlanningInstance, options: PlanningOptions, graceMs = 15_000): Promise<PlanningResult> {
  const worker = new Worker(await threadEntry());
  try {
    return await new Promise<PlanningResult>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the planner did not answer in time')), options.timeLimitMs + graceMs);
      worker.once('message', (reply: { result?: PlanningResult; error?: string }) => {
        clearTimeout(timer);
        if (reply.result) resolve(reply.result);
        else reject(new Error(reply.error ?? 'the planner failed'));
      });
      worker.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      worker.postMessage({ id: 1, instance, options });
    });
  } finally {
    await worker.terminate();
  }
}

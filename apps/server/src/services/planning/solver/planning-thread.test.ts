import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanningInstance, PlanningResult } from '@cargo/shared';
import { checkPlan } from './feasibility.ts';

// The thread's entry is built as apps/server/build.mjs builds it (Node 20 runs no TypeScript), then run in a real Worker.
let dir: string;
let entry: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'planning-thread-'));
  entry = join(dir, 'planning-thread.mjs');
  await build({ entryPoints: [new URL('./planning-thread.ts', import.meta.url).pathname], outfile: entry, bundle: true, platform: 'node', target: 'node20', format: 'esm', logLevel: 'warning' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ask(worker: Worker, message: unknown): Promise<{ id: number; result?: PlanningResult; error?: string }> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(message);
  });
}

describe('the planner worker thread', () => {
  it('plans off the main thread and answers errors as messages', async () => {
    const points = Array.from({ length: 41 }, (_, i) => [Math.cos(i) * 50 * (i % 5), Math.sin(i) * 50 * (i % 7)] as const);
    const durations = points.map(([x1, y1]) => points.map(([x2, y2]) => Math.hypot(x1 - x2, y1 - y2)));
    const instance: PlanningInstance = {
      vehicles: [0, 1, 2].map((i) => ({ id: `v${i}`, start: 0, end: 0, shiftStart: 0, shiftEnd: 5000, capacity: [15] })),
      jobs: points.slice(1).map((_, i) => ({ id: `j${i}`, location: i + 1, amounts: [1], service: 10, timeWindows: i % 4 === 0 ? [[0, 1500]] : [] })),
      durations,
    };
    const worker = new Worker(entry);
    try {
      const reply = await ask(worker, { id: 1, instance, options: { timeLimitMs: 300, seed: 1 } });
      expect(reply.id).toBe(1);
      expect(checkPlan(instance, reply.result!)).toEqual([]);
      expect(reply.result!.unplanned).toEqual([]);
      const bad = await ask(worker, { id: 2, instance: { ...instance, durations: [[0, 1]] }, options: { timeLimitMs: 10 } });
      expect(bad).toEqual({ id: 2, error: expect.stringMatching(/square matrix/) });
    } finally {
      await worker.terminate();
    }
  });
});

// The planner's own process (design.md §14, decision 115): the server sends { id, instance, options } and gets back
// { id, result } or { id, error }; the search runs here so the server's event loop keeps answering requests. It runs
// as a child process (process.send), or as a worker thread (parentPort) where a caller starts it so. Nothing else
// belongs in this file. Built to dist/planning-thread.mjs beside server.js (apps/server/build.mjs).
import { parentPort } from 'node:worker_threads';
import type { PlanningInstance, PlanningOptions } from '@cargo/shared';
import { solve } from './solve.ts';

type Request = { id: number; instance: PlanningInstance; options: PlanningOptions };
type Reply = { id: number; result?: unknown; error?: string };

function answer(message: Request): Reply {
  try {
    return { id: message.id, result: solve(message.instance, message.options) };
  } catch (error) {
    return { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (message: Request) => port.postMessage(answer(message)));
} else if (process.send) {
  process.on('message', (message: Request) => process.send!(answer(message)));
  // The server went away (or closed the channel): nothing to answer to.
  process.on('disconnect', () => process.exit(0));
}

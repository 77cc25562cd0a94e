// The planner's worker thread (design.md §14): the server posts { id, instance, options } and gets back
// { id, result } or { id, error }; the search runs here so the event loop keeps answering requests. Nothing else
// belongs in this file. Built to dist/planning-thread.mjs beside server.js (apps/server/build.mjs).
import { parentPort } from 'node:worker_threads';
import type { PlanningInstance, PlanningOptions } from '@cargo/shared';
import { solve } from './solve.ts';

parentPort!.on('message', (message: { id: number; instance: PlanningInstance; options: PlanningOptions }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: solve(message.instance, message.options) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});

// Preloaded into the built server by memory-at-rest.test.ts (NODE_OPTIONS=--import): appends the URL of every module
// the server loads to the file MODULE_TRACE_FILE names, through Node's module customization hooks. Changes nothing.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

// This file is also the hooks module, evaluated again in the hooks' own thread: register only from the server's.
if (isMainThread && process.env.MODULE_TRACE_FILE) register(import.meta.url);

export async function load(url, context, nextLoad) {
  if (process.env.MODULE_TRACE_FILE) appendFileSync(process.env.MODULE_TRACE_FILE, `${url}\n`);
  return nextLoad(url, context);
}

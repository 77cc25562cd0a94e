// Benchmark 3: the public lookup, `GET /api/packages/{trackingNumber}` without a token (the public view), against the
// bare baseline answering a copy of a real lookup reply. As an independent run measured it (issue 21): at least
// 10,000 packages (the full run's size), each with live GPS fixes written through the API first (so the replies carry
// a current position, and the database holds what an ingest run leaves), and each of the 50 connections walking its
// own packages (connection c asks for packages c, c + 50, c + 100, ...), so no two requests in a row share one.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, inBatches, nextFix } from '../lib/dataset.mjs';
import { alternate, loadRound } from '../lib/load.mjs';
import { startBare } from '../lib/servers.mjs';

const CONNECTIONS = 50;

/**
 * @param {{
 *   name: string,
 *   project: import('../lib/servers.mjs').Child,
 *   pkgs: import('../lib/dataset.mjs').Pkg[],
 *   dir: string,
 *   givenFixes?: boolean,
 *   extraPids?: () => Promise<Record<string, number | undefined>>,
 *   rounds: number, seconds: number, warmupSeconds: number,
 *   log: (line: string) => void,
 * }} o
 */
export async function lookupBench(o) {
  const t0 = Date.now();
  if (o.givenFixes !== false) {
    await inBatches(o.pkgs, 16, async (p) => {
      for (let k = 0; k < 2; k += 1) await api(o.project.url, 'POST', `/api/packages/${p.id}/gps`, nextFix(p), p.driver.token, 201);
    });
    o.log(`    ${o.pkgs.length} packages given 2 live fixes each through the API (${Math.round((Date.now() - t0) / 100) / 10} s)`);
  }
  // The bare server answers what the project answers: one real reply, parsed there once and serialised per request.
  const sample = await fetch(`${o.project.url}/api/packages/${o.pkgs[0].trackingNumber}`);
  const sampleText = await sample.text();
  if (sample.status !== 200) throw new Error(`lookup sample: ${sample.status} ${sampleText}`);
  const replyFile = join(o.dir, 'lookup-reply.json');
  writeFileSync(replyFile, sampleText);
  const bare = await startBare({ cwd: o.dir, replyFile, name: `bare-${o.name}` });
  try {
    let connections = 0;
    /** Each connection its own walk: a start of its own, then steps of 50 (the connection count). */
    const request = (/** @type {number} */ _target, /** @type {Record<string, any>} */ c) => {
      c.walk ??= { at: connections++ % o.pkgs.length };
      const p = o.pkgs[c.walk.at];
      c.walk.at = (c.walk.at + (o.pkgs.length > CONNECTIONS ? CONNECTIONS : 1)) % o.pkgs.length;
      return { method: 'GET', path: `/api/packages/${p.trackingNumber}` };
    };
    const result = await alternate({
      rounds: o.rounds,
      seconds: o.seconds,
      warmupSeconds: o.warmupSeconds,
      log: o.log,
      bare: (seconds) => loadRound({ targets: [bare], seconds, request }),
      project: (seconds) => loadRound({ targets: [o.project], seconds, request, extraPids: o.extraPids }),
    });
    return { name: o.name, kind: 'http', replyBytes: Buffer.byteLength(sampleText), ...result };
  } finally {
    await bare.stop();
  }
}

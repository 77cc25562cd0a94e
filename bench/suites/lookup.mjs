// Benchmark 3: the public lookup, `GET /api/packages/{trackingNumber}` over the data set's packages in turn, without
// a token (the public view), against the bare baseline answering a copy of a real lookup reply.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { alternate, loadRound } from '../lib/load.mjs';
import { startBare } from '../lib/servers.mjs';

/**
 * @param {{
 *   name: string,
 *   project: import('../lib/servers.mjs').Child,
 *   pkgs: import('../lib/dataset.mjs').Pkg[],
 *   dir: string,
 *   extraPids?: () => Promise<Record<string, number | undefined>>,
 *   rounds: number, seconds: number, warmupSeconds: number,
 *   log: (line: string) => void,
 * }} o
 */
export async function lookupBench(o) {
  // The bare server answers what the project answers: one real reply, parsed there once and serialised per request.
  const sample = await fetch(`${o.project.url}/api/packages/${o.pkgs[0].trackingNumber}`);
  const sampleText = await sample.text();
  if (sample.status !== 200) throw new Error(`lookup sample: ${sample.status} ${sampleText}`);
  const replyFile = join(o.dir, 'lookup-reply.json');
  writeFileSync(replyFile, sampleText);
  const bare = await startBare({ cwd: o.dir, replyFile, name: `bare-${o.name}` });
  try {
    let n = 0;
    const request = () => ({ method: 'GET', path: `/api/packages/${o.pkgs[n++ % o.pkgs.length].trackingNumber}` });
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

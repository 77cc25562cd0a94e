// Memory at rest (issue 31): the built server's RSS a fixed time after its first answer, each start on a fresh SQLite
// database with the start-up benchmark's settings (production password hash cost, no limits raised). With --before,
// another build's server.js (a checkout of an earlier commit, built) starts in turn with this one, alternated, so both
// meet the same load on the machine.
//   node bench/startup-memory.mjs [--runs 4] [--idle-ms 5000] [--before ../other/apps/server/dist/server.js]
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median } from './lib/load.mjs';
import { round, rssBytes } from './lib/proc.mjs';
import { cleanup, ROOT, startProject, tempDir } from './lib/servers.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '4' }, 'idle-ms': { type: 'string', default: '5000' }, before: { type: 'string' } } });
const builds = { ...(values.before ? { before: resolve(values.before) } : {}), this: join(ROOT, 'apps/server/dist/server.js') };
/** @type {Record<string, number[]>} */
const rss = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
for (let i = 0; i < Number(values.runs); i++) {
  for (const [name, serverJs] of Object.entries(builds)) {
    const dir = tempDir('memory');
    try {
      const p = await startProject({ cwd: dir, databaseUrl: join(dir, 'memory.db'), readyPath: '/api/health', pollMs: 5, raise: false, name, serverJs });
      await new Promise((r) => setTimeout(r, Number(values['idle-ms'])));
      const mb = round((rssBytes(p.pid) ?? 0) / 1048576, 1);
      await p.stop();
      rss[name]?.push(mb);
      console.log(`${name}: ${mb} MB (first answer ${round(p.readyMs, 0)} ms, load average ${loadavg()[0].toFixed(1)})`);
    } finally {
      cleanup(dir);
    }
  }
}
for (const [name, list] of Object.entries(rss)) console.log(`${name}: RSS ${values['idle-ms']} ms after the first answer, median ${median(list)} MB (${Math.min(...list)}-${Math.max(...list)})`);

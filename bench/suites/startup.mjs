// Benchmark 7: start-up. The time from spawning the server on a fresh SQLite database (it migrates the database and
// creates the admin, with the production password hash cost) to the first 200 of /api/health, polled every 5 ms; its
// resident memory after 2 s idle; then a restart on that database. Beside the bare baseline's start-up. Median of
// `times` starts.
import { join } from 'node:path';
import { median } from '../lib/load.mjs';
import { round, rssBytes } from '../lib/proc.mjs';
import { cleanup, startBare, startProject, tempDir } from '../lib/servers.mjs';

/** @param {{ times: number, idleMs: number, log: (line: string) => void }} o */
export async function startupBench(o) {
  /** @type {{ firstAnswerMs: number, idleRssMb: number, rssAtFirstAnswerMb: number, restartFirstAnswerMs: number }[]} */
  const project = [];
  /** @type {{ firstAnswerMs: number, idleRssMb: number }[]} */
  const bare = [];
  for (let i = 0; i < o.times; i++) {
    const dir = tempDir('startup');
    try {
      const b = await startBare({ cwd: dir, readyPath: '/api/health', pollMs: 5 });
      await new Promise((r) => setTimeout(r, o.idleMs));
      bare.push({ firstAnswerMs: round(b.readyMs, 1), idleRssMb: round((rssBytes(b.pid) ?? 0) / 1048576, 1) });
      await b.stop();
      // Production settings: no limits raised (the admin's password is hashed at the default cost).
      const p = await startProject({ cwd: dir, databaseUrl: join(dir, 'startup.db'), readyPath: '/api/health', pollMs: 5, raise: false, name: 'startup' });
      const rssAtFirstAnswerMb = round((rssBytes(p.pid) ?? 0) / 1048576, 1);
      await new Promise((r) => setTimeout(r, o.idleMs));
      const idleRssMb = round((rssBytes(p.pid) ?? 0) / 1048576, 1);
      await p.stop();
      // A restart on the database it made: no migrations, no admin to create.
      const again = await startProject({ cwd: dir, databaseUrl: join(dir, 'startup.db'), readyPath: '/api/health', pollMs: 5, raise: false, name: 'restart' });
      await again.stop();
      project.push({ firstAnswerMs: round(p.readyMs, 1), rssAtFirstAnswerMb, idleRssMb, restartFirstAnswerMs: round(again.readyMs, 1) });
      const last = project.at(-1);
      o.log(`    start ${i + 1}: project first answer ${last?.firstAnswerMs} ms (restart ${last?.restartFirstAnswerMs} ms), idle RSS ${last?.idleRssMb} MB; bare ${bare.at(-1)?.firstAnswerMs} ms, ${bare.at(-1)?.idleRssMb} MB`);
    } finally {
      cleanup(dir);
    }
  }
  return {
    name: 'startup',
    kind: 'startup',
    times: o.times,
    idleMs: o.idleMs,
    project: {
      firstAnswerMs: median(project.map((r) => r.firstAnswerMs)),
      minMs: Math.min(...project.map((r) => r.firstAnswerMs)),
      maxMs: Math.max(...project.map((r) => r.firstAnswerMs)),
      idleRssMb: median(project.map((r) => r.idleRssMb)),
      restartFirstAnswerMs: median(project.map((r) => r.restartFirstAnswerMs)),
      runs: project,
    },
    bare: {
      firstAnswerMs: median(bare.map((r) => r.firstAnswerMs)),
      minMs: Math.min(...bare.map((r) => r.firstAnswerMs)),
      maxMs: Math.max(...bare.map((r) => r.firstAnswerMs)),
      idleRssMb: median(bare.map((r) => r.idleRssMb)),
      runs: bare,
    },
  };
}

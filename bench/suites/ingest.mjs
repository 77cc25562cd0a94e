// Benchmarks 1, 2 and 5: GPS ingest, `POST /api/packages/{id}/gps` with each driver's Bearer token, against the bare
// baseline; then "stored = acknowledged": every fix answered 201 must be in the database, and nothing else may be
// (beyond the requests cut off in flight when a round ended, which may have been stored without their reply read).
import { nextFix } from '../lib/dataset.mjs';
import { storedFixIds } from '../lib/db.mjs';
import { alternate, loadRound } from '../lib/load.mjs';

/**
 * @param {{
 *   name: string,
 *   projects: import('../lib/servers.mjs').Child[],
 *   bares: import('../lib/servers.mjs').Child[],
 *   pkgs: import('../lib/dataset.mjs').Pkg[],
 *   db: { sqliteFile?: string, pgSchema?: string },
 *   rounds: number, seconds: number, warmupSeconds: number,
 *   extraPids?: () => Promise<Record<string, number | undefined>>,
 *   log: (line: string) => void,
 * }} o
 */
export async function ingestBench(o) {
  // The bare baseline gets the same requests from a copy of the packages, so its rounds do not move the packages
  // the project sees (a jump between two of the project's fixes would be refused as faster than 250 km/h).
  const barePkgs = o.pkgs.map((p) => ({ ...p }));
  /** Requests to one target go to the packages in turn; with several targets each takes its own share of packages. */
  const requester = (pkgs, targets) => {
    const counters = targets.map(() => 0);
    const shares = targets.map((_, t) => pkgs.filter((_, i) => i % targets.length === t));
    return (/** @type {number} */ t) => {
      const own = shares[t];
      const p = own[counters[t]++ % own.length];
      return {
        method: 'POST',
        path: `/api/packages/${p.id}/gps`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.driver.token}` },
        body: JSON.stringify(nextFix(p)),
      };
    };
  };
  const bareRequest = requester(barePkgs, o.bares);
  const projectRequest = requester(o.pkgs, o.projects);

  const before = await storedFixIds(o.db);
  /** @type {Set<string>} */
  const acknowledged = new Set();
  let cutOff = 0;
  const onReply = (status, body) => {
    if (status !== 201) return;
    try {
      acknowledged.add(JSON.parse(body).locationId);
    } catch {
      // counted as not acknowledged
    }
  };
  const result = await alternate({
    rounds: o.rounds,
    seconds: o.seconds,
    warmupSeconds: o.warmupSeconds,
    log: o.log,
    bare: (seconds) => loadRound({ targets: o.bares, seconds, request: bareRequest }),
    project: async (seconds) => {
      const r = await loadRound({ targets: o.projects, seconds, request: projectRequest, onReply, extraPids: o.extraPids });
      cutOff += r.unanswered;
      return r;
    },
  });
  // Requests cut off at a round's end are answered meanwhile; give them a moment to be written.
  await new Promise((r) => setTimeout(r, 500));
  const after = await storedFixIds(o.db);
  const stored = [...after].filter((id) => !before.has(id));
  const missing = [...acknowledged].filter((id) => !after.has(id)).length;
  const unacknowledgedStored = stored.length - (acknowledged.size - missing);
  const durability = {
    acknowledged: acknowledged.size,
    stored: stored.length,
    acknowledgedMissing: missing,
    storedNotAcknowledged: unacknowledgedStored,
    cutOffInFlight: cutOff,
    // Every acknowledged fix is stored, and the only stored fixes not acknowledged are ones whose reply was cut off.
    ok: missing === 0 && unacknowledgedStored >= 0 && unacknowledgedStored <= cutOff,
  };
  o.log(
    `    stored = acknowledged: ${durability.ok ? 'yes' : 'NO'} (acknowledged ${durability.acknowledged}, stored ${durability.stored}, acknowledged but missing ${missing}, stored without a reply read ${unacknowledgedStored} of ${cutOff} cut off at round ends)`,
  );
  return { name: o.name, kind: 'http', ...result, durability };
}


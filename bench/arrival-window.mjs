#!/usr/bin/env node
// The one-hour arrival window on the day (issue 33 part 4, decision 111): how often a driver's actual arrival falls
// inside the last window the customer was sent.
//
//   node bench/arrival-window.mjs [--drivers N] [--seed N] [--stops MIN-MAX] [--sweep SECONDS] [--bias] [--door MIN-MAX]
//
// Works from a clean clone after `npm ci`: the server's own TypeScript (the window rule, services/arrival-window/
// window-rule.ts, and the per-stop ETA, services/arrival-window/stop-etas.ts over route-optimiser/built-in.ts) is
// bundled with esbuild at start into a temporary file and imported from there. Nothing here re-implements the rule.
//
// The simulation, seeded: each driver leaves a depot at 08:00 with 20-40 stops in a 30 km city, in the order the
// built-in optimiser proposes (the accepted order). The driver drives each leg at the planned speed (40 km/h over
// straight line × 1.3) times a factor drawn per leg from 0.8-1.2 (±20%), and spends the planned 3 minutes at each
// door. The server's side is replayed as it runs: the out-for-delivery message sends each stop its first window (the
// ETAs from the depot); then every `--sweep` seconds (the server's ARRIVAL_WINDOW_SWEEP_SECONDS, 60) the ETAs of the
// stops still open are computed from the driver's position then (on the leg, or at a door) and each window is kept
// or moved later by the rule. At each arrival the last window sent is compared with the arrival.
//
// `--bias` adds what ±20% per leg leaves out: each driver's whole day is also slower or faster, a factor drawn once
// per driver from 0.8-1.2 (traffic, a slow van); `--door 1-8` draws the time at each door from that range of minutes
// instead of the planned 3. Both are reported apart, as harder cases than the issue's.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  return args[at + 1];
};
const flag = (name) => args.includes(name);
const drivers = Number(option('--drivers', '200'));
const seed = Number(option('--seed', '1'));
const [minStops, maxStops] = option('--stops', '20-40').split('-').map(Number);
const sweepMs = Number(option('--sweep', '60')) * 1000;
const bias = flag('--bias');
const doorText = option('--door', null);
const [doorMin, doorMax] = doorText ? doorText.split('-').map(Number) : [null, null];

async function loadServerCode() {
  const dir = mkdtempSync(join(tmpdir(), 'arrival-window-'));
  const out = join(dir, 'window.mjs');
  try {
    await build({
      stdin: {
        contents: "export * from './window-rule.ts'; export { stopEtas } from './stop-etas.ts'; export { optimiseStops } from '../route-optimiser/built-in.ts';",
        resolveDir: join(here, '..', 'apps', 'server', 'src', 'services', 'arrival-window'),
        loader: 'ts',
      },
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { stopEtas, nextWindow, windowAround, isInside, optimiseStops, ETA_OFFSET_MIN, MOVE_LATER_AFTER_MIN } = await loadServerCode();

// The planned figures, as the server's ETA has them (route-optimiser/built-in.ts).
const ROAD_FACTOR = 1.3;
const SPEED_MPS = 40_000 / 3600;
const SERVICE_MS = 3 * 60_000;
const MIN = 60_000;

function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(seed);
const uniform = (lo, hi) => lo + (hi - lo) * random();

const DEPOT = { lat: 41.88, lng: -87.63 };
const R_EARTH = 6_371_000;
function distanceM(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R_EARTH * Math.asin(Math.sqrt(h));
}
/** A point up to `km` from the depot, uniform over the disc. */
function pointNear(km) {
  const r = km * 1000 * Math.sqrt(random());
  const a = 2 * Math.PI * random();
  return { lat: DEPOT.lat + (r * Math.cos(a)) / 111_320, lng: DEPOT.lng + (r * Math.sin(a)) / (111_320 * Math.cos((DEPOT.lat * Math.PI) / 180)) };
}

const started = performance.now();
const departAt = Date.UTC(2026, 10, 30, 14, 0); // 08:00 in Chicago
const dayHours = [];
const totals = { stops: 0, insideLast: 0, insideFirst: 0, early: 0, late: 0, moved: 0, moves: 0, lastMoveLeadMin: [], earlyByMin: [], lateByMin: [] };

for (let d = 0; d < drivers; d += 1) {
  const n = minStops + Math.floor(random() * (maxStops - minStops + 1));
  const points = Array.from({ length: n }, (_, i) => ({ id: `s${i}`, ...pointNear(15) }));
  const order = optimiseStops({ start: DEPOT, stops: points, departAt }).after.order;
  const byId = new Map(points.map((p) => [p.id, p]));
  const stops = order.map((id) => byId.get(id));
  const dayFactor = bias ? uniform(0.8, 1.2) : 1;

  // The truth: when the driver leaves and reaches each stop.
  const legs = [];
  let t = departAt;
  let at = DEPOT;
  for (const stop of stops) {
    const plannedMs = ((distanceM(at, stop) * ROAD_FACTOR) / SPEED_MPS) * 1000;
    const speedFactor = uniform(0.8, 1.2) * dayFactor;
    const leave = t;
    const arrive = leave + plannedMs / speedFactor;
    legs.push({ from: at, to: stop, leave, arrive });
    t = arrive + (doorMin === null ? SERVICE_MS : uniform(doorMin, doorMax) * MIN);
    at = stop;
  }
  dayHours.push((legs.at(-1).arrive - departAt) / 3_600_000);
  const positionAt = (ms) => {
    for (const leg of legs) {
      if (ms < leg.leave) return leg.from;
      if (ms <= leg.arrive) {
        const f = (ms - leg.leave) / (leg.arrive - leg.leave || 1);
        return { lat: leg.from.lat + (leg.to.lat - leg.from.lat) * f, lng: leg.from.lng + (leg.to.lng - leg.from.lng) * f };
      }
    }
    return legs.at(-1).to;
  };

  // The server's side: the out-for-delivery message sends the first windows; each sweep keeps or moves them.
  const held = new Map();
  const firsts = new Map();
  const moves = new Map();
  const lastMoveAt = new Map();
  for (const [id, eta] of stopEtas(DEPOT, stops, departAt)) {
    const { window } = nextWindow(null, eta);
    held.set(id, window);
    firsts.set(id, window);
  }
  let next = 0; // index of the first stop not reached yet
  for (let now = departAt + sweepMs; next < stops.length; now += sweepMs) {
    // Arrivals before this sweep are scored against the windows held when they happened.
    while (next < stops.length && legs[next].arrive <= now) {
      const id = stops[next].id;
      const arrival = legs[next].arrive;
      const window = held.get(id);
      totals.stops += 1;
      if (isInside(window, arrival)) totals.insideLast += 1;
      else if (arrival < window.start) {
        totals.early += 1;
        totals.earlyByMin.push((window.start - arrival) / MIN);
      } else {
        totals.late += 1;
        totals.lateByMin.push((arrival - window.end) / MIN);
      }
      if (isInside(firsts.get(id), arrival)) totals.insideFirst += 1;
      const m = moves.get(id) ?? 0;
      if (m > 0) {
        totals.moved += 1;
        totals.moves += m;
        totals.lastMoveLeadMin.push((arrival - lastMoveAt.get(id)) / MIN);
      }
      next += 1;
    }
    if (next >= stops.length) break;
    const open = stops.slice(next);
    for (const [id, eta] of stopEtas(positionAt(now), open, now)) {
      const { window, change } = nextWindow(held.get(id), eta);
      if (change === 'moved_later') {
        held.set(id, window);
        moves.set(id, (moves.get(id) ?? 0) + 1);
        lastMoveAt.set(id, now);
      }
    }
  }
}

const pct = (a, b) => `${((100 * a) / b).toFixed(1)}%`;
const median = (xs) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const fmt = (x) => (x === null ? '—' : x.toFixed(1));
void windowAround;
console.log(`arrival windows: ${drivers} drivers, ${totals.stops} stops, seed ${seed}, sweep ${sweepMs / 1000} s, speed ±20% per leg${bias ? ' and ±20% per driver' : ''}${doorMin === null ? '' : `, ${doorMin}-${doorMax} min at each door`}`);
console.log(`days: median ${fmt(median(dayHours))} h from the depot to the last stop (max ${fmt(Math.max(...dayHours))} h)`);
console.log(`rule: the ETA ${ETA_OFFSET_MIN} min into the hour; moves later when > ${MOVE_LATER_AFTER_MIN} min`);
console.log(`inside the last window sent:      ${pct(totals.insideLast, totals.stops)} (${totals.insideLast}/${totals.stops})`);
console.log(`inside the first window sent:     ${pct(totals.insideFirst, totals.stops)}`);
console.log(`before the window (early):        ${pct(totals.early, totals.stops)}; median ${fmt(median(totals.earlyByMin))} min early`);
console.log(`after the window (late):          ${pct(totals.late, totals.stops)}; median ${fmt(median(totals.lateByMin))} min late`);
console.log(`stops whose window moved:         ${pct(totals.moved, totals.stops)}; ${totals.moves} moves (${(totals.moves / totals.stops).toFixed(3)} per stop)`);
console.log(`last move before the arrival:     median ${fmt(median(totals.lastMoveLeadMin))} min`);
console.log(`ran in ${((performance.now() - started) / 1000).toFixed(1)} s`);

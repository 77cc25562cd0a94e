#!/usr/bin/env node
// The built-in planner on Solomon's VRPTW instances (issue 34 part 6; decision 095).
//
//   node bench/solomon.mjs [--time SECONDS] [--seed N] [--iterations N] [--fleet bks+1|bks|file] [--routes DIR] FILE...
//   node bench/solomon.mjs bench/solomon/*.txt            # the 56 instances of 100 customers
//   node bench/solomon.mjs --realistic                    # 500 stops, 25 drivers, a 30 km city (generated, seeded)
//
// Works from a clean clone after `npm ci`: the solver (TypeScript) is bundled with esbuild at start into a temporary
// file and imported from there; nothing needs building first. `--iterations N` stops each run after N iterations of
// the search (within the time budget): with a seed, the same plan on any machine.
//
// 'seconds' is wall-clock time (the budget is wall-clock, as the server's is); 'cpu-s' the process's CPU time in it,
// which shows how much of a core the run had on a shared machine.
//
// As the literature computes them: Euclidean distances in double precision (no rounding), travel time = distance,
// service times and windows from the file (a due date is the latest start of service), every vehicle at the depot
// with the file's capacity and the depot's window as its shift. The best-known solutions (bench/solomon/bks.json)
// minimise vehicles first, then distance; the product minimises jobs left out, then travel. So the bench gives the
// planner a fleet of the best-known vehicle count + 1 (`--fleet bks+1`, the default; `--fleet file` gives the file's
// 25, `--fleet bks` exactly the best-known count) and reports the distance gap to the best-known distance.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
};
const seconds = Number(option('--time', '8'));
const seed = Number(option('--seed', '1'));
const iterationsText = option('--iterations', null);
const maxIterations = iterationsText === null ? undefined : Number(iterationsText);
const fleet = option('--fleet', 'bks+1');
if (!['bks+1', 'bks', 'file'].includes(fleet)) throw new Error('--fleet is bks+1, bks or file');
const routesDir = option('--routes', null);
const realistic = args.includes('--realistic') ? (args.splice(args.indexOf('--realistic'), 1), true) : false;
const files = args;
if (files.length === 0 && !realistic) {
  console.error('usage: node bench/solomon.mjs [--time S] [--seed N] [--iterations N] [--fleet bks+1|bks|file] [--routes DIR] FILE... | --realistic');
  process.exit(2);
}

const { solve, checkPlan } = await loadSolver();
const bks = JSON.parse(readFileSync(join(here, 'solomon', 'bks.json'), 'utf8'));
if (routesDir) mkdirSync(routesDir, { recursive: true });

console.log(`# ${new Date().toISOString()}  node ${process.version}  budget ${seconds} s  seed ${seed}  fleet ${fleet}  load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
if (files.length > 0) console.log(['name', 'vehicles', 'bks-veh', 'served', 'distance', 'bks-dist', 'gap%', 'seconds', 'cpu-s', 'iterations', 'feasible'].join('\t'));
for (const file of files) {
  const problem = parseSolomon(readFileSync(file, 'utf8'));
  const known = bks[problem.name];
  const vehicles = fleet === 'file' || !known ? problem.vehicles : Math.min(problem.vehicles, known.vehicles + (fleet === 'bks' ? 0 : 1));
  const instance = solomonInstance(problem, vehicles);
  const began = performance.now();
  const cpu = process.cpuUsage();
  const plan = solve(instance, { timeLimitMs: seconds * 1000, seed, maxIterations });
  const took = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpu);
  const violations = checkPlan(instance, plan);
  const served = plan.routes.reduce((n, r) => n + r.stops.length, 0);
  const gap = known ? ((plan.distance - known.distance) / known.distance) * 100 : NaN;
  console.log(
    [problem.name, plan.routes.length, known?.vehicles ?? '-', `${served}/${problem.customers.length}`, plan.distance.toFixed(2), known?.distance ?? '-', gap.toFixed(2), took.toFixed(2), ((used.user + used.system) / 1e6).toFixed(2), plan.iterations, violations.length === 0 ? 'yes' : `NO: ${violations[0]}`].join('\t'),
  );
  if (routesDir) {
    const lines = plan.routes.map((r, i) => `Route ${i + 1} : ${r.stops.map((s) => s.jobId).join(' ')}`);
    writeFileSync(join(routesDir, `${problem.name}.sol`), lines.join('\n') + '\n');
  }
}
if (realistic) runRealistic();

/** Bundles the solver and the feasibility check (TypeScript) into one temporary ES module and imports it. */
async function loadSolver() {
  const dir = mkdtempSync(join(tmpdir(), 'solomon-'));
  try {
    const out = join(dir, 'solver.mjs');
    await build({
      stdin: {
        contents: "export { solve } from './solve.ts'; export { checkPlan } from './feasibility.ts';",
        resolveDir: join(here, '..', 'apps', 'server', 'src', 'services', 'planning', 'solver'),
        loader: 'ts',
      },
      outfile: out,
      bundle: true,
      platform: 'neutral',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The standard text format: name, VEHICLE NUMBER CAPACITY, then customer rows (0 = the depot). */
function parseSolomon(text) {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines.find((l) => l.length > 0);
  const numeric = lines.filter((l) => /^\d/.test(l)).map((l) => l.split(/\s+/).map(Number));
  const [vehicles, capacity] = numeric[0];
  const rows = numeric.slice(1).map(([id, x, y, demand, ready, due, service]) => ({ id, x, y, demand, ready, due, service }));
  return { name, vehicles, capacity, depot: rows[0], customers: rows.slice(1) };
}

function solomonInstance(problem, vehicleCount) {
  const points = [problem.depot, ...problem.customers];
  const matrix = points.map((a) => points.map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
  return {
    vehicles: Array.from({ length: vehicleCount }, (_, i) => ({
      id: `v${i + 1}`,
      start: 0,
      end: 0,
      shiftStart: problem.depot.ready,
      shiftEnd: problem.depot.due,
      capacity: [problem.capacity],
    })),
    jobs: problem.customers.map((c, i) => ({
      id: String(c.id),
      location: i + 1,
      timeWindows: [[c.ready, c.due]],
      amounts: [c.demand],
      service: c.service,
    })),
    durations: matrix,
    distances: matrix,
  };
}

/**
 * A day in a city of about 30 × 30 km: 500 stops (a third with a 1-hour window, a third with 2-3 hours, a third any
 * time), 25 drivers from one depot with 8-10 hour shifts and 30-package vans, 3-6 minutes at each door, driving at
 * 30 km/h on straight lines × 1.3. Seeded, so every run plans the same day.
 */
function runRealistic() {
  let a = 12345;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const points = [{ x: 15000, y: 15000 }];
  for (let i = 0; i < 500; i++) points.push({ x: random() * 30000, y: random() * 30000 });
  const metres = points.map((p) => points.map((q) => Math.hypot(p.x - q.x, p.y - q.y) * 1.3));
  const durations = metres.map((row) => row.map((m) => m / (30000 / 3600)));
  const day = 8 * 3600;
  const jobs = points.slice(1).map((_, i) => {
    const kind = i % 3;
    const open = day + 3600 * Math.floor(random() * 8);
    const timeWindows = kind === 0 ? [[open, open + 3600]] : kind === 1 ? [[open, open + 3600 * (2 + Math.floor(random() * 2))]] : [];
    return { id: `p${i + 1}`, location: i + 1, timeWindows, amounts: [1 + (random() < 0.2 ? 1 : 0), Math.round(random() * 20)], service: 180 + Math.floor(random() * 181) };
  });
  const vehicles = Array.from({ length: 25 }, (_, i) => ({ id: `d${i + 1}`, start: 0, end: 0, shiftStart: day, shiftEnd: day + (8 + (i % 3)) * 3600, capacity: [30, 400] }));
  const instance = { vehicles, jobs, durations, distances: metres };
  const began = performance.now();
  const cpu = process.cpuUsage();
  const plan = solve(instance, { timeLimitMs: seconds * 1000, seed, maxIterations });
  const took = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpu);
  const violations = checkPlan(instance, plan);
  const served = plan.routes.reduce((n, r) => n + r.stops.length, 0);
  console.log(
    `realistic-500x25\troutes ${plan.routes.length}\tserved ${served}/500\tunplanned ${JSON.stringify(countBy(plan.unplanned.map((u) => u.reason)))}\tdriving ${(plan.travelTime / 3600).toFixed(1)} h\t${(plan.distance / 1000).toFixed(0)} km\t${took.toFixed(2)} s (cpu ${((used.user + used.system) / 1e6).toFixed(2)} s)\titerations ${plan.iterations}\tfeasible ${violations.length === 0 ? 'yes' : 'NO: ' + violations[0]}`,
  );
}

function countBy(items) {
  const counts = {};
  for (const x of items) counts[x] = (counts[x] ?? 0) + 1;
  return counts;
}

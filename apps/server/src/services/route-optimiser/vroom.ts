import { z } from 'zod';
import type { OptimiserInput } from './built-in.ts';
import { SERVICE_MS } from './built-in.ts';

/**
 * A VROOM server (https://github.com/VROOM-Project/vroom, its HTTP front vroom-express) asked for the order of one
 * driver's stops: one vehicle starting at the driver, one job per stop ([lon, lat], 3 minutes of service, the delivery
 * window in seconds from departure), no end (the route ends at the last stop). VROOM answers `code` 0 and a route whose
 * `steps` of type `job` name the jobs in order (`id`; `job` in older versions); jobs it could not fit are `unassigned`
 * and go after the others.
 */
const stepSchema = z.object({ type: z.string(), id: z.number().optional(), job: z.number().optional() });
const vroomReplySchema = z.object({
  code: z.number(),
  error: z.string().optional(),
  routes: z.array(z.object({ vehicle: z.number().optional(), steps: z.array(stepSchema) })).optional(),
  unassigned: z.array(z.object({ id: z.number() })).optional(),
});

export const VROOM_TIMEOUT_MS = 10_000;

export class VroomError extends Error {}

export type VroomReply = z.infer<typeof vroomReplySchema>;

/**
 * Posts a problem to a VROOM server and returns its answer when it solved it (`code` 0); throws a VroomError on any
 * failure: no answer within `timeoutMs`, a non-2xx status, an answer that is not VROOM's JSON, a `code` other than 0.
 */
export async function askVroom(url: string, problem: object, fetchImpl: typeof fetch = fetch, timeoutMs = VROOM_TIMEOUT_MS): Promise<VroomReply> {
  let reply: Response;
  try {
    reply = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(problem),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new VroomError(`VROOM did not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  let body: unknown;
  try {
    body = await reply.json();
  } catch {
    throw new VroomError(`VROOM answered ${reply.status} without JSON`);
  }
  const parsed = vroomReplySchema.safeParse(body);
  if (!parsed.success) throw new VroomError(`VROOM answered ${reply.status} in an unknown format`);
  if (!reply.ok || parsed.data.code !== 0) throw new VroomError(`VROOM answered code ${parsed.data.code}${parsed.data.error ? `: ${parsed.data.error}` : ''}`);
  return parsed.data;
}

/** The stops' ids in VROOM's order; throws a VroomError on any failure (the caller falls back to the built-in order). */
export async function vroomOrder(url: string, input: OptimiserInput, fetchImpl: typeof fetch = fetch): Promise<string[]> {
  const jobs = input.stops.map((stop, i) => {
    const job: { id: number; location: [number, number]; service: number; time_windows?: [number, number][] } = {
      id: i + 1,
      location: [stop.lng, stop.lat],
      service: SERVICE_MS / 1000,
    };
    if (stop.windowEnd != null && stop.windowEnd > input.departAt) {
      const from = Math.max(0, Math.floor(((stop.windowStart ?? input.departAt) - input.departAt) / 1000));
      job.time_windows = [[from, Math.floor((stop.windowEnd - input.departAt) / 1000)]];
    }
    return job;
  });
  const vehicle = { id: 1, profile: 'car', ...(input.start ? { start: [input.start.lng, input.start.lat] } : {}) };
  const reply = await askVroom(url, { vehicles: [vehicle], jobs }, fetchImpl);
  const steps = reply.routes?.[0]?.steps ?? [];
  const seen = new Set<number>();
  const order: string[] = [];
  for (const step of steps) {
    if (step.type !== 'job') continue;
    const id = step.id ?? step.job;
    if (id === undefined || id < 1 || id > input.stops.length || seen.has(id)) throw new VroomError('VROOM answered a job that was not asked for');
    seen.add(id);
    order.push(input.stops[id - 1]!.id);
  }
  // Unassigned jobs (a window VROOM could not keep) and any it left out go last, in their given order.
  input.stops.forEach((stop, i) => {
    if (!seen.has(i + 1)) order.push(stop.id);
  });
  return order;
}

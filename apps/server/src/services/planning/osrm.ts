import { z } from 'zod';

export const OSRM_TIMEOUT_MS = 10_000;

export class OsrmError extends Error {}

const cell = z.number().nonnegative().nullable();
const tableReplySchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  durations: z.array(z.array(cell)).optional(),
  distances: z.array(z.array(cell)).optional(),
});

export interface TravelMatrices {
  /** Seconds, whole. */
  durations: number[][];
  /** Metres, whole. */
  distances: number[][];
}

/**
 * Travel times and distances between every pair of places from an OSRM server's table service
 * (`GET {url}/table/v1/driving/{lon,lat;…}?annotations=duration,distance`). Throws an OsrmError on any failure: no
 * answer within the timeout, a non-2xx status, a `code` other than "Ok", a matrix of the wrong size, or a pair with no
 * route (null); the caller then falls back to great-circle times.
 */
export async function osrmTable(url: string, points: readonly { lat: number; lng: number }[], fetchImpl: typeof fetch = fetch, timeoutMs = OSRM_TIMEOUT_MS): Promise<TravelMatrices> {
  const n = points.length;
  if (n === 0) return { durations: [], distances: [] };
  if (n === 1) return { durations: [[0]], distances: [[0]] };
  const coordinates = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
  const target = `${url.replace(/\/+$/, '')}/table/v1/driving/${coordinates}?annotations=duration,distance`;
  let reply: Response;
  try {
    reply = await fetchImpl(target, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    throw new OsrmError(`OSRM did not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  let body: unknown;
  try {
    body = await reply.json();
  } catch {
    throw new OsrmError(`OSRM answered ${reply.status} without JSON`);
  }
  const parsed = tableReplySchema.safeParse(body);
  if (!parsed.success) throw new OsrmError(`OSRM answered ${reply.status} in an unknown format`);
  const { code, message, durations, distances } = parsed.data;
  if (!reply.ok || code !== 'Ok') throw new OsrmError(`OSRM answered ${code}${message ? `: ${message}` : ''}`);
  const whole = (m: (number | null)[][] | undefined, what: string): number[][] => {
    if (!m || m.length !== n || m.some((row) => row.length !== n)) throw new OsrmError(`OSRM answered no ${n}×${n} ${what} table`);
    return m.map((row, a) =>
      row.map((x, b) => {
        if (x === null) throw new OsrmError(`OSRM found no route between two places (${a} → ${b})`);
        return Math.round(x);
      }),
    );
  };
  return { durations: whole(durations, 'duration'), distances: whole(distances, 'distance') };
}

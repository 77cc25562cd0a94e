import { gpsFixSchema, idParam, LIMITS } from '@cargo/shared';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Fast paths of the shared schemas on the GPS ingest route (issue 21, decision 083): a zod parse of a fix's body and
 * its id took 7% of the event loop's work during ingest. Each function here answers exactly what the schema's zod
 * parse answers for the plain shapes that route gets (JSON numbers in range, absent or null optional fields, text,
 * a valid timestamp), and undefined for anything else: then zod parses it, so every refusal still comes from the
 * shared schema with its message. A test compares each with zod over many generated inputs.
 */
type FastParse = (data: unknown) => unknown;

/** The shape of a JSON object body or of Fastify's params: no prototype but Object's (or none). */
function isPlainObject(data: unknown): data is Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const proto: unknown = Object.getPrototypeOf(data);
  return proto === Object.prototype || proto === null;
}

/** A JSON number within [min, max] (NaN and the infinities are not), as `numberInput` takes it. */
function inRange(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && value >= min && value <= max;
}

const SKIP = Symbol('not a plain shape');

/** An optional number (`optionalNumber` of schemas/gps.ts): absent stays absent, null stays null. */
function optionalNumber(out: Record<string, unknown>, data: Record<string, unknown>, key: string, min: number, max: number): typeof SKIP | undefined {
  const value = data[key];
  if (value === undefined) return undefined;
  if (value === null || inRange(value, min, max)) out[key] = value;
  else return SKIP;
  return undefined;
}

/** An optional text (`optionalText` of schemas/common.ts): trimmed, at most `max` long, null when absent or empty. */
function optionalText(out: Record<string, unknown>, data: Record<string, unknown>, key: string, max: number): typeof SKIP | undefined {
  const value = data[key];
  if (value === undefined || value === null) {
    out[key] = null;
    return undefined;
  }
  if (typeof value !== 'string') return SKIP;
  const trimmed = value.trim();
  if (trimmed.length > max) return SKIP;
  out[key] = trimmed || null;
  return undefined;
}

/** The fields `parseGpsFix` knows: a test holds them equal to the schema's. */
export const GPS_FIX_FIELDS = ['lat', 'lng', 'accuracy', 'heading', 'altitude', 'battery', 'speed', 'timestamp', 'address', 'driverName', 'driverPhone', 'vehicleId'];

/** `gpsFixSchema` (schemas/gps.ts) on a plain body. */
export function parseGpsFix(data: unknown): unknown {
  if (!isPlainObject(data) || !inRange(data.lat, -90, 90) || !inRange(data.lng, -180, 180)) return undefined;
  const out: Record<string, unknown> = { lat: data.lat, lng: data.lng };
  if (
    optionalNumber(out, data, 'accuracy', 0, 1_000_000) ||
    optionalNumber(out, data, 'heading', 0, 360) ||
    optionalNumber(out, data, 'altitude', -1000, 100_000) ||
    optionalNumber(out, data, 'battery', 0, 100) ||
    optionalNumber(out, data, 'speed', 0, 1000)
  ) {
    return undefined;
  }
  const timestamp = data.timestamp;
  if (timestamp !== undefined) {
    // isoTimestamp: a text Date.parse reads, normalised to UTC 'Z' form (null is refused: zod says why).
    if (typeof timestamp !== 'string') return undefined;
    const ms = Date.parse(timestamp);
    if (Number.isNaN(ms)) return undefined;
    out.timestamp = new Date(ms).toISOString();
  }
  if (
    optionalText(out, data, 'address', LIMITS.address) ||
    optionalText(out, data, 'driverName', LIMITS.name) ||
    optionalText(out, data, 'driverPhone', LIMITS.phone) ||
    optionalText(out, data, 'vehicleId', 100)
  ) {
    return undefined;
  }
  return out;
}

/** `idParam` (schemas/common.ts): a path's id of 1 to 200 characters. */
export function parseIdParam(data: unknown): unknown {
  if (!isPlainObject(data)) return undefined;
  const id = data.id;
  return typeof id === 'string' && id.length >= 1 && id.length <= 200 ? { id } : undefined;
}

const FAST: ReadonlyMap<unknown, FastParse> = new Map<unknown, FastParse>([
  [gpsFixSchema, parseGpsFix],
  [idParam, parseIdParam],
]);

/** Fastify's validator compiler: the fast path of a schema where there is one, zod's parse otherwise and after it. */
export const fastValidatorCompiler: typeof validatorCompiler = (route) => {
  const zod = validatorCompiler(route);
  const fast = FAST.get(route.schema);
  if (!fast) return zod;
  return (data: unknown) => {
    const value = fast(data);
    return value === undefined ? zod(data) : { value };
  };
};

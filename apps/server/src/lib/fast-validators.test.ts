import { describe, expect, it } from 'vitest';
import { gpsFixSchema, idParam, LIMITS } from '@cargo/shared';
import { fastValidatorCompiler, GPS_FIX_FIELDS, parseGpsFix, parseIdParam } from './fast-validators.ts';

/** A small seeded generator, so a failure names an input that can be found again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ABSENT = Symbol('absent');

/** Values a field of a body may hold: in and out of range, text that is a number, the wrong types, edge cases. */
const NUMBERS = [0, -0, 1, 12.5, 45, -45, 90, -90, 90.000001, 180, -180, 180.5, 360, 361, 100, 101, -1000, -1001, 100_000, 1_000_000, 1_000_001, 1e300, -1e-9];
/** Numbers every optional field takes. */
const SMALL = [0, 1, 5.5, 12.5, 99];
const ODD = [null, ABSENT, '12', ' 7.5 ', '', '  ', 'abc', true, false, [], [5], {}, 'NaN', '1e3'];
const TEXTS = ['Main St 1', '  padded  ', '', '   ', 'x'.repeat(LIMITS.name), 'x'.repeat(LIMITS.name + 1), 'y'.repeat(LIMITS.address + 1), '555-0142', ' 5550142 ', 'ü'.repeat(30), '\u00a0nbsp\u00a0'];
const TIMESTAMPS = ['2026-11-25T01:02:03.456Z', '2026-11-25T01:02:03Z', '2026-11-25T01:02:03+02:00', '2026-02-30T01:02:03.000Z', '2026-11-25', 'Wed, 25 Nov 2026 01:02:03 GMT', 'yesterday', '', '2026-13-01T00:00:00Z', '275760-09-13T00:00:00.001Z'];

function pick<T>(next: () => number, values: readonly T[]): T {
  return values[Math.floor(next() * values.length)]!;
}

function gpsBody(next: () => number): unknown {
  const body: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== ABSENT) body[key] = value;
  };
  // Half the bodies are mostly plain (as devices send them), half anything.
  const odd = next() < 0.5 ? 0.03 : 0.3;
  const value = (plain: readonly unknown[]) => (next() < odd ? pick(next, ODD) : pick(next, plain));
  set('lat', value(NUMBERS.filter((n) => Math.abs(n) <= 90 || next() < odd)));
  set('lng', value(NUMBERS));
  for (const key of ['accuracy', 'heading', 'altitude', 'battery', 'speed']) if (next() < 0.6) set(key, value(next() < 0.7 ? SMALL : NUMBERS));
  if (next() < 0.6) set('timestamp', value(TIMESTAMPS));
  for (const key of ['address', 'driverName', 'driverPhone', 'vehicleId']) if (next() < 0.4) set(key, value(TEXTS));
  if (next() < 0.1) body.extra = 'ignored';
  return body;
}

describe('fast validators', () => {
  it('answer exactly what the shared GPS fix schema answers, or leave the body to it', () => {
    const next = random(21);
    let fast = 0;
    let valid = 0;
    for (let i = 0; i < 20_000; i++) {
      const body = gpsBody(next);
      const got = parseGpsFix(body);
      const zod = gpsFixSchema.safeParse(body);
      if (zod.success) valid += 1;
      if (got === undefined) continue;
      fast += 1;
      expect(zod.success, JSON.stringify(body)).toBe(true);
      expect(got, JSON.stringify(body)).toStrictEqual(zod.data);
    }
    // Plenty of the bodies are plain: the fast path takes most of what zod accepts, not leaving everything to zod.
    expect(fast).toBeGreaterThan(2_000);
    expect(fast / valid).toBeGreaterThan(0.6);
  });

  it('know every field of the schema (a field added to one and not the other fails here)', () => {
    expect([...GPS_FIX_FIELDS].sort()).toStrictEqual(Object.keys(gpsFixSchema.shape).sort());
    expect(Object.keys(idParam.shape)).toStrictEqual(['id']);
  });

  it('take the bodies the driver pages and the benchmarks send', () => {
    const bodies = [
      { lat: 41.878113, lng: -87.629799, accuracy: 8, speed: 12.5, heading: 0, timestamp: '2026-11-25T01:02:03.456Z' },
      { lat: 41.878113, lng: -87.629799, accuracy: 12.3, speed: null, heading: null, altitude: 181, timestamp: '2026-11-25T01:02:03.456Z' },
      { lat: 0, lng: 0 },
    ];
    for (const body of bodies) expect(parseGpsFix(body)).toStrictEqual(gpsFixSchema.parse(body));
  });

  it('leave every body zod refuses to zod, so its message is the one sent', () => {
    for (const body of [null, [], 'x', { lng: 1 }, { lat: 91, lng: 0 }, { lat: true, lng: 0 }, { lat: 1, lng: 1, speed: -1 }, { lat: 1, lng: 1, timestamp: null }, { lat: 1, lng: 1, timestamp: 'soon' }, { lat: 1, lng: 1, driverPhone: '1'.repeat(21) }]) {
      expect(parseGpsFix(body)).toBeUndefined();
      expect(gpsFixSchema.safeParse(body).success).toBe(false);
    }
  });

  it('answer what the id parameter schema answers', () => {
    for (const params of [{ id: 'abc' }, { id: '' }, { id: 'x'.repeat(200) }, { id: 'x'.repeat(201) }, { id: 5 }, {}, null, Object.assign(Object.create(null), { id: 'SC0001' })]) {
      const got = parseIdParam(params);
      const zod = idParam.safeParse(params);
      if (got === undefined) continue;
      expect(zod.success).toBe(true);
      expect(got).toStrictEqual(zod.data);
    }
    expect(parseIdParam({ id: 'SC0001' })).toStrictEqual({ id: 'SC0001' });
  });

  it('compile to the fast path where there is one and to zod for the rest, with zod’s errors', () => {
    const validate = fastValidatorCompiler({ schema: gpsFixSchema, method: 'POST', url: '/x', httpPart: 'body' }) as (data: unknown) => { value?: unknown; error?: unknown };
    expect(validate({ lat: 1, lng: 2 })).toStrictEqual({ value: gpsFixSchema.parse({ lat: 1, lng: 2 }) });
    expect(validate({ lat: '1', lng: 2 })).toStrictEqual({ value: gpsFixSchema.parse({ lat: '1', lng: 2 }) });
    expect(validate({ lat: 100, lng: 2 }).error).toBeDefined();
  });
});

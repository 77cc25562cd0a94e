import { serverMessageSchema } from '@cargo/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkServerMessage } from './server-message.ts';

/** What the server's schema makes of a value: the parsed message, or null when it refuses it. */
function schemaVerdict(value: unknown): unknown {
  const result = serverMessageSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** A field's value: usually of the right kind, sometimes not (each rule gets broken now and then). */
const odd = fc.oneof(fc.constant(null), fc.boolean(), fc.string({ maxLength: 4 }), fc.integer(), fc.constant([]), fc.constant({}));
const maybe = <T,>(right: fc.Arbitrary<T>) => fc.oneof({ arbitrary: right, weight: 20 }, { arbitrary: odd, weight: 1 });
const num = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), fc.integer());
const nullableNum = fc.oneof(num, fc.constant(null));
const str = fc.string({ maxLength: 12 });
/** Keys a message may carry that the schema does not know: dropped by both. */
const extra = fc.dictionary(fc.constantFrom('extra', 'x', 'packageId', 'note'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
const withExtra = <T extends object>(record: fc.Arbitrary<T>) => fc.tuple(extra, record).map(([more, fields]) => ({ ...more, ...fields }));
/** A record whose keys are each sometimes left out. */
const fields = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) => withExtra(fc.record(shape, { requiredKeys: [] }));
const mostly = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) =>
  fc.oneof({ arbitrary: withExtra(fc.record(shape)), weight: 6 }, { arbitrary: fields(shape), weight: 1 });

const eta = mostly({ minutes: maybe(num), distanceM: maybe(num), speedKmh: maybe(num), speedSource: maybe(fc.constantFrom('recent', 'assumed', 'guessed')) });
const proximity = mostly({
  type: maybe(fc.constantFrom('approaching', 'arriving', 'very_near', 'far')),
  message: maybe(str),
  eta: maybe(nullableNum),
  distanceM: maybe(num),
});
const locationData = mostly({
  packageId: maybe(str),
  trackingNumber: maybe(str),
  status: maybe(str),
  lat: maybe(num),
  lng: maybe(num),
  address: maybe(fc.oneof(str, fc.constant(null))),
  speed: maybe(nullableNum),
  accuracy: maybe(nullableNum),
  heading: maybe(nullableNum),
  battery: maybe(nullableNum),
  recordedAt: maybe(str),
  etaMinutes: maybe(nullableNum),
  eta: maybe(fc.oneof(eta, fc.constant(null))),
  proximityAlert: maybe(proximity),
});
const statusData = mostly({ packageId: maybe(str), status: maybe(str), currentLocation: maybe(str) });

const message = fc.oneof(
  mostly({ type: fc.constant('subscription_confirmed'), trackingId: maybe(str) }),
  mostly({ type: fc.constant('location_update'), trackingId: maybe(str), data: maybe(locationData) }),
  mostly({ type: fc.constant('status_update'), trackingId: maybe(str), data: maybe(statusData) }),
  mostly({ type: fc.constant('error'), message: maybe(str) }),
  mostly({ type: fc.constant('pong') }),
  mostly({ type: maybe(fc.constantFrom('subscribe', 'ping', 'location', '')), trackingId: maybe(str) }),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('checkServerMessage, against the shared schema', () => {
  it('accepts and refuses what serverMessageSchema does, with the same result', () => {
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(message, (value) => {
        // Through JSON, as the socket delivers it.
        const parsed: unknown = JSON.parse(JSON.stringify(value));
        const verdict = schemaVerdict(parsed);
        expect(checkServerMessage(parsed)).toEqual(verdict);
        seen[verdict === null ? 'refused' : 'accepted'] += 1;
      }),
      { numRuns: 10_000 },
    );
    // Both sides of every rule were tried, not only refusals.
    expect(seen.accepted).toBeGreaterThan(1_000);
    expect(seen.refused).toBeGreaterThan(1_000);
  });

  it('accepts a complete location update, unknown keys dropped', () => {
    const update = {
      type: 'location_update',
      trackingId: 'PKG1',
      extra: true,
      data: {
        packageId: 'p1',
        trackingNumber: 'PKG1',
        status: 'in_transit',
        lat: 41.88,
        lng: -87.63,
        address: null,
        speed: 12.5,
        accuracy: 8,
        heading: 270,
        battery: null,
        recordedAt: '2026-11-22T10:00:00.000Z',
        etaMinutes: 14,
        eta: { minutes: 14, distanceM: 9_000, speedKmh: 38.6, speedSource: 'recent' },
        proximityAlert: { type: 'approaching', message: 'About 5 km away', eta: 8, distanceM: 5_000 },
        secret: 'dropped',
      },
    };
    const checked = checkServerMessage(update);
    expect(checked).toEqual(schemaVerdict(update));
    expect(checked).not.toHaveProperty('extra');
    expect(checked).not.toHaveProperty('data.secret');
  });

  it('refuses an infinite number (JSON 1e999), as zod 4 does', () => {
    const status = JSON.parse('{"type":"location_update","trackingId":"A","data":{"packageId":"p","trackingNumber":"A","status":"s","lat":1e999,"lng":0,"address":null,"speed":null,"accuracy":null,"heading":null,"battery":null,"recordedAt":"t","etaMinutes":null}}');
    expect(schemaVerdict(status)).toBeNull();
    expect(checkServerMessage(status)).toBeNull();
  });
});

import type { EtaEstimate, LocationUpdateData, ProximityAlert, ProximityType, ServerMessage } from '@cargo/shared';

/**
 * The check of a /ws message, by hand: the same rules as the shared `serverMessageSchema` (zod/mini), with the same
 * result, unknown keys dropped as zod drops them. `server-message.test.ts` holds the two to each other on generated
 * messages. Checked with the schema itself, every live page loaded zod and its schemas (a chunk whose evaluation was
 * ~90 ms of a slow phone's main thread while the page started: issue 11, decision 043); the schema stays the server's.
 */

type Fields = Record<string, unknown>;

const PROXIMITY: readonly ProximityType[] = ['approaching', 'arriving', 'very_near'];
const SPEED_SOURCES: readonly EtaEstimate['speedSource'][] = ['recent', 'assumed'];

/** Thrown inside `parse` for the first rule a value breaks; never leaves this module. */
class Invalid extends Error {}

function object(value: unknown): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Invalid();
  return value as Fields;
}

function string(value: unknown): string {
  if (typeof value !== 'string') throw new Invalid();
  return value;
}

/** zod 4's `z.number()`: finite numbers only (JSON's `1e999` parses to Infinity). */
function number(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Invalid();
  return value;
}

function nullable<T>(check: (value: unknown) => T): (value: unknown) => T | null {
  return (value) => (value === null ? null : check(value));
}

function oneOf<T extends string>(options: readonly T[]): (value: unknown) => T {
  return (value) => {
    if (!options.includes(value as T)) throw new Invalid();
    return value as T;
  };
}

const nullableNumber = nullable(number);
const nullableString = nullable(string);

function proximityAlert(value: unknown): ProximityAlert {
  const o = object(value);
  return { type: oneOf(PROXIMITY)(o.type), message: string(o.message), eta: nullableNumber(o.eta), distanceM: number(o.distanceM) };
}

function etaEstimate(value: unknown): EtaEstimate {
  const o = object(value);
  return { minutes: number(o.minutes), distanceM: number(o.distanceM), speedKmh: number(o.speedKmh), speedSource: oneOf(SPEED_SOURCES)(o.speedSource) };
}

function locationUpdateData(value: unknown): LocationUpdateData {
  const o = object(value);
  const data: LocationUpdateData = {
    packageId: string(o.packageId),
    trackingNumber: string(o.trackingNumber),
    status: string(o.status),
    lat: number(o.lat),
    lng: number(o.lng),
    address: nullableString(o.address),
    speed: nullableNumber(o.speed),
    accuracy: nullableNumber(o.accuracy),
    heading: nullableNumber(o.heading),
    battery: nullableNumber(o.battery),
    recordedAt: string(o.recordedAt),
    etaMinutes: nullableNumber(o.etaMinutes),
  };
  // Optional: absent (or undefined) stays absent.
  if (o.eta !== undefined) data.eta = nullable(etaEstimate)(o.eta);
  if (o.proximityAlert !== undefined) data.proximityAlert = proximityAlert(o.proximityAlert);
  return data;
}

function parse(value: unknown): ServerMessage {
  const o = object(value);
  switch (o.type) {
    case 'subscription_confirmed':
      return { type: 'subscription_confirmed', trackingId: string(o.trackingId) };
    case 'location_update':
      return { type: 'location_update', trackingId: string(o.trackingId), data: locationUpdateData(o.data) };
    case 'status_update': {
      const data = object(o.data);
      return {
        type: 'status_update',
        trackingId: string(o.trackingId),
        data: { packageId: string(data.packageId), status: string(data.status), currentLocation: string(data.currentLocation) },
      };
    }
    case 'error':
      return { type: 'error', message: string(o.message) };
    case 'pong':
      return { type: 'pong' };
    default:
      throw new Invalid();
  }
}

/** A parsed /ws message checked against the server's message types; null for anything else. */
export function checkServerMessage(value: unknown): ServerMessage | null {
  try {
    return parse(value);
  } catch (error) {
    if (error instanceof Invalid) return null;
    throw error;
  }
}

import type { ProximityAlert } from './schemas/tracking.ts';

/** Messages a client sends on /ws. */
export type ClientMessage =
  | { type: 'subscribe'; trackingId: string }
  | { type: 'unsubscribe'; trackingId: string }
  | { type: 'ping' };

export interface LocationUpdateData {
  packageId: string;
  trackingNumber: string;
  status: string;
  lat: number;
  lng: number;
  address: string | null;
  speed: number | null;
  accuracy: number | null;
  heading: number | null;
  battery: number | null;
  recordedAt: string;
  etaMinutes: number | null;
  proximityAlert?: ProximityAlert;
}

/** Messages the server sends on /ws, one typed map (conventions: immich's websocket repository). */
export interface ServerEvents {
  subscription_confirmed: { trackingId: string };
  location_update: { trackingId: string; data: LocationUpdateData };
  status_update: { trackingId: string; data: { packageId: string; status: string; currentLocation: string } };
  error: { message: string };
  pong: Record<never, never>;
}
export type ServerMessage = { [K in keyof ServerEvents]: { type: K } & ServerEvents[K] }[keyof ServerEvents];

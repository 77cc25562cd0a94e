import { gpsLocationText, type LiveTracking, type PublicPackage, type ServerMessage } from '@cargo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { trackingKeys } from './tracking-keys.ts';

type LocationUpdate = Extract<ServerMessage, { type: 'location_update' }>;
type StatusUpdate = Extract<ServerMessage, { type: 'status_update' }>;

/** A pushed fix merged into the live view: position, ETA and proximity as the server computed them. */
export function withFix(live: LiveTracking, { data }: LocationUpdate, nowMs: number): LiveTracking {
  // A fix older than the one shown (an offline queue, or a refetch that was quicker) never moves it backwards.
  if (live.currentLocation && live.currentLocation.lastUpdate > data.recordedAt) return live;
  const eta = data.eta ?? null;
  const minutes = eta?.minutes ?? data.etaMinutes;
  return {
    ...live,
    status: data.status,
    isActive: true,
    message: null,
    etaMinutes: minutes,
    eta,
    estimatedArrival: minutes == null ? null : new Date(nowMs + minutes * 60_000).toISOString(),
    proximityAlert: data.proximityAlert ?? live.proximityAlert,
    currentLocation: {
      lat: data.lat,
      lng: data.lng,
      address: data.address,
      lastUpdate: data.recordedAt,
      speed: data.speed,
      accuracy: data.accuracy,
      heading: data.heading,
      battery: data.battery,
      // The push carries no time zone; a vehicle keeps its zone between fixes (a refetch brings a new one).
      timeZone: live.currentLocation?.timeZone ?? null,
      zone: live.currentLocation?.zone ?? null,
    },
  };
}

/**
 * A live view fetched afresh, against the one shown: when a push brought a newer fix while the request was on its way
 * (the server answered before it had stored that fix), the newer fix stays, with what the server computed from it
 * (active, ETA, proximity alert); the rest is the fetched view's. Otherwise the fetched view. The live query uses it
 * as its structural sharing, so it also decides what a push written with `setQueryData` leaves.
 */
export function keepNewerFix(shown: LiveTracking | undefined, fetched: LiveTracking): LiveTracking {
  const newer = shown?.currentLocation;
  const older = fetched.currentLocation;
  // No position in the fetched view is the server hiding it (delivered, not on its way): never overruled here.
  if (!shown || !newer || !older || older.lastUpdate >= newer.lastUpdate) return fetched;
  return {
    ...fetched,
    isActive: shown.isActive,
    estimatedArrival: shown.estimatedArrival,
    etaMinutes: shown.etaMinutes,
    eta: shown.eta,
    proximityAlert: shown.proximityAlert,
    currentLocation: { ...newer, timeZone: newer.timeZone ?? older.timeZone, zone: newer.zone ?? older.zone },
  };
}

/**
 * Writes a /ws message into the query cache under the keys the tracking pages read, so every page showing the package
 * updates at once with no request. What a push cannot carry (the timeline, the live view's texts after a status change)
 * is refetched.
 */
export function applyLiveMessage(queryClient: QueryClient, message: ServerMessage, nowMs = Date.now()): void {
  if (message.type === 'location_update') {
    const ref = message.trackingId;
    const { data } = message;
    const live = queryClient.getQueryData<LiveTracking>(trackingKeys.live(ref));
    if (live) {
      queryClient.setQueryData<LiveTracking>(trackingKeys.live(ref), withFix(live, message, nowMs));
      // The first fix of a view that had none: driver, vehicle and time zone come with the next full view.
      if (!live.currentLocation) void queryClient.invalidateQueries({ queryKey: trackingKeys.live(ref), exact: true });
    }
    queryClient.setQueryData<PublicPackage>(trackingKeys.package(ref), (pkg) =>
      pkg ? { ...pkg, status: data.status, currentLocation: gpsLocationText(data.lat, data.lng, data.address) } : pkg,
    );
    reloadIfNotLoaded(queryClient, trackingKeys.live(ref));
    replaceFetchOnItsWay(queryClient, trackingKeys.package(ref));
    return;
  }
  if (message.type === 'status_update') applyStatus(queryClient, message);
}

function applyStatus(queryClient: QueryClient, { trackingId: ref, data }: StatusUpdate): void {
  queryClient.setQueryData<PublicPackage>(trackingKeys.package(ref), (pkg) =>
    pkg ? { ...pkg, status: data.status, currentLocation: data.currentLocation } : pkg,
  );
  queryClient.setQueryData<LiveTracking>(trackingKeys.live(ref), (live) => (live ? { ...live, status: data.status } : live));
  // A status change alters what the live view may show (delivered: no position) and adds a timeline entry.
  for (const key of [trackingKeys.live(ref), trackingKeys.history(ref), trackingKeys.proof(ref)]) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  replaceFetchOnItsWay(queryClient, trackingKeys.package(ref));
}

/**
 * A push for a page whose first load has not arrived (it failed and waits for the server, or it is on its way): the
 * push cannot be merged into nothing, and an answer on its way may have been read before it, so that fetch is
 * replaced by a new one (decision 045). A fetch of a query without data is not cancelled by a refetch by itself.
 */
function reloadIfNotLoaded(queryClient: QueryClient, key: readonly unknown[]): void {
  const state = queryClient.getQueryState(key);
  if (!state || state.data !== undefined) return;
  refetchAfresh(queryClient, key);
}

/**
 * The package has no guard like the live view's `keepNewerFix`: an answer read before a pushed change (a resync after
 * a reconnect, a first load retried) would take the page back. A fetch on its way when a push arrives is therefore
 * replaced by a new one (decision 045), as is a first load that has not arrived.
 */
function replaceFetchOnItsWay(queryClient: QueryClient, key: readonly unknown[]): void {
  const state = queryClient.getQueryState(key);
  if (!state || (state.data !== undefined && state.fetchStatus === 'idle')) return;
  refetchAfresh(queryClient, key);
}

/** Cancels a fetch on its way (the cache keeps what was written meanwhile) and fetches again. */
function refetchAfresh(queryClient: QueryClient, key: readonly unknown[]): void {
  void queryClient
    .cancelQueries({ queryKey: key, exact: true })
    .then(() => queryClient.invalidateQueries({ queryKey: key, exact: true }));
}

/** After a reconnect: everything cached for these subscriptions is fetched afresh (what was missed while offline). */
export function resyncTracking(queryClient: QueryClient, refs: string[]): void {
  for (const ref of refs) {
    for (const key of [trackingKeys.package(ref), trackingKeys.live(ref), trackingKeys.history(ref), trackingKeys.locations(ref), trackingKeys.proof(ref)]) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

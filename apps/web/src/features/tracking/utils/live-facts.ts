import { distanceM, GPS_STALE_MS, KMH_PER_MS, LIVE_STATUSES, MPH_PER_MS, statusLabel, type EtaEstimate, type LiveTracking } from '@cargo/shared';
import { LIVE_FACT_TEXTS } from '../texts.ts';
import { formatAccuracy } from './gps-readouts.ts';

const KM_PER_MILE = 1.609344;

/** Age of a fix in whole seconds; null without a readable time. */
export function fixAgeSeconds(lastUpdate: string | null | undefined, nowMs: number): number | null {
  if (!lastUpdate) return null;
  const at = Date.parse(lastUpdate);
  return Number.isFinite(at) ? Math.max(0, Math.round((nowMs - at) / 1000)) : null;
}

/** design.md §6: a position older than 120 s is stale; its ETA is hidden. */
export function isStale(lastUpdate: string | null | undefined, nowMs: number): boolean {
  const age = fixAgeSeconds(lastUpdate, nowMs);
  return age == null || age * 1000 > GPS_STALE_MS;
}

/** '40 s ago', '3 min ago', '2 h 5 min ago'. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** Metres under 1 km (to 10 m), else km to one decimal, with miles beside: the site reads speeds in mph. */
export function formatDistance(metres: number): string {
  if (metres < 1_000) return `${Math.round(metres / 10) * 10} m`;
  const km = metres / 1_000;
  return `${km.toFixed(1)} km (${(km / KM_PER_MILE).toFixed(1)} mi)`;
}

/** 'about 12 min', 'about 1 h 20 min'. */
export function formatEtaMinutes(minutes: number): string {
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** How the server reached an ETA (design.md §6), in words. */
export function etaBasisText(eta: EtaEstimate): string {
  const mph = Math.round((eta.speedKmh / KMH_PER_MS) * MPH_PER_MS);
  const speed = `${eta.speedKmh} km/h (${mph} mph)`;
  return eta.speedSource === 'recent' ? LIVE_FACT_TEXTS.etaBasisRecent(formatDistance(eta.distanceM), speed) : LIVE_FACT_TEXTS.etaBasisAssumed(formatDistance(eta.distanceM), speed);
}

export interface LiveFacts {
  status: string;
  /** Straight-line distance from the shown position to the delivery address. */
  distance: string | null;
  /** The ETA, or why there is none. */
  eta: string | null;
  /** The position's age and accuracy, or why there is none. */
  position: string;
  stale: boolean;
  hasPosition: boolean;
}

/**
 * The facts a map shows, as text (issue 8: the same for a screen-reader user and a visitor whose tiles fail): status,
 * distance to the destination, ETA and how it was computed (hidden once the position is stale), the position's age
 * and accuracy.
 */
export function liveFacts(live: LiveTracking, nowMs: number, status: string = live.status): LiveFacts {
  const fix = live.currentLocation;
  const onItsWay = (LIVE_STATUSES as readonly string[]).includes(status);
  if (!fix || !onItsWay) {
    const reason = status === 'delivered' ? LIVE_FACT_TEXTS.delivered : live.message ?? LIVE_FACT_TEXTS.noPosition;
    return { status: statusLabel(status), distance: null, eta: null, position: reason, stale: true, hasPosition: false };
  }
  const age = fixAgeSeconds(fix.lastUpdate, nowMs);
  const stale = isStale(fix.lastUpdate, nowMs);
  const accuracy = formatAccuracy(fix.accuracy);
  const ageText = age == null ? LIVE_FACT_TEXTS.unknownAge : formatAge(age);
  const position = stale ? LIVE_FACT_TEXTS.positionStale(ageText) : LIVE_FACT_TEXTS.positionFresh(ageText, accuracy);
  const delivery = live.delivery.lat != null && live.delivery.lng != null ? { lat: live.delivery.lat, lng: live.delivery.lng } : null;
  const distance = delivery ? LIVE_FACT_TEXTS.distance(formatDistance(distanceM(fix, delivery))) : null;
  let eta: string | null = null;
  if (stale) eta = LIVE_FACT_TEXTS.etaHiddenStale;
  else if (live.eta) eta = LIVE_FACT_TEXTS.eta(formatEtaMinutes(live.eta.minutes), etaBasisText(live.eta));
  else if (!delivery) eta = LIVE_FACT_TEXTS.etaNoDestination;
  return { status: statusLabel(status), distance, eta, position, stale, hasPosition: true };
}

/** The facts as one line. */
export function liveFactsLine(facts: LiveFacts): string {
  return [facts.status, facts.distance, facts.eta, facts.position].filter(Boolean).join(' · ');
}

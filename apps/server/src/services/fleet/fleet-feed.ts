import { distanceM, type FleetPosition } from '@cargo/shared';
import type { LiveHub } from '../../realtime/hub.ts';
import type { DriverMove } from '../fixes.ts';

/** A move of more than this, or a speed above MOVING_MPS, counts as moving ('stopped' is measured from the last one). */
export const MOVED_M = 30;
export const MOVING_MPS = 1;
/** Positions are sent to the fleet map in one message per second. */
export const FLEET_FLUSH_MS = 1_000;

/**
 * Drivers' positions for the fleet map (issue 20): the newest of each driver held here (with when it last moved),
 * and the ones that changed sent to the admin sockets once a second, however many drivers report.
 */
export class FleetFeed {
  private readonly latest = new Map<string, FleetPosition>();
  private readonly pending = new Map<string, FleetPosition>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly hub: LiveHub,
    private readonly flushMs = FLEET_FLUSH_MS,
  ) {}

  moved(move: DriverMove): void {
    const before = this.latest.get(move.driverId);
    // A fix older than the one held (a late fix from an offline queue) does not move the map back.
    if (before && before.recordedAt > move.recordedAt) return;
    const moving =
      !before || (move.speed !== null && move.speed > MOVING_MPS) || distanceM(before, move) > MOVED_M;
    const position: FleetPosition = {
      driverId: move.driverId,
      lat: move.lat,
      lng: move.lng,
      speed: move.speed,
      heading: move.heading,
      recordedAt: move.recordedAt,
      movedAt: moving ? move.recordedAt : before.movedAt,
    };
    this.latest.set(move.driverId, position);
    this.pending.set(move.driverId, position);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** What is held of a driver's position (speed, heading, when it last moved), if it reported since the start. */
  positionOf(driverId: string): FleetPosition | undefined {
    return this.latest.get(driverId);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const positions = [...this.pending.values()];
    this.pending.clear();
    this.hub.publishFleet(positions);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

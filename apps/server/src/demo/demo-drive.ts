import type { LiveTracking } from '@cargo/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEMO_REQUEST_HEADER, DEMO_REQUEST_TOKEN, DEMO_SETTING, type DemoDriveSetting } from './demo-drive-setting.ts';
import { DEMO_FIX_INTERVAL_MS, DEMO_SPEED_MS, DOOR_STOP_FIXES, demoRoute, nearestAlong, pointAlong, type DemoRoute } from './demo-route.ts';

const KNOTS_PER_MS = 1 / 0.514444;
const DEMO_HEADERS = { [DEMO_REQUEST_HEADER]: DEMO_REQUEST_TOKEN };

interface Truck {
  identifier: string;
  trackingNumber: string;
  route: DemoRoute;
  /** Metres along the loop. */
  s: number;
  /** Fixes left standing at the door. */
  stopping: number;
  battery: number;
  fixes: number;
  failing: boolean;
}

export interface DemoDriveOptions {
  /** Device time of the next fix (tests drive faster than real time); the server's clock when absent. */
  clock?: () => number;
}

/**
 * The living demo (issue 8): simulated trackers, registered by the demo seed, drive the demo drivers'
 * out-for-delivery packages along a loop through their delivery addresses, one fix every 5 s. Each fix is a real
 * OsmAnd request to this process (GET /api/osmand, as Traccar Client sends it), so filters, proximity alerts, ETA and
 * the /ws push all run exactly as for a phone. Every log line says 'demo data'; DEMO_DRIVE=false turns it off.
 */
export class DemoDrive {
  private trucks: Truck[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: DemoDriveOptions = {},
  ) {}

  /** Reads the seed's trackers and where each package is now; false when this database has none. */
  async load(): Promise<boolean> {
    const setting = await this.app.settings.read<DemoDriveSetting>(DEMO_SETTING);
    const trackers = setting?.value.trackers ?? [];
    this.trucks = [];
    for (const tracker of trackers) {
      const reply = await this.app.inject({ method: 'GET', url: `/api/tracking/live/${encodeURIComponent(tracker.trackingNumber)}`, headers: DEMO_HEADERS });
      if (reply.statusCode !== 200) continue;
      const view = reply.json() as LiveTracking;
      const { delivery, pickup } = view;
      if (delivery.lat == null || delivery.lng == null) continue;
      const route = demoRoute({ lat: delivery.lat, lng: delivery.lng }, { lat: pickup.lat ?? delivery.lat, lng: pickup.lng ?? delivery.lng });
      // A restart resumes where the truck was, so its next fix is a plausible step from the last one.
      const s = view.currentLocation ? nearestAlong(route, view.currentLocation) : 0;
      this.trucks.push({ ...tracker, route, s, stopping: 0, battery: view.currentLocation?.battery ?? 88, fixes: 0, failing: false });
    }
    return this.trucks.length > 0;
  }

  get trackingNumbers(): string[] {
    return this.trucks.map((t) => t.trackingNumber);
  }

  /** Sends one fix per truck and moves each one step on. */
  async step(): Promise<void> {
    for (const truck of this.trucks) await this.drive(truck);
  }

  start(intervalMs = DEMO_FIX_INTERVAL_MS): void {
    this.stop();
    this.timer = setInterval(() => {
      // One step at a time: a slow database never piles fixes up.
      if (this.running) return;
      this.running = this.step()
        .catch((err: unknown) => this.app.log.warn({ err, demo: true }, 'demo drive step failed (demo data)'))
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async drive(truck: Truck): Promise<void> {
    const { position, heading } = pointAlong(truck.route, truck.s);
    const atDoor = truck.stopping > 0;
    truck.fixes += 1;
    // A phone's accuracy wanders between 5 and 12 m; the battery runs down and is charged at the depot.
    const accuracy = 5 + ((truck.fixes * 7) % 8);
    if (truck.fixes % 24 === 0) truck.battery = truck.battery <= 25 ? 95 : truck.battery - 1;
    const query = new URLSearchParams({
      id: truck.identifier,
      lat: position.lat.toFixed(6),
      lon: position.lng.toFixed(6),
      speed: (atDoor ? 0 : DEMO_SPEED_MS * KNOTS_PER_MS).toFixed(2),
      bearing: String(heading),
      accuracy: String(accuracy),
      batt: String(truck.battery),
    });
    if (this.options.clock) query.set('timestamp', String(Math.round(this.options.clock() / 1000)));
    const reply = await this.app.inject({ method: 'GET', url: `/api/osmand?${query}`, headers: DEMO_HEADERS });
    if (reply.statusCode !== 200) {
      if (!truck.failing) this.app.log.warn({ demo: true, trackingNumber: truck.trackingNumber, status: reply.statusCode, reply: reply.body }, 'demo drive fix refused (demo data)');
      truck.failing = true;
    } else {
      if (truck.failing) this.app.log.info({ demo: true, trackingNumber: truck.trackingNumber }, 'demo drive fixes accepted again (demo data)');
      truck.failing = false;
      this.app.log.debug({ demo: true, trackingNumber: truck.trackingNumber, lat: position.lat, lng: position.lng }, 'demo drive fix (demo data)');
    }

    if (atDoor) {
      truck.stopping -= 1;
      return;
    }
    const next = truck.s + DEMO_SPEED_MS * (DEMO_FIX_INTERVAL_MS / 1000);
    const lap = Math.floor(truck.s / truck.route.length) * truck.route.length;
    const door = lap + truck.route.doorAt;
    if (truck.s < door && next >= door) {
      // Stop exactly at the door for a while, like a delivery stop.
      truck.s = door;
      truck.stopping = DOOR_STOP_FIXES;
      this.app.log.info({ demo: true, trackingNumber: truck.trackingNumber }, 'demo drive: truck at the delivery address (demo data)');
    } else {
      truck.s = next % truck.route.length;
    }
  }
}

/**
 * Starts the demo drive once the app is ready, on a database the demo seed filled (embedded SQLite, or PostgreSQL
 * only when SEED_DEMO=true asked for demo data there), unless DEMO_DRIVE=false.
 */
export default fp(
  async function demoDrivePlugin(app: FastifyInstance) {
    const allowed = app.env.DEMO_DRIVE && (app.dialect === 'sqlite' || app.env.SEED_DEMO === true);
    if (!allowed) return;
    const drive = new DemoDrive(app);
    let closed = false;
    app.addHook('onReady', async () => {
      // After ready: the drive's own requests go through the app, which must be ready to answer them.
      setImmediate(() => {
        drive
          .load()
          .then((found) => {
            if (!found || closed) return;
            drive.start();
            app.log.info(
              { demo: true, packages: drive.trackingNumbers },
              `Demo drive (demo data): simulated trackers drive packages ${drive.trackingNumbers.join(', ')} toward their delivery addresses, one fix every ${DEMO_FIX_INTERVAL_MS / 1000} s; DEMO_DRIVE=false stops it`,
            );
          })
          .catch((err: unknown) => app.log.warn({ err, demo: true }, 'demo drive could not start (demo data)'));
      });
    });
    app.addHook('onClose', async () => {
      closed = true;
      await drive.stop();
    });
  },
  { name: 'demo-drive', dependencies: ['live'] },
);

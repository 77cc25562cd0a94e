import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AdminService } from '../services/admins.ts';
import { DeviceService } from '../services/devices.ts';
import { DriverService } from '../services/drivers.ts';
import { PickupService } from '../services/pickups.ts';
import { SettingsService } from '../services/settings.ts';
import { Geocoder } from '../services/geocoder.ts';
import { PackageService } from '../services/packages.ts';
import { StatsService } from '../services/stats.ts';
import livePlugin from '../realtime/live-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminService;
    drivers: DriverService;
    pickups: PickupService;
    settings: SettingsService;
    devices: DeviceService;
    geocoder: Geocoder;
    packages: PackageService;
    stats: StatsService;
  }
}

/** App services, built once over the database (conventions: plugins, then services, then routes). */
export default fp(
  async function servicesPlugin(app: FastifyInstance) {
    app.decorate('admins', new AdminService(app.db));
    app.decorate('drivers', new DriverService(app.db));
    app.decorate('pickups', new PickupService(app.db));
    app.decorate('settings', new SettingsService(app.db));
    app.decorate('devices', new DeviceService(app.db));
    const geocoder = new Geocoder({ db: app.db, providerUrl: app.env.GEOCODER_URL, log: app.log });
    app.decorate('geocoder', geocoder);
    app.decorate('packages', new PackageService(app.db, geocoder, app.log));
    app.decorate('stats', new StatsService(app.db, app.dialect));
    // Live GPS (hub, fix pipeline, share links): needs the packages service for its status events.
    await app.register(livePlugin);
  },
  { name: 'services', dependencies: ['database'] },
);

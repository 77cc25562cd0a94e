import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AdminService } from '../services/admins.ts';
import { DeviceService } from '../services/devices.ts';
import { DriverService } from '../services/drivers.ts';
import { IngestLimiter } from '../services/ingest-limit.ts';
import { PickupService } from '../services/pickups.ts';
import { SettingsService } from '../services/settings.ts';
import { Geocoder } from '../services/geocoder.ts';
import { PackageService } from '../services/packages.ts';
import { SmsService } from '../services/sms.ts';
import { StatsService } from '../services/stats.ts';
import { MapsLinkResolver, type MapsLinkResolverOptions } from '../services/maps-link-resolver.ts';
import livePlugin from '../realtime/live-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminService;
    drivers: DriverService;
    pickups: PickupService;
    settings: SettingsService;
    devices: DeviceService;
    ingestLimit: IngestLimiter;
    geocoder: Geocoder;
    packages: PackageService;
    stats: StatsService;
    sms: SmsService;
    mapsLinks: MapsLinkResolver;
  }
}

export interface ServicesOptions {
  /** How short maps links are followed (tests route the fetch to a loopback fake). */
  mapsLinks?: MapsLinkResolverOptions | undefined;
}

/** App services, built once over the database (conventions: plugins, then services, then routes). */
export default fp(
  async function servicesPlugin(app: FastifyInstance, options: ServicesOptions) {
    const { repos } = app;
    app.decorate('admins', new AdminService(repos));
    app.decorate('drivers', new DriverService(repos, app.sessions));
    app.decorate('pickups', new PickupService(repos));
    app.decorate('settings', new SettingsService(repos.settings));
    app.decorate('devices', new DeviceService(repos));
    app.decorate('ingestLimit', new IngestLimiter(app.counters, app.env.INGEST_PER_MINUTE));
    const geocoder = new Geocoder({ cacheRepository: repos.geocodeCache, providerUrl: app.env.GEOCODER_URL, log: app.log });
    app.decorate('geocoder', geocoder);
    app.decorate('packages', new PackageService(repos, geocoder, app.log));
    app.decorate('stats', new StatsService(repos, app.dialect));
    app.decorate('sms', new SmsService({ gatewayUrl: app.env.SMS_GATEWAY_URL, companyName: app.env.COMPANY_NAME, log: app.log }));
    app.decorate('mapsLinks', new MapsLinkResolver(options.mapsLinks));
    // Live GPS (hub, fix pipeline, share links): needs the packages service for its status events.
    await app.register(livePlugin);
  },
  { name: 'services', dependencies: ['database', 'security'] },
);

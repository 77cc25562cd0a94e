import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/index.ts';
import configRoutes from './config/index.ts';
import deviceRoutes from './devices/index.ts';
import driverRoutes from './drivers/index.ts';
import healthRoutes from './health/index.ts';
import osmandRoutes from './osmand/index.ts';
import packageRoutes from './packages/index.ts';
import statsRoutes from './stats/index.ts';
import pickupRoutes from './pickups/index.ts';
import settingsRoutes from './settings/index.ts';
import shareLinkRoutes from './share-links/index.ts';
import trackingRoutes from './tracking/index.ts';
import wsRoutes from './ws/index.ts';

/** Every route plugin, one folder per resource; each route's access is in auth/role-table.ts. */
export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(driverRoutes);
  await app.register(packageRoutes);
  await app.register(statsRoutes);
  await app.register(pickupRoutes);
  await app.register(settingsRoutes);
  await app.register(deviceRoutes);
  await app.register(trackingRoutes);
  await app.register(shareLinkRoutes);
  await app.register(osmandRoutes);
  await app.register(wsRoutes);
}

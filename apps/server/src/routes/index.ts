import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/index.ts';
import configRoutes from './config/index.ts';
import driverRoutes from './drivers/index.ts';
import healthRoutes from './health/index.ts';
import packageRoutes from './packages/index.ts';
import statsRoutes from './stats/index.ts';

/** Every route plugin, one folder per resource; each route's access is in auth/role-table.ts. */
export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(driverRoutes);
  await app.register(packageRoutes);
  await app.register(statsRoutes);
}

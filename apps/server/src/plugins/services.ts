import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AdminService } from '../services/admins.ts';
import { DriverService } from '../services/drivers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminService;
    drivers: DriverService;
  }
}

/** App services, built once over the database (conventions: plugins, then services, then routes). */
export default fp(
  async function servicesPlugin(app: FastifyInstance) {
    app.decorate('admins', new AdminService(app.db));
    app.decorate('drivers', new DriverService(app.db));
  },
  { name: 'services', dependencies: ['database'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AdminService } from '../services/admins.ts';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminService;
  }
}

/** App services, built once over the database (conventions: plugins, then services, then routes). */
export default fp(
  async function servicesPlugin(app: FastifyInstance) {
    app.decorate('admins', new AdminService(app.db));
  },
  { name: 'services', dependencies: ['database'] },
);

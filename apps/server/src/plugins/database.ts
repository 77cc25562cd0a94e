import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/index.ts';
import type { Database, Dialect } from '../db/types.ts';
import { SessionService } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    database: DatabaseHandle;
    sessions: SessionService;
  }
}

/** Exposes the opened, migrated database and the session store; closes the database when the app closes. */
export default fp(
  async function databasePlugin(app: FastifyInstance, opts: { handle: DatabaseHandle; closeOnShutdown: boolean }) {
    app.decorate('database', opts.handle);
    app.decorate('db', opts.handle.db);
    app.decorate('dialect', opts.handle.dialect);
    app.decorate('sessions', new SessionService(opts.handle.db));
    if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.handle.close());
  },
  { name: 'database' },
);

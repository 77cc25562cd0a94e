import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERR } from '@cargo/shared';
import { DatabaseAvailability } from '../db/availability.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { Dialect } from '../db/types.ts';
import { FixWriter } from '../repositories/fix-writer.ts';
import { Repositories } from '../repositories/index.ts';
import { ChangeFeed } from '../services/change-feed.ts';
import { HotState } from '../services/hot-state.ts';
import { ApiKeyService } from '../services/api-keys.ts';
import { PrincipalService } from '../services/principals.ts';
import { SessionService } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Kysely instance, for tests that look at stored rows; app code goes through `repos`. */
    db: DatabaseHandle['db'];
    dialect: Dialect;
    database: DatabaseHandle;
    /** The repositories: the only code with queries on the tables. */
    repos: Repositories;
    /** Every write of this instance and the others, for what is held in memory. */
    changes: ChangeFeed;
    /** Packages, fixes, drivers and admins held in memory for the ingest and lookup paths (decision 040). */
    hotState: HotState;
    /** Group commit of GPS fixes. */
    fixWriter: FixWriter;
    sessions: SessionService;
    principals: PrincipalService;
    /** API keys of integrations (issue 19). */
    apiKeys: ApiKeyService;
    /** Down while the database is unreachable: API requests are answered 503 at once until a probe reaches it. */
    databaseAvailability: DatabaseAvailability;
  }
}

/** Exposes the opened, migrated database, its repositories and the session store; closes the database with the app. */
export default fp(
  async function databasePlugin(app: FastifyInstance, opts: { handle: DatabaseHandle; closeOnShutdown: boolean }) {
    const changes = new ChangeFeed();
    const repos = new Repositories(opts.handle.db, changes);
    const hotState = new HotState(repos, changes);
    const sessions = new SessionService(repos.sessions, Date.now, changes);
    const fixWriter = FixWriter.for(opts.handle.native, opts.handle.db, opts.handle.counter);
    repos.offloadWritesTo((sql, parameters) => fixWriter.offloadWrite(sql, parameters));
    opts.handle.writeGate.set(fixWriter.writeGate());
    app.decorate('database', opts.handle);
    app.decorate('db', opts.handle.db);
    app.decorate('dialect', opts.handle.dialect);
    app.decorate('repos', repos);
    app.decorate('changes', changes);
    app.decorate('hotState', hotState);
    app.decorate('fixWriter', fixWriter);
    app.decorate('sessions', sessions);
    const apiKeys = new ApiKeyService(repos);
    app.decorate('apiKeys', apiKeys);
    app.decorate('principals', new PrincipalService(sessions, repos, hotState, apiKeys));
    const availability = new DatabaseAvailability(
      () => opts.handle.ping(),
      (up) => (up ? app.log.warn('database reachable again: serving') : app.log.error('database unreachable: answering 503 until it is back')),
    );
    app.decorate('databaseAvailability', availability);
    // Liveness and readiness answer for themselves; everything else under /api waits for the database.
    // A callback hook, not an async one: while the database is up it costs one test per request and no promise.
    app.addHook('onRequest', (request, reply, done) => {
      if (!availability.isDown || !request.url.startsWith('/api/') || request.url.startsWith('/api/health') || request.url.startsWith('/api/ready')) return done();
      reply.status(503).header('retry-after', '5').type('application/json; charset=utf-8').serializer(JSON.stringify).send({ message: ERR.databaseUnavailable });
    });
    app.addHook('onClose', async () => {
      availability.stop();
      hotState.close();
      // Every fix taken is written before the database closes.
      await fixWriter.close().catch((err: unknown) => app.log.error({ err }, 'fixes still queued at shutdown could not be written'));
      // The thread is gone: the connection's writes no longer take turns with it.
      opts.handle.writeGate.set(null);
      const { fixes, batches, statements } = opts.handle.counter;
      if (fixes > 0) app.log.info({ fixes, batches, fixesPerBatch: Math.round((fixes / batches) * 10) / 10, statements }, 'fix writer: fixes committed since start');
      if (opts.closeOnShutdown) await opts.handle.close();
    });
  },
  { name: 'database' },
);

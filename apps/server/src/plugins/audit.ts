import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runInRequestScope } from '../services/audit/audit-context.ts';
import { AuditService } from '../services/audit/audit-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log (decision 070). */
    audit: AuditService;
  }
}

const ENDS = Symbol('audit scope end');
type ScopedRequest = FastifyRequest & { [ENDS]?: () => void };

/**
 * Opens each request's audit scope (services/audit/audit-context.ts) around its validation, hooks and handler, so the
 * services it calls record the caller as the actor; starts and stops the retention prune with the app.
 */
export default fp(
  async function auditPlugin(app: FastifyInstance) {
    const audit = new AuditService(app.repos, { retentionDays: app.env.AUDIT_RETENTION_DAYS, log: app.log });
    app.decorate('audit', audit);
    // After body parsing (which leaves the async context of the request's own hooks), before the handler.
    app.addHook('preValidation', (request: ScopedRequest, _reply, done) => {
      const { end } = runInRequestScope({ principal: () => request.principal, ip: request.ip }, () => done());
      request[ENDS] = end;
    });
    app.addHook('onResponse', async (request: ScopedRequest) => {
      request[ENDS]?.();
    });
    app.addHook('onReady', async () => audit.start());
    app.addHook('onClose', async () => audit.stop());
  },
  { name: 'audit', dependencies: ['database', 'auth'] },
);

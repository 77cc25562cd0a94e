import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { actorOf, type AuditActor } from '../services/audit/audit-context.ts';
import { AuditService } from '../services/audit/audit-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log (decision 070). */
    audit: AuditService;
  }
  interface FastifyRequest {
    /** Who this request acts as, for the audit log: its principal (admin, driver, API key) and address. */
    readonly auditActor: AuditActor;
  }
}

/** The audit log's service and each request's actor; starts and stops the retention prune with the app. */
export default fp(
  async function auditPlugin(app: FastifyInstance) {
    const audit = new AuditService(app.repos, { retentionDays: app.env.AUDIT_RETENTION_DAYS, log: app.log });
    app.decorate('audit', audit);
    app.decorateRequest('auditActor', {
      getter() {
        return actorOf(this.principal, this.ip);
      },
    });
    app.addHook('onReady', async () => audit.start());
    app.addHook('onClose', async () => audit.stop());
  },
  { name: 'audit', dependencies: ['database', 'auth'] },
);

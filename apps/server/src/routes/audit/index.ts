import { auditEntrySchema, auditListQuerySchema, errorSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentAuditEntry } from '../../presenters/audit.ts';
import { security } from '../openapi.ts';

/** The audit log (issue 20, design.md §11): admins only; an API key never reads it. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first: filtered by object, actor, action and time; X-Total-Count gives how many match',
        security,
        querystring: auditListQuerySchema,
        response: { 200: z.array(auditEntrySchema), 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await app.audit.list(request.query);
      reply.header('x-total-count', String(total));
      return rows.map(presentAuditEntry);
    },
  );
};

export default auditRoutes;

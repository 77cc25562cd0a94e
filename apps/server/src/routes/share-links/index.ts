import { errorSchema, idParam, shareLinkCreatedSchema, shareLinkInputSchema, shareLinkSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharePath } from '../../services/share-links.ts';

const security = [{ bearer: [] }];

/** Share links (design.md §4): created by an admin or the assigned driver, revocable, listed for admins. */
const shareLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/share-links',
    {
      schema: {
        tags: ['share-links'],
        summary: 'Creates a customer or driver share link for a package (1-8 hours); the token is shown once',
        security,
        body: shareLinkInputSchema,
        response: { 201: shareLinkCreatedSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const createdBy = principal?.role === 'admin' ? `admin:${principal.adminId}` : principal?.role === 'driver' ? `driver:${principal.driverId}` : 'unknown';
      const { packageId, hours, kind } = request.body;
      const link = await app.shareLinks.create({ packageRef: packageId, hours, kind, createdBy });
      const origin = (app.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
      return reply.status(201).send({ token: link.token, url: `${origin}${sharePath(kind, link.token)}`, expiresAt: link.expiresAt });
    },
  );

  app.delete(
    '/api/share-links/:token',
    {
      schema: {
        tags: ['share-links'],
        summary: 'Revokes a share link',
        security,
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 204: z.null(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await app.shareLinks.revoke(request.params.token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/packages/:id/share-links',
    {
      schema: {
        tags: ['share-links'],
        summary: "A package's share links (never their tokens)",
        security,
        params: idParam,
        response: { 200: z.array(shareLinkSchema), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => app.shareLinks.listForPackage(request.params.id),
  );
};

export default shareLinkRoutes;

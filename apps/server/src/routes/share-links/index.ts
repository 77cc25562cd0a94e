import { errorSchema, idParam, shareLinkCreatedSchema, shareLinkInputSchema, shareLinkListItemSchema, shareLinkResolvedSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentCreatedShareLink, presentResolvedShareLink, presentShareLinkListItem } from '../../presenters/share-link.ts';
import { creatorOf } from '../../services/share-links.ts';
import { security } from '../openapi.ts';


/** Share links (design.md §4): created by an admin or the assigned driver, revocable (a package's list: routes/packages). */
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
      const { packageId, hours, kind } = request.body;
      const origin = app.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      const link = await app.shareLinks.create({ packageRef: packageId, hours, kind, createdBy: creatorOf(request.principal), origin, actor: request.auditActor });
      return reply.status(201).send(presentCreatedShareLink(link));
    },
  );

  app.get(
    '/api/share-links/:token',
    {
      config: { rateLimit: app.rateLimits.publicLookup },
      schema: {
        tags: ['share-links'],
        summary: "What a driver share link covers: its package's public view and the link's expiry (404 when unknown, revoked or expired)",
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: shareLinkResolvedSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { link, pkg } = await app.shareLinks.resolveDriverLink(request.params.token);
      return presentResolvedShareLink(link, pkg);
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
      await app.shareLinks.revoke(request.params.token, request.auditActor);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/share-links',
    {
      schema: {
        tags: ['share-links'],
        summary: 'Every live share link (not revoked, not expired) across packages, newest first (never their tokens)',
        security,
        response: { 200: z.array(shareLinkListItemSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => (await app.shareLinks.listLive()).map(presentShareLinkListItem),
  );

  app.post(
    '/api/share-links/:id/revoke',
    {
      schema: {
        tags: ['share-links'],
        summary: 'Revokes a share link by its id, as listed (the token is shown only once)',
        security,
        params: idParam,
        response: { 204: z.null(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await app.shareLinks.revokeById(request.params.id, request.auditActor);
      return reply.status(204).send(null);
    },
  );
};

export default shareLinkRoutes;

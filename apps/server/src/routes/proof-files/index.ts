import { errorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const proofFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/proof-files/:id',
    {
      schema: {
        tags: ['proof of delivery'],
        summary: 'A photo or signature through its signed link (made by GET /api/delivery-proof/{id}); 404 once expired',
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: z.object({
          v: z.enum(['full', 'thumb']).default('full'),
          exp: z.coerce.number().int(),
          sig: z.string().min(1).max(100),
        }),
        response: { 200: z.any().describe('image/jpeg or image/png'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { v, exp, sig } = request.query;
      // A wrong or expired signature reads as an unknown file (404).
      const file = await app.deliveryProof.fileByLink(request.params.id, v, exp, sig);
      return reply
        .header('content-type', file.contentType)
        // Private: the link is a credential; the browser may keep it until it expires, no shared cache may.
        .header('cache-control', `private, max-age=${Math.max(0, Math.min(3600, exp - Math.floor(Date.now() / 1000)))}`)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(file.bytes);
    },
  );
};

export default proofFileRoutes;

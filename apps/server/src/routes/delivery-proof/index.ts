import { ERR, deliveryProofSchema, errorSchema, idParam } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { tokenOf } from '../../plugins/auth.ts';
import { proofViewFor } from '../../policies/proof-view.ts';

const outcomeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/delivery-proof/:id',
    {
      preHandler: app.publicLookupLimit(),
      schema: {
        tags: ['proof of delivery'],
        summary:
          "A package's delivery outcomes, oldest first: by tracking number the outcome in words and the recipient's initials; by the customer's share token, or for an admin or the assigned driver, the full proof with links to the photo and signature that expire",
        params: idParam.describe('Tracking number, package id or customer share token'),
        response: { 200: deliveryProofSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const found = await app.liveTracking.resolvePublicRef(request.params.id);
      if (!found) throw notFound(ERR.packageNotFound);
      const principal = tokenOf(request) ? await app.principals.resolve(tokenOf(request), { acceptShareLink: false }) : null;
      const view = proofViewFor(principal, found.pkg, { viaCustomerLink: found.tokenHash !== null });
      return {
        trackingNumber: found.pkg.trackingNumber,
        status: found.pkg.status,
        view,
        delivery:
          view === 'full'
            ? { address: found.pkg.deliveryAddress, lat: found.pkg.deliveryLat == null ? null : Number(found.pkg.deliveryLat), lng: found.pkg.deliveryLng == null ? null : Number(found.pkg.deliveryLng) }
            : null,
        outcomes: await app.deliveryProof.outcomesOf(found.pkg, view),
        // Money only in the full view (the customer's share link, the driver, dispatch); never by tracking number.
        payment: view === 'full' ? await app.payments.customerView(found.pkg) : null,
      };
    },
  );
};

export default outcomeRoutes;

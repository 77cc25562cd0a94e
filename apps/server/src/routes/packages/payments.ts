import {
  errorSchema,
  idParam,
  packageLedgerSchema,
  paymentAdjustmentSchema,
  paymentInputSchema,
  paymentReleaseSchema,
  paymentResultSchema,
  validationErrorSchema,
} from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentLedgerEntry } from '../../presenters/payment.ts';
import { security } from '../openapi.ts';

const tags = ['payments'];
const params = idParam.describe('Package id or tracking number');
const refusals = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * A package's money (issue 32, design.md §12): its ledger, a payment, a refund or correction, a release. Append-only:
 * no route here, or anywhere, edits or deletes an entry.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/packages/:id/payments',
    {
      schema: {
        tags,
        summary: "A package's ledger: amount due, paid, balance, release, and every entry oldest first (admin or the assigned driver); amounts in minor units",
        security,
        params,
        response: { 200: packageLedgerSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => app.payments.ledger(request.params.id),
  );

  app.post(
    '/api/packages/:id/payments',
    {
      schema: {
        tags,
        summary: 'Record a payment received (admin, the assigned driver, or an API key with payments:write)',
        description:
          'Amount in minor units (cents), positive. A driver may record at most ten times the balance, and only while something is owed. A card payment needs the terminal reference. With `clientId`, a resend (an offline queue) answers the first entry (200, `duplicate: true`) and records nothing.',
        security,
        params,
        body: paymentInputSchema,
        response: { 200: paymentResultSchema, 201: paymentResultSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { entry, ledger, duplicate } = await app.payments.record(request.params.id, request.body, request.auditActor);
      return reply.status(duplicate ? 200 : 201).send({ entry: presentLedgerEntry(entry), ledger, duplicate });
    },
  );

  app.post(
    '/api/packages/:id/payments/adjustments',
    {
      schema: {
        tags,
        summary: 'A refund or a correction (admin): a new negative entry with its reason; nothing is edited',
        security,
        params,
        body: paymentAdjustmentSchema,
        response: { 201: paymentResultSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { entry, ledger, duplicate } = await app.payments.adjust(request.params.id, request.body, request.auditActor);
      return reply.status(201).send({ entry: presentLedgerEntry(entry), ledger, duplicate });
    },
  );

  app.post(
    '/api/packages/:id/payments/release',
    {
      schema: {
        tags,
        summary: "'Release without payment' (admin, with the reason): the package may be delivered while a balance remains",
        security,
        params,
        body: paymentReleaseSchema,
        response: { 201: paymentResultSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { entry, ledger, duplicate } = await app.payments.release(request.params.id, request.body.reason, request.auditActor);
      return reply.status(201).send({ entry: presentLedgerEntry(entry), ledger, duplicate });
    },
  );
};

export default paymentRoutes;

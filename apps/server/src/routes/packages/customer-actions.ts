import { customerLinkSchema, customerLinkSentSchema, errorSchema, idParam, packageCustomerActionsSchema, sendCustomerLinkSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentPackageCustomerActions } from '../../presenters/customer-actions.ts';
import { security } from '../openapi.ts';

const tags = ['customer actions'];

/** Dispatch and a package's customer actions (issue 33): its one customer link, and what its customer gave. */
const packageCustomerActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/packages/:id/customer-link',
    {
      schema: {
        tags,
        summary: "The package's customer link, to copy or text to the customer (the same link its messages carry; made on first need)",
        security,
        params: idParam,
        response: { 200: customerLinkSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const pkg = await app.packages.getByRef(request.params.id);
      const { url, expiresAt } = await app.customerActions.links.linkFor(pkg);
      return { url, expiresAt };
    },
  );

  app.post(
    '/api/packages/:id/customer-link/send',
    {
      schema: {
        tags,
        summary: "Texts or emails the package's customer link to its customer now (admin; audited, the link is not in the reply)",
        security,
        params: idParam,
        body: sendCustomerLinkSchema,
        response: {
          200: customerLinkSentSchema,
          400: validationErrorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      const pkg = await app.packages.getByRef(request.params.id);
      return app.customerActions.sender.send(pkg, request.body, request.auditActor);
    },
  );

  app.get(
    '/api/packages/:id/customer-actions',
    {
      schema: {
        tags,
        summary: "What the package's customer gave: instructions, safe place, access code, chosen days and rating (admin)",
        security,
        params: idParam,
        response: { 200: packageCustomerActionsSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const pkg = await app.packages.getByRef(request.params.id);
      const repo = app.repos.customerActions;
      const [ins, reschedules, feedback] = await Promise.all([repo.instructionsOf(pkg.id), repo.reschedulesOf(pkg.id), repo.feedbackOf(pkg.id)]);
      return presentPackageCustomerActions(ins, reschedules, feedback);
    },
  );
};

export default packageCustomerActionRoutes;

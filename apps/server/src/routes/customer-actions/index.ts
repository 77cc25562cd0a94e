import { customerActionSettingsSchema, errorSchema, toReplanItemSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rescheduleWindowOf } from '../../presenters/customer-actions.ts';
import { chosenLabel } from '../../services/customer-actions/delivery-days.ts';
import { security } from '../openapi.ts';

const tags = ['customer actions'];

/** Dispatch's side of customer actions (issue 33): the settings, and the packages whose customer chose a new day. */
const customerActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { links } = app.customerActions;

  app.get(
    '/api/customer-actions/settings',
    {
      schema: { tags, summary: 'The days customers may choose, the reschedule limit and how long a link works after delivery (admin)', security, response: { 200: customerActionSettingsSchema, 401: errorSchema, 403: errorSchema } },
    },
    async () => links.settings(),
  );

  app.put(
    '/api/customer-actions/settings',
    {
      schema: {
        tags,
        summary: 'Sets the customer action settings (admin)',
        security,
        body: customerActionSettingsSchema,
        response: { 200: customerActionSettingsSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => links.setSettings(request.body, request.auditActor),
  );

  app.get(
    '/api/customer-actions/to-replan',
    {
      schema: {
        tags,
        summary: 'Packages whose customer chose a new day since their route was last accepted, newest first (admin)',
        security,
        response: { 200: z.array(toReplanItemSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () =>
      (await app.repos.customerActions.toReplan(200)).map((r) => {
        const window = rescheduleWindowOf(r);
        return {
          packageId: r.packageId,
          trackingNumber: r.trackingNumber,
          status: r.status,
          customerName: r.customerName,
          deliveryAddress: r.deliveryAddress,
          driver: r.driver,
          day: r.day,
          window,
          label: chosenLabel(r.day, window),
          chosenAt: r.createdAt,
        };
      }),
  );
};

export default customerActionRoutes;

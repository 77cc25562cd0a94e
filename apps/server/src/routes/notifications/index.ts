import {
  errorSchema,
  idParam,
  notificationLogQuerySchema,
  notificationMessageSchema,
  notificationPreviewInputSchema,
  notificationPreviewSchema,
  notificationSettingsSchema,
  notificationTemplateInputSchema,
  notificationTemplateKeySchema,
  notificationTemplateSchema,
  validationErrorSchema,
} from '@cargo/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentNotificationMessage, presentNotificationTemplate } from '../../presenters/notification.ts';
import { notFound } from '../../lib/http-errors.ts';
import { security } from '../openapi.ts';

const tags = ['notifications'];
const adminErrors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(1000), scope: z.enum(['package', 'all']).optional() });
const unsubscribedSchema = z.object({ unsubscribed: z.literal(true), scope: z.enum(['package', 'all']), trackingNumber: z.string().nullable() });
export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid';

/**
 * Customer notifications (issue 17): dispatch's templates and settings, the message log with resend, and the
 * one-click unsubscribe of RFC 8058 (public: the signed token in the link is the authority).
 */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications/templates',
    { schema: { tags, summary: 'Every notification template: which event tells whom by which channel, in what words', security, response: { 200: z.array(notificationTemplateSchema), 401: errorSchema, 403: errorSchema } } },
    async () => (await app.notifications.templates()).map(presentNotificationTemplate),
  );

  app.put(
    '/api/notifications/templates/:eventType/:channel/:audience',
    {
      schema: {
        tags,
        summary: 'Saves a template (on or off, subject, body with merge fields); a template that does not parse is a 400',
        security,
        params: notificationTemplateKeySchema,
        body: notificationTemplateInputSchema,
        response: { 200: notificationTemplateSchema, ...adminErrors },
      },
    },
    async (request) => presentNotificationTemplate(await app.notifications.saveTemplate(request.params, request.body, request.auditActor)),
  );

  app.delete(
    '/api/notifications/templates/:eventType/:channel/:audience',
    {
      schema: { tags, summary: "Puts a template back to the product's default", security, params: notificationTemplateKeySchema, response: { 200: notificationTemplateSchema, ...adminErrors } },
    },
    async (request) => presentNotificationTemplate(await app.notifications.resetTemplate(request.params, request.auditActor)),
  );

  app.post(
    '/api/notifications/preview',
    {
      schema: {
        tags,
        summary: 'Renders a template against a real package before it is saved',
        security,
        body: notificationPreviewInputSchema.extend({ eventType: notificationTemplateKeySchema.shape.eventType, channel: notificationTemplateKeySchema.shape.channel }),
        response: { 200: notificationPreviewSchema, ...adminErrors },
      },
    },
    async (request) => app.notifications.preview(request.body),
  );

  app.get(
    '/api/notifications/settings',
    { schema: { tags, summary: 'Quiet hours and the daily cap per package', security, response: { 200: notificationSettingsSchema, 401: errorSchema, 403: errorSchema } } },
    async () => app.notifications.notificationSettings(),
  );

  app.put(
    '/api/notifications/settings',
    { schema: { tags, summary: 'Sets quiet hours (recipient time) and the daily cap per package', security, body: notificationSettingsSchema, response: { 200: notificationSettingsSchema, ...adminErrors } } },
    async (request) => app.notifications.saveSettings(request.body, request.auditActor),
  );

  app.get(
    '/api/notifications/messages',
    {
      schema: {
        tags,
        summary: "The message log, newest first: one package's (trackingNumber, id or number) or every message's; recipients masked",
        security,
        querystring: notificationLogQuerySchema,
        response: { 200: z.array(notificationMessageSchema), ...adminErrors },
      },
    },
    async (request) => (await app.notifications.log(request.query)).map(presentNotificationMessage),
  );

  app.post(
    '/api/notifications/messages/:id/resend',
    { schema: { tags, summary: 'Queues a message again (the send-time rules still apply)', security, params: idParam, response: { 200: notificationMessageSchema, ...adminErrors } } },
    async (request) => {
      const row = await app.notifications.resend(request.params.id, request.auditActor);
      const [withNumber] = await app.notifications.log({ trackingNumber: row.packageId ?? undefined, limit: 200 }).then((rows) => rows.filter((r) => r.id === row.id));
      return presentNotificationMessage(withNumber ?? { ...row, trackingNumber: null });
    },
  );

  // One-click unsubscribe (RFC 8058): the URL of an email's List-Unsubscribe header, POSTed by the mail client itself
  // with 'List-Unsubscribe=One-Click' (form-encoded). The signed token is the authority. The page a person opens from
  // the link in the email is /unsubscribe (routes/unsubscribe).
  await app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, null));
    oneClick.post(
      '/api/notifications/unsubscribe',
      {
        schema: {
          tags,
          summary: "One-click unsubscribe (RFC 8058): stops email about the token's package (scope=package, the default) or to its address (scope=all)",
          querystring: unsubscribeQuery,
          response: { 200: unsubscribedSchema, 400: validationErrorSchema, 404: errorSchema },
        },
      },
      async (request) => {
        const done = await app.notifications.unsubscribe(request.query.token, request.query.scope ?? 'package');
        if (!done) throw notFound(UNSUBSCRIBE_INVALID);
        return { unsubscribed: true as const, scope: done.scope, trackingNumber: done.trackingNumber };
      },
    );
  });
};

export default notificationRoutes;

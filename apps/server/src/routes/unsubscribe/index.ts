import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { unsubscribeConfirmPage, unsubscribeDonePage, unsubscribeInvalidPage } from '../../presenters/unsubscribe-page.ts';
import { unsubscribeQuery } from '../notifications/index.ts';

/**
 * The unsubscribe page a customer opens from the link in an email (issue 17): it asks (this package, or every email to
 * the address) and its buttons POST here. Small HTML of the server's own, with no script, so it works in any mail
 * client's browser; the signed token in the link is the authority, no sign-in.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    const page = scope.withTypeProvider<ZodTypeProvider>();
    // The page's forms are form-encoded; their content does not matter (the query says what to do).
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, null));
    const company = app.env.COMPANY_NAME;

    page.get('/unsubscribe', { schema: { tags: ['notifications'], summary: 'The unsubscribe page of the link in an email (HTML): this package, or every email to the address', querystring: unsubscribeQuery } }, async (request, reply) => {
      const named = app.notifications.readToken(request.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!named) return reply.status(404).send(unsubscribeInvalidPage(company));
      const pkg = named.packageId ? await app.repos.packages.findById(named.packageId) : undefined;
      return reply.send(unsubscribeConfirmPage(company, request.query.token, pkg?.trackingNumber ?? null));
    });

    page.post('/unsubscribe', { schema: { tags: ['notifications'], summary: "The unsubscribe page's buttons (HTML form): stops email about the package (scope=package) or to the address (scope=all)", querystring: unsubscribeQuery } }, async (request, reply) => {
      const done = await app.notifications.unsubscribe(request.query.token, request.query.scope ?? 'package');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!done) return reply.status(404).send(unsubscribeInvalidPage(company));
      return reply.send(unsubscribeDonePage(company, done.trackingNumber, done.scope));
    });
  });
};

export default unsubscribeRoutes;

import {
  customerActionsViewSchema,
  customerInstructionsInputSchema,
  errorSchema,
  feedbackInputSchema,
  rescheduleInputSchema,
  validationErrorSchema,
} from '@cargo/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentCustomerActionsView } from '../../presenters/customer-actions.ts';
import type { CustomerLinkFacts } from '../../policies/customer-link.ts';
import { customerActor } from '../../services/customer-actions/customer-actor.ts';

const tags = ['customer actions'];
const params = z.object({ token: z.string().min(1).max(200) });

/** The customer's page: built from the link's facts after any change, so the answer is what the page shows next. */
async function viewOf(app: FastifyInstance, facts: CustomerLinkFacts) {
  const { instructions, reschedules } = app.customerActions;
  const repo = app.repos.customerActions;
  const [ins, waivable, history, rating] = await Promise.all([
    repo.instructionsOf(facts.pkg.id),
    instructions.signatureWaivable(facts.pkg.serviceType),
    repo.reschedulesOf(facts.pkg.id),
    repo.feedbackOf(facts.pkg.id),
  ]);
  return presentCustomerActionsView(facts, {
    instructions: ins,
    signatureWaivable: waivable,
    reschedules: history,
    days: reschedules.daysFor(facts),
    feedback: rating,
    coordinatorPhone: app.env.COORDINATOR_PHONE,
  });
}

/**
 * What a customer does through the customer link (issue 33, design.md §13). The token is the only authority: a
 * tracking number, a driver link, a revoked or expired link all get the same 404. Changes are limited per link.
 */
const customerLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { links, instructions, reschedules, feedback } = app.customerActions;

  app.get(
    '/api/customer-links/:token',
    {
      config: { rateLimit: app.rateLimits.publicLookup },
      schema: {
        tags,
        summary: "The customer's actions for the package of a customer link: what they gave and what they may still do (never the access code)",
        params,
        response: { 200: customerActionsViewSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => viewOf(app, await links.resolve(request.params.token)),
  );

  app.put(
    '/api/customer-links/:token/instructions',
    {
      config: { rateLimit: app.rateLimits.customerAction },
      schema: {
        tags,
        summary: 'Delivery instructions, safe place, signature waiver and access code (until the driver arrives)',
        params,
        body: customerInstructionsInputSchema,
        response: { 200: customerActionsViewSchema, 400: validationErrorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const facts = await links.resolve(request.params.token);
      await instructions.update(facts, request.body, customerActor(facts.link, facts.pkg.trackingNumber, request.ip));
      return viewOf(app, await links.resolve(request.params.token));
    },
  );

  app.post(
    '/api/customer-links/:token/reschedule',
    {
      config: { rateLimit: app.rateLimits.customerAction },
      schema: {
        tags,
        summary: 'A new delivery day (after an attempt, or before the package goes out), within the limit per package',
        params,
        body: rescheduleInputSchema,
        response: { 200: customerActionsViewSchema, 400: validationErrorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const facts = await links.resolve(request.params.token);
      await reschedules.choose(facts, request.body, customerActor(facts.link, facts.pkg.trackingNumber, request.ip));
      return viewOf(app, await links.resolve(request.params.token));
    },
  );

  app.put(
    '/api/customer-links/:token/feedback',
    {
      config: { rateLimit: app.rateLimits.customerAction },
      schema: {
        tags,
        summary: 'A rating after delivery: 1-5 stars, a comment and tags; once per package, changeable for 7 days',
        params,
        body: feedbackInputSchema,
        response: { 200: customerActionsViewSchema, 400: validationErrorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const facts = await links.resolve(request.params.token);
      await feedback.rate(facts, request.body, customerActor(facts.link, facts.pkg.trackingNumber, request.ip));
      return viewOf(app, await links.resolve(request.params.token));
    },
  );
};

export default customerLinkRoutes;

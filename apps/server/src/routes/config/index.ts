import { mapConfigSchema, siteConfigSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app;
  app.get('/api/config/map', { schema: { tags: ['config'], summary: 'Map tiles', response: { 200: mapConfigSchema } } }, async () => ({
    tileUrl: env.MAP_TILE_URL,
    attribution: env.MAP_ATTRIBUTION,
  }));

  app.get('/api/config/site', { schema: { tags: ['config'], summary: 'Company name and contacts', response: { 200: siteConfigSchema } } }, async () => ({
    companyName: env.COMPANY_NAME,
    tagline: 'Your Cargo Our Commitment',
    coordinator: { name: env.COORDINATOR_NAME, role: 'Transport Coordinator', phone: env.COORDINATOR_PHONE },
    manager: { name: env.MANAGER_NAME, role: 'Transport Manager', phone: env.MANAGER_PHONE },
    supportEmail: env.SUPPORT_EMAIL,
    socialUrl: env.SOCIAL_URL ?? null,
    dispatchPhone: env.DISPATCH_PHONE ?? env.COORDINATOR_PHONE,
  }));
};

export default configRoutes;

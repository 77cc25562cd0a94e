import { mapConfigSchema, siteConfigSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigOf } from '../../services/site-config.ts';

const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app;
  app.get('/api/config/map', { schema: { tags: ['config'], summary: 'Map tiles', response: { 200: mapConfigSchema } } }, async () => ({
    tileUrl: env.MAP_TILE_URL,
    attribution: env.MAP_ATTRIBUTION,
  }));

  app.get('/api/config/site', { schema: { tags: ['config'], summary: 'Company name and contacts', response: { 200: siteConfigSchema } } }, async () => siteConfigOf(env));
};

export default configRoutes;

import type { FastifyPluginAsync } from 'fastify';

/**
 * The live push channel (design.md §1): {type:'subscribe', trackingId} with a tracking number or a customer share
 * token, then location_update and status_update events (packages/shared/src/ws-events.ts).
 */
const wsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/ws',
    { websocket: true, schema: { tags: ['tracking'], summary: 'Live updates over WebSocket (subscribe by tracking number or customer share token)' } },
    (socket) => app.liveHub.attach(socket),
  );
};

export default wsRoutes;

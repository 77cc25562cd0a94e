import type { FastifyPluginAsync } from 'fastify';
import { tooManyRequests } from '../../lib/http-errors.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';

/**
 * The live push channel (design.md §1): {type:'subscribe', trackingId} with a tracking number or a customer share
 * token, then location_update and status_update events (packages/shared/src/ws-events.ts). Open connections are
 * capped per IP (WS_CONNECTIONS_PER_IP): an upgrade over the cap is refused with 429 before the socket opens.
 */
const wsRoutes: FastifyPluginAsync = async (app) => {
  const openByIp = new Map<string, number>();
  const cap = app.env.WS_CONNECTIONS_PER_IP;
  app.get(
    '/ws',
    {
      websocket: true,
      schema: { tags: ['tracking'], summary: 'Live updates over WebSocket (subscribe by tracking number or customer share token)' },
      preValidation: async (request) => {
        if ((openByIp.get(request.ip) ?? 0) >= cap) throw tooManyRequests(5);
      },
    },
    (socket, request) => {
      const ip = request.ip;
      openByIp.set(ip, (openByIp.get(ip) ?? 0) + 1);
      socket.once('close', () => {
        const left = (openByIp.get(ip) ?? 1) - 1;
        if (left > 0) openByIp.set(ip, left);
        else openByIp.delete(ip);
      });
      // The session cookie, if the page was signed in with one: the fleet subscription may be checked against it.
      app.liveHub.attach(socket, { cookieToken: request.cookies?.[SESSION_COOKIE] ?? null });
    },
  );
};

export default wsRoutes;

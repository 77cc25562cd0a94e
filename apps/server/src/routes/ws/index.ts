import { LIVE_MSG } from '@cargo/shared';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, tooManyRequests } from '../../lib/http-errors.ts';
import { openFilesLimit, wsConnectionCap } from '../../lib/open-files.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';

/** Seconds a client refused for capacity is asked to wait before it tries again. */
const FULL_RETRY_AFTER_S = 5;

/**
 * The live push channel (design.md §1): {type:'subscribe', trackingId} with a tracking number or a customer share
 * token, then location_update and status_update events (packages/shared/src/ws-events.ts). Open connections are
 * capped per IP (WS_CONNECTIONS_PER_IP): an upgrade over the cap is refused with 429 before the socket opens. They are
 * also capped per instance (WS_MAX_CONNECTIONS, never above the open-files limit less a reserve; decision 057): an
 * upgrade over that is refused with 503 and Retry-After, so the process keeps file descriptors for HTTP.
 */
const wsRoutes: FastifyPluginAsync = async (app) => {
  const openByIp = new Map<string, number>();
  let open = 0;
  const cap = app.env.WS_CONNECTIONS_PER_IP;
  const fdLimit = openFilesLimit();
  const { cap: maxOpen, fdCap } = wsConnectionCap(app.env.WS_MAX_CONNECTIONS, fdLimit);
  if (app.env.WS_MAX_CONNECTIONS !== undefined && fdCap != null && app.env.WS_MAX_CONNECTIONS > fdCap) {
    app.log.warn(`WS_MAX_CONNECTIONS=${app.env.WS_MAX_CONNECTIONS} is over what the open-files limit (${fdLimit}) allows: /ws is capped at ${fdCap}; raise ulimit -n`);
  }
  app.get(
    '/ws',
    {
      websocket: true,
      schema: { tags: ['tracking'], summary: 'Live updates over WebSocket (subscribe by tracking number or customer share token)' },
      preValidation: async (request) => {
        if (maxOpen != null && open >= maxOpen) throw new HttpError(503, LIVE_MSG.liveFull, { 'retry-after': String(FULL_RETRY_AFTER_S) });
        if ((openByIp.get(request.ip) ?? 0) >= cap) throw tooManyRequests(5);
      },
    },
    (socket, request) => {
      const ip = request.ip;
      open += 1;
      openByIp.set(ip, (openByIp.get(ip) ?? 0) + 1);
      socket.once('close', () => {
        open -= 1;
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

import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is logged at warn. */
export const SLOW_REQUEST_MS = 1000;

/** Pino's numeric level of debug; a logger at info (30) or above skips successful requests. */
const DEBUG = 20;

/**
 * One log line per request, at a level that fits (issue 10): successful requests at debug, failed (4xx, 5xx) and
 * slow requests at warn, instead of two info lines for every request. The line names the route pattern, never the
 * URL, so no tracking number, token or device identifier reaches the log; at the default level a successful request
 * costs one comparison.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const notable = !!error || status >= 400 || ms >= SLOW_REQUEST_MS;
    if (!notable && ((reply.log as { levelVal?: number }).levelVal ?? 30) > DEBUG) return;
    const entry = { method: request.method, route: request.routeOptions.url ?? '(no route)', status, ms: Math.round(ms), ...(error ? { err: error } : {}) };
    if (notable) reply.log.warn(entry, status >= 400 || error ? 'request failed' : 'slow request');
    else reply.log.debug(entry, 'request');
  }
}

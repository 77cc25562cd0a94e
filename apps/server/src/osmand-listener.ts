import Fastify, { type FastifyInstance } from 'fastify';
import { requestForLog } from './app.ts';
import { HttpError } from './lib/http-errors.ts';
import { acceptForms, handleOsmand } from './routes/osmand/index.ts';

/**
 * The optional OSMAND_PORT listener (issue 7): many hardware trackers can be given only a host and a port, and
 * Traccar Client 9.x posts to '/' when its server URL has no path. Like Traccar's port 5055 it takes the OsmAnd
 * protocol on any path and nothing else, through the main app's services (same devices, pipeline and limits).
 */
export async function buildOsmandListener(app: FastifyInstance): Promise<FastifyInstance> {
  const listener = Fastify({
    loggerInstance: app.log.child({ listener: 'osmand' }),
    trustProxy: app.env.TRUST_PROXY as boolean | string,
    bodyLimit: 64 * 1024,
    forceCloseConnections: 'idle',
  });
  acceptForms(listener);
  listener.setErrorHandler((err, request, reply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).headers(err.headers).send({ message: err.message });
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.status(status).send({ message: err instanceof Error ? err.message : 'Bad request' });
    request.log.error({ err, req: requestForLog(request) }, 'OsmAnd report failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
  listener.route({
    method: ['GET', 'POST'],
    url: '/*',
    handler: async (request) => handleOsmand(app, request),
  });
  await listener.ready();
  return listener;
}

import { parse as parseQueryString } from 'node:querystring';
import { errorSchema, osmandQuerySchema, osmandResultSchema } from '@cargo/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors.ts';
import type { DeviceIngestResult } from '../../services/fixes.ts';
import { parseOsmandReport } from '../../services/osmand-report.ts';

type Fields = Record<string, unknown>;

const replies = { 200: osmandResultSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema };

/** Trackers post forms; the parser is added only where the OsmAnd protocol is served, so no other route takes forms. */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, parseQueryString(body as string));
  });
}

/**
 * One OsmAnd report: limited per device once the device is known; an unknown identifier counts against the IP
 * (the only unauthenticated ingest), so a fleet behind one NAT is never throttled as one.
 */
export async function handleOsmand(app: FastifyInstance, request: FastifyRequest): Promise<DeviceIngestResult> {
  await app.ingestLimit.checkUnknownAttempts(request.ip);
  const { identifier, report } = parseOsmandReport((request.query ?? {}) as Fields, request.body);
  const device = await app.devices.findByIdentifier(identifier.trim());
  if (!device) await app.ingestLimit.failUnknown(request.ip);
  else await app.ingestLimit.hit(`device:${device.id}`);
  try {
    return await app.fixes.ingestDevice(identifier, report);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404 && device) await app.ingestLimit.failUnknown(request.ip);
    throw err;
  }
}

/**
 * The OsmAnd protocol of Traccar Client and many hardware trackers (design.md §4): a registered device posts its
 * fixes with its identifier, no session. Served at /api/osmand (with or without a trailing slash) and, when
 * OSMAND_PORT is set, on any path of that port (osmand-listener.ts).
 */
const osmandRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptForms(app);
  for (const url of ['/api/osmand', '/api/osmand/']) {
    app.get(
      url,
      {
        schema: {
          tags: ['devices'],
          summary: 'A report from a registered OsmAnd / Traccar Client device (speed in knots); 200 for every well-formed report from a known device',
          querystring: osmandQuerySchema.partial().loose(),
          response: replies,
        },
      },
      async (request) => handleOsmand(app, request),
    );
    app.post(
      url,
      {
        schema: {
          tags: ['devices'],
          summary: 'A report from a registered device: OsmAnd fields in the query or a form, or the JSON body Traccar Client sends',
          response: replies,
        },
      },
      async (request) => handleOsmand(app, request),
    );
  }
};

export default osmandRoutes;

import { parse as parseQueryString } from 'node:querystring';
import { LIVE_MSG, MSG, errorSchema, osmandQuerySchema, osmandResultSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/http-errors.ts';
import { knotsToMs, type FixInput } from '../../services/fixes.ts';

type Fields = Record<string, unknown>;

/** A number from a query or form field or a JSON value; null for absent, empty or not a number. */
function numberOf(value: unknown): number | null {
  if (Array.isArray(value)) value = value[0];
  if (value == null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : null;
}

/** Device readings of -1 (or below zero) mean 'unknown' in Traccar Client and many trackers. */
const nonNegative = (n: number | null): number | null => (n == null || n < 0 ? null : n);

const textOf = (value: unknown): string | null => {
  if (Array.isArray(value)) value = value[0];
  return typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;
};

/** OsmAnd timestamps: unix seconds (or milliseconds), or an ISO / 'yyyy-MM-dd HH:mm:ss' UTC date. */
export function parseDeviceTime(value: unknown): string | null {
  const text = textOf(value);
  if (text == null) return null;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    return new Date(n > 1e11 ? n : n * 1000).toISOString();
  }
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw badRequest(MSG.timestampInvalid);
  return new Date(ms).toISOString();
}

/** The JSON body Traccar Client sends: speeds in m/s, battery level 0..1. */
function fromTraccarJson(body: Fields): { identifier: string | null; fix: FixInput } {
  const location = (body.location ?? {}) as Fields;
  const coords = (location.coords ?? {}) as Fields;
  const battery = (location.battery ?? {}) as Fields;
  const level = numberOf(battery.level);
  return {
    identifier: textOf(body.device_id) ?? textOf(body.id) ?? textOf(body.deviceid),
    fix: {
      lat: numberOf(coords.latitude) ?? Number.NaN,
      lng: numberOf(coords.longitude) ?? Number.NaN,
      timestamp: parseDeviceTime(location.timestamp),
      speed: nonNegative(numberOf(coords.speed)),
      heading: nonNegative(numberOf(coords.heading)),
      altitude: numberOf(coords.altitude),
      accuracy: nonNegative(numberOf(coords.accuracy)),
      battery: level == null || level < 0 ? null : Math.min(100, Math.round(level * 100)),
    },
  };
}

/** OsmAnd query or form fields: speed in knots, batt in percent. */
function fromOsmandFields(fields: Fields): { identifier: string | null; fix: FixInput } {
  const batt = numberOf(fields.batt);
  return {
    identifier: textOf(fields.id) ?? textOf(fields.deviceid),
    fix: {
      lat: numberOf(fields.lat) ?? Number.NaN,
      lng: numberOf(fields.lon) ?? numberOf(fields.lng) ?? Number.NaN,
      timestamp: parseDeviceTime(fields.timestamp),
      speed: knotsToMs(nonNegative(numberOf(fields.speed))),
      heading: nonNegative(numberOf(fields.bearing) ?? numberOf(fields.heading)),
      altitude: numberOf(fields.altitude),
      accuracy: nonNegative(numberOf(fields.accuracy)),
      battery: batt == null || batt < 0 ? null : Math.min(100, batt),
    },
  };
}

const replies = { 200: osmandResultSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema, 429: errorSchema };

/**
 * The OsmAnd protocol of Traccar Client and many hardware trackers (design.md §4): a registered device posts its
 * fixes with its identifier, no session.
 */
const osmandRoutes: FastifyPluginAsyncZod = async (app) => {
  // Trackers post forms; this parser exists only inside this plugin, so no other route takes form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, parseQueryString(body as string));
  });

  const handle = async (query: Fields, body: unknown) => {
    const isTraccarJson = !!body && typeof body === 'object' && 'location' in (body as Fields);
    const fields: Fields = { ...query, ...(body && typeof body === 'object' && !isTraccarJson ? (body as Fields) : {}) };
    const { identifier, fix } = isTraccarJson ? fromTraccarJson(body as Fields) : fromOsmandFields(fields);
    const id = identifier ?? (isTraccarJson ? textOf(query.id) ?? textOf(query.deviceid) : null);
    if (!id) throw badRequest(LIVE_MSG.deviceIdRequired);
    return app.fixes.ingestDevice(id, fix);
  };

  app.get(
    '/api/osmand',
    {
      config: { rateLimit: app.rateLimits.fixIngest },
      schema: {
        tags: ['devices'],
        summary: 'A fix from a registered OsmAnd / Traccar Client device (speed in knots)',
        querystring: osmandQuerySchema.loose(),
        response: replies,
      },
    },
    async (request) => handle(request.query as Fields, null),
  );

  app.post(
    '/api/osmand',
    {
      config: { rateLimit: app.rateLimits.fixIngest },
      schema: {
        tags: ['devices'],
        summary: 'A fix from a registered device: OsmAnd fields in the query or a form, or the JSON body Traccar Client sends',
        response: replies,
      },
    },
    async (request) => handle((request.query ?? {}) as Fields, request.body),
  );
};

export default osmandRoutes;

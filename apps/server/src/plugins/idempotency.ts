import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { conflict, HttpError, unprocessable } from '../lib/http-errors.ts';
import { isoFromMs } from '../lib/time.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key header (issue 19). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The Idempotency-Key this request holds while it is answered. */
    idempotencyId: string | null;
  }
}

/** A reply is kept this long for its key. */
const KEEP_MS = 24 * 3_600_000;
/** A first request still unanswered after this long is taken to have died (its key may be used again). */
const ABANDONED_MS = 60_000;
/** How long a second request with the same key waits for the first one's reply. */
const WAIT_MS = 10_000;
const KEY = /^[\x21-\x7e]{1,255}$/;

/** JSON with its object keys sorted: the same body written in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Who holds a key: keys of different callers never meet. */
function callerOf(request: FastifyRequest): string {
  const p = request.principal;
  if (p?.role === 'integration') return `apikey:${p.apiKeyId}`;
  if (p?.role === 'admin') return `admin:${p.adminId}`;
  if (p?.role === 'driver') return `driver:${p.driverId}`;
  return `ip:${request.ip}`;
}

/**
 * Idempotent creation (issue 19, as Stripe and the IETF Idempotency-Key draft do it): on a route that opts in, a
 * request with an `Idempotency-Key` header is answered once; the same key with the same body within 24 hours gets that
 * first reply again (with `Idempotent-Replayed: true`) and changes nothing; the same key with another body is a 422.
 * A second request arriving while the first is answered waits for its reply. A 5xx releases the key, so a retry runs.
 */
export default fp(
  async function idempotencyPlugin(app: FastifyInstance) {
    app.decorateRequest('idempotencyId', null);

    const claim = async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      if (typeof header !== 'string' || !KEY.test(header)) throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
      const id = `${callerOf(request)}:${header}`;
      const hash = createHash('sha256').update(`${request.method} ${request.url}\n${canonical(request.body ?? null)}`).digest('hex');
      const repo = app.repos.apiKeys;
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const now = Date.now();
        const held = await repo.findIdempotency(id);
        const age = held ? now - Date.parse(held.createdAt) : 0;
        if (held && (age > KEEP_MS || (held.statusCode === null && age > ABANDONED_MS))) {
          await repo.releaseIdempotency(id);
          continue;
        }
        if (!held) {
          if (await repo.claimIdempotency(id, hash, isoFromMs(now))) {
            request.idempotencyId = id;
            return;
          }
          continue;
        }
        if (held.requestHash !== hash) throw unprocessable(`Idempotency-Key '${header}' was already used with a different request (method, path or body) in the last 24 hours`);
        if (held.statusCode !== null) {
          return reply
            .status(held.statusCode)
            .header('idempotent-replayed', 'true')
            .type('application/json; charset=utf-8')
            .serializer((payload) => payload as string)
            .send(held.reply ?? '');
        }
        if (Date.now() > deadline) throw conflict(`A request with Idempotency-Key '${header}' is still being answered; try again`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    const complete = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const id = request.idempotencyId;
      if (!id) return payload;
      request.idempotencyId = null;
      if (reply.statusCode >= 500) await app.repos.apiKeys.releaseIdempotency(id);
      else await app.repos.apiKeys.completeIdempotency(id, reply.statusCode, typeof payload === 'string' ? payload : String(payload ?? ''));
      return payload;
    };

    // Only on the routes that opt in: every other request (a GPS fix) runs no hook of this plugin.
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      route.preHandler = [...toArray(route.preHandler), claim];
      route.onSend = [...toArray(route.onSend), complete];
    });
  },
  { name: 'idempotency', dependencies: ['database', 'auth'] },
);

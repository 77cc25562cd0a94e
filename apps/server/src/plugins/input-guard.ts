import { ERR } from '@cargo/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors.ts';

/** Where in a request the first NUL character sits (`body.customerName`, `params.id`), or null. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\0')}`;
    const item = (value as Record<string, unknown>)[key];
    // The path is built only on the way back from a find: the search itself makes no strings.
    const found = typeof item === 'string' ? (item.includes('\u0000') ? '' : null) : findNul(item, '', depth + 1);
    if (found !== null) return `${path}.${key}${found}`;
  }
  return null;
}

/**
 * Refuses a NUL character anywhere in a request's path parameters, query or body, before any hook or handler uses
 * it (issue 10): PostgreSQL cannot store one, and no text of the product has a use for it. Runs before the auth
 * plugin, whose ownership checks look objects up by the request's ids.
 */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      const where = findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
      done(where === null ? undefined : new HttpError(400, ERR.nulCharacter));
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);

import { ERR } from '@cargo/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';

/** Errors a database driver raises while the database cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P03', '08000', '08001', '08003', '08006', 'SQLITE_BUSY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN']);
const UNIQUE_CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

function isUnreachable(error: { code?: unknown; message?: string }): boolean {
  if (typeof error.code === 'string' && UNREACHABLE_CODES.has(error.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|database connection is not open|driver has already been destroyed/i.test(error.message ?? '');
}

/** Every error leaves as JSON {message} (design.md §5); validation errors add {issues}; a 5xx never has a stack. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError & { code?: unknown }, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          message: v.message ?? 'Invalid value',
        }));
        return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
      }
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
        return reply.status(500).send({ message: 'Internal Server Error' });
      }
      if (typeof error.code === 'string' && UNIQUE_CODES.has(error.code)) {
        return reply.status(409).send({ message: 'This record already exists' });
      }
      if (isUnreachable(error)) {
        request.log.error({ err: error }, 'database unreachable');
        return reply.status(503).header('retry-after', '5').send({ message: ERR.databaseUnavailable });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (status === 429) return reply.status(429).send({ message: ERR.tooManyRequests });
        return reply.status(status).send({ message: error.message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Internal Server Error' });
    });
  },
  { name: 'errors' },
);

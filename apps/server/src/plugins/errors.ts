import { ERR, PROOF_MSG } from '@cargo/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, ValidationFailed } from '../lib/http-errors.ts';
import { isUniqueViolation } from '../repositories/errors.ts';

/** Errors a database driver raises while the database cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P03', '57P02', '53300', '08000', '08001', '08003', '08004', '08006', 'SQLITE_BUSY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN']);

/** Fastify's own client errors (body parser, router), each with the message the client gets. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ERR.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: ERR.malformedJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ERR.badRequest,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ERR.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: ERR.bodyTooLarge,
  FST_ERR_BAD_URL: ERR.invalidUrl,
  FST_ERR_MAX_PARAM_LENGTH: ERR.urlTooLong,
  // @fastify/multipart (proof-of-delivery uploads)
  FST_REQ_FILE_TOO_LARGE: PROOF_MSG.fileTooLarge,
  FST_PARTS_LIMIT: 'Too many parts in the form',
  FST_FILES_LIMIT: 'Too many files in the form',
  FST_FIELDS_LIMIT: 'Too many fields in the form',
  FST_PROTO_VIOLATION: ERR.badRequest,
  FST_MP_PREMATURE_CLOSE: 'The form ended before it was complete',
};

function isUnreachable(error: { code?: unknown; message?: string }): boolean {
  if (typeof error.code === 'string' && UNREACHABLE_CODES.has(error.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|database connection is not open|driver has already been destroyed|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)|terminating connection|too many clients|Client has encountered a connection error/i.test(error.message ?? '');
}

interface ErrorBody {
  message: string;
  issues?: Array<{ path: string; message: string }>;
}

/**
 * Sends an error as JSON {message} (design.md §5). Errors never go through the route's response schemas: a reply
 * schema that does not list this status (or requires `issues`) must not turn a client's mistake into a 500.
 */
function sendError(reply: FastifyReply, status: number, body: ErrorBody, headers: Record<string, string> = {}) {
  return reply
    .status(status)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(body);
}

/** The one error path: every thrown error, every parser's and the router's, becomes {message} with its status. */
export function handleError(error: FastifyError & { code?: unknown }, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? 'Invalid value',
    }));
    return sendError(reply, 400, { message: issues[0]?.message ?? 'Invalid request', issues });
  }
  if (error instanceof ValidationFailed) return sendError(reply, 400, { message: error.message, issues: error.issues });
  if (error instanceof HttpError) return sendError(reply, error.statusCode, { message: error.message }, error.headers);
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
    return sendError(reply, 500, { message: ERR.internal });
  }
  if (isUniqueViolation(error)) return sendError(reply, 409, { message: 'This record already exists' });
  if (isUnreachable(error)) {
    request.server.databaseAvailability?.markDown();
    request.log.warn({ err: error }, 'database unreachable');
    return sendError(reply, 503, { message: ERR.databaseUnavailable }, { 'retry-after': '5' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (status === 429) return sendError(reply, 429, { message: ERR.tooManyRequests });
    const known = typeof error.code === 'string' ? FRAMEWORK_MESSAGES[error.code] : undefined;
    return sendError(reply, status, { message: known ?? (error.code?.toString().startsWith('FST_') ? ERR.badRequest : error.message) });
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, { message: ERR.internal });
}

/** Every error leaves as JSON {message} (design.md §5); validation errors add {issues}; a 5xx never has a stack. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler(handleError);
  },
  { name: 'errors' },
);

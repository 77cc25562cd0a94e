import multipart, { type Multipart } from '@fastify/multipart';
import {
  PROOF_MSG,
  STATUS_LABELS,
  type PackageStatus,
  errorSchema,
  idParam,
  outcomeInputSchema,
  outcomeResultSchema,
  reopenInputSchema,
  reopenResultSchema,
  validationErrorSchema,
} from '@cargo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, badRequest, unauthorized } from '../../lib/http-errors.ts';
import { security } from '../openapi.ts';
import { presentPackage } from '../../presenters/package.ts';
import { buildReceiptPdf } from '../../services/delivery-proof/receipt-pdf.ts';

const tags = ['proof of delivery'];

/** The multipart body as documented (OpenAPI): app.ts puts it in the document; the handler reads the parts itself. */
export const outcomeMultipartDoc = z.object({
  data: z.string().describe('The completion as JSON: kind, recipientName, leftAt, neighbourName, reason, note, deviceTime, lat, lng, accuracy, clientId'),
  photo: z.string().meta({ format: 'binary' }).optional().describe('JPEG, PNG or WebP; checked by its bytes; metadata removed'),
  signature: z.string().meta({ format: 'binary' }).optional().describe('PNG drawn on the phone (delivered to a person only)'),
});

interface ReadCompletion {
  data: unknown;
  photo: Buffer | null;
  signature: Buffer | null;
}

/** The parser's limits on how many parts a form has: a malformed form here, not one too large. */
const SHAPE_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads the parts: one `data` field, at most one `photo` and one `signature` file. Anything else is a 400 with a JSON
 * message (issue 31): no boundary, a body that is not multipart or ends early, a part without a name, a file where the
 * field belongs or a field where a file belongs, too many parts. Only a file over the size limit stays 413. Nothing is
 * stored before every part has been read.
 */
async function readParts(request: FastifyRequest): Promise<ReadCompletion> {
  if (!request.isMultipart()) throw new HttpError(415, PROOF_MSG.multipartRequired);
  const watch = watchParser(request);
  try {
    return await Promise.race([readEachPart(request), watch.stalled]);
  } catch (err) {
    if (err === PARSER_STALLED) {
      // What is left of the body is read and dropped, so the answer reaches the client and the connection ends cleanly.
      request.raw.unpipe();
      request.raw.resume();
      throw badRequest(PROOF_MSG.malformedForm);
    }
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw err;
    if (typeof code === 'string' && SHAPE_LIMITS.has(code)) throw badRequest(PROOF_MSG.tooManyParts);
    // busboy's own: 'Multipart: Boundary not found', 'Unexpected end of form', 'Malformed part header', …
    request.log.debug({ err }, 'malformed multipart body');
    throw badRequest(PROOF_MSG.malformedForm);
  } finally {
    watch.stop();
  }
}

const PARSER_STALLED = new Error('the multipart parser stopped reading the body');
/** How long the parser may hold the body unread before the form is taken as one it cannot read. */
const PARSER_STALL_MS = 2_000;

/**
 * busboy (through @fastify/multipart) stops reading a body whose part without a Content-Disposition is larger than its
 * part stream's buffer: the part is skipped, but the write that carried its end never completes, so the request would
 * wait for the server's request timeout (decision 088). Parts here are read as fast as they arrive, so a body held
 * paused on our side for two seconds, or read to its end two seconds ago with parts still due, is such a form: it is
 * refused as one the parser cannot read.
 */
function watchParser(request: FastifyRequest): { stalled: Promise<never>; stop: () => void } {
  const raw = request.raw;
  let pausedSince = 0;
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      // Flowing: the parser is taking the body in. Paused, or all of it taken (a body that arrived whole): the parts
      // are due at once, so two seconds of either is a parser that stopped.
      if (!raw.readableEnded && !raw.isPaused()) {
        pausedSince = 0;
        return;
      }
      pausedSince ||= Date.now();
      if (Date.now() - pausedSince >= PARSER_STALL_MS) reject(PARSER_STALLED);
    }, 250);
    timer.unref();
  });
  // Settled after the parts were read (or refused otherwise): nobody awaits it then.
  stalled.catch(() => {});
  return { stalled, stop: () => clearInterval(timer) };
}

async function readEachPart(request: FastifyRequest): Promise<ReadCompletion> {
  let data: string | null = null;
  let photo: Buffer | null = null;
  let signature: Buffer | null = null;
  for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
    if (part.type === 'field') {
      if (part.fieldname === 'photo' || part.fieldname === 'signature') throw badRequest(`${part.fieldname} ${PROOF_MSG.fileExpected}`);
      if (part.fieldname !== 'data' || data !== null || typeof part.value !== 'string') throw badRequest(`${PROOF_MSG.unknownPart}: ${part.fieldname}`);
      data = part.value;
    } else if (part.fieldname === 'photo' && !photo) {
      photo = await part.toBuffer();
    } else if (part.fieldname === 'signature' && !signature) {
      signature = await part.toBuffer();
    } else {
      // Drained so the request ends cleanly, then refused.
      part.file.resume();
      throw badRequest(`${PROOF_MSG.unknownPart}: ${part.fieldname}`);
    }
  }
  if (data === null) throw badRequest(PROOF_MSG.dataRequired);
  try {
    return { data: JSON.parse(data), photo: photo?.length ? photo : null, signature: signature?.length ? signature : null };
  } catch {
    throw badRequest(PROOF_MSG.dataInvalid);
  }
}

const outcomeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed in this plugin's routes only (every other route still answers a form with 415): one data
  // field and two files at most, each within PROOF_FILE_MAX_BYTES (413 beyond).
  await app.register(multipart, {
    // Fields: two, so a photo or signature sent as a field is named in the refusal rather than cut by the limit.
    limits: { fileSize: app.env.PROOF_FILE_MAX_BYTES, files: 2, fields: 2, fieldSize: 16 * 1024, parts: 3, headerPairs: 200 },
  });
  app.post(
    '/api/packages/:id/outcomes',
    {
      // A multipart form can be sent across sites by a plain HTML form, so this route takes the bearer token only,
      // never the session cookie alone (design.md §4: state changes are safe from cross-site forgery).
      onRequest: async (request) => {
        if (!request.headers.authorization?.startsWith('Bearer ')) throw unauthorized();
      },
      schema: {
        tags,
        summary: 'Close a stop: delivered to a person, left without one, or attempted (the assigned driver or an admin)',
        description:
          'multipart/form-data: `data` (JSON of the completion), `photo` and `signature` files. Dispatch\'s requirements per service type are enforced (400 with the reason); a file that is not a JPEG, PNG or WebP picture by its bytes is 415; a file over the limit is 413.',
        security,
        consumes: ['multipart/form-data'],
        params: idParam,
        'x-multipart-body': outcomeMultipartDoc,
        response: { 200: outcomeResultSchema, 201: outcomeResultSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema },
      } as Record<string, unknown>,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const parts = await readParts(request);
      const parsed = outcomeInputSchema.safeParse(parts.data);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
      }
      const principal = request.principal;
      const driver = principal?.role === 'driver' ? await app.drivers.findById(principal.driverId) : undefined;
      const { outcome, pkg, duplicate } = await app.deliveryProof.complete(id, {
        input: parsed.data,
        photo: parts.photo,
        signature: parts.signature,
        actor: { driverId: driver?.id ?? null, name: driver?.name ?? 'Dispatch' },
        auditActor: request.auditActor,
      });
      return reply.status(duplicate ? 200 : 201).send({ outcome: await app.deliveryProof.presentFull(outcome), status: pkg.status, duplicate });
    },
  );

  app.post(
    '/api/packages/:id/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a closed delivery (admin): back to a status a driver works, with a reason for the audit log; the proof stays',
        description:
          'Only a delivered, returned or cancelled package can be reopened (409 otherwise). The newest delivery outcome is marked reopened (when, by whom, why) and stays readable with its photo and signature; the reason is in the audit log.',
        security,
        params: idParam,
        body: reopenInputSchema,
        response: { 200: reopenResultSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const { pkg, outcome } = await app.deliveryProof.reopen(request.params.id, request.body, request.auditActor);
      return { package: presentPackage(pkg), outcome: outcome ? await app.deliveryProof.presentFull(outcome) : null };
    },
  );

  app.get(
    '/api/packages/:id/proof-receipt',
    {
      schema: {
        tags,
        summary: 'The proof-of-delivery receipt as a PDF (admin): tracking number, outcome, recipient, time, position, photo, signature',
        security,
        params: idParam,
        response: { 200: z.any().describe('application/pdf'), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const pkg = await app.packages.getByRef(id);
      const rows = await app.deliveryProof.outcomeRowsOf(pkg.id);
      const last = rows.at(-1);
      const pdf = await buildReceiptPdf({
        companyName: app.env.COMPANY_NAME,
        trackingNumber: pkg.trackingNumber,
        customerName: pkg.customerName,
        deliveryAddress: pkg.deliveryAddress,
        status: STATUS_LABELS[pkg.status as PackageStatus] ?? pkg.status,
        outcomes: await app.deliveryProof.outcomesOf(pkg, 'full'),
        photo: await app.deliveryProof.fileBytes(last?.photoId ?? null),
        signature: await app.deliveryProof.fileBytes(last?.signatureId ?? null),
        money: await app.payments.receiptMoney(pkg),
        generatedAt: new Date(),
      });
      const name = `proof-of-delivery-${pkg.trackingNumber.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};

export default outcomeRoutes;

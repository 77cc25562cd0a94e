import { Readable } from 'node:stream';
import {
  errorSchema,
  idParam,
  IMPORT_BODY_LIMIT_BYTES,
  importDryRunSchema,
  importMappingsSchema,
  packageImportRequestSchema,
  packageImportSchema,
  savedImportMappingSchema,
  saveImportMappingSchema,
  validationErrorSchema,
} from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvChunks } from '../../lib/csv.ts';
import { IMPORT_REPORT_COLUMNS, importTemplateCsv, presentImport } from '../../presenters/package-import.ts';
import { security } from '../openapi.ts';

const tags = ['package imports'];

/** CSV import of packages (issue 20, decision 066): admin only (role table). */
const packageImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/package-imports',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Import packages: the rows of a CSV file, mapped to package fields; a dry run, or an import that runs in the background',
        description:
          'Rows are sent as JSON (the panel parses the file and applies the column mapping). Every row is checked with the package schema and its messages before anything is written. With `dryRun` the reply (200) counts what would happen and lists the first rows at fault; otherwise the import is queued and answered at once (202): poll `GET /api/package-imports/{id}`. At most 10,000 rows and 16 MB a request. An existing tracking number is skipped (`mode: skip`) or has its fields updated (`mode: update`).',
        security,
        body: packageImportRequestSchema,
        response: { 200: importDryRunSchema, 202: packageImportSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const { dryRun, ...importRequest } = request.body;
      if (dryRun) return reply.status(200).send(await app.packageImports.dryRun(importRequest));
      const principal = request.principal;
      const createdBy = principal?.role === 'admin' ? `admin:${principal.adminId}` : 'unknown';
      const job = await app.packageImports.start(importRequest, createdBy, request.auditActor);
      return reply.status(202).send(presentImport(job));
    },
  );

  app.get(
    '/api/package-imports/template',
    { schema: { tags, summary: 'The template CSV: the headings the import recognises and an example row', security, response: { 200: z.any().describe('text/csv'), 401: errorSchema, 403: errorSchema } } },
    (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="package-import-template.csv"')
        .header('cache-control', 'no-store')
        .send(importTemplateCsv()),
  );

  app.get(
    '/api/package-imports/mappings',
    {
      schema: {
        tags,
        summary: 'The column mappings dispatch saved, and the depot address a pickup defaults to (DEPOT_ADDRESS)',
        security,
        response: { 200: importMappingsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ depotAddress: app.env.DEPOT_ADDRESS ?? null, mappings: await app.importMappings.list() }),
  );

  app.post(
    '/api/package-imports/mappings',
    {
      schema: {
        tags,
        summary: 'Saves a column mapping under a name; a name that exists (without case) is replaced',
        security,
        body: saveImportMappingSchema,
        response: { 200: savedImportMappingSchema, 201: savedImportMappingSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const { saved, created } = await app.importMappings.save(request.body.name, request.body.mapping, request.auditActor);
      return reply.status(created ? 201 : 200).send(saved);
    },
  );

  app.delete(
    '/api/package-imports/mappings/:id',
    { schema: { tags, summary: 'Deletes a saved column mapping', security, params: idParam, response: { 204: z.null(), 401: errorSchema, 403: errorSchema, 404: errorSchema } } },
    async (request, reply) => {
      await app.importMappings.delete(request.params.id, request.auditActor);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/package-imports/:id',
    { schema: { tags, summary: 'An import’s progress and counts', security, params: idParam, response: { 200: packageImportSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } } },
    async (request) => presentImport(await app.packageImports.get(request.params.id)),
  );

  app.get(
    '/api/package-imports/:id/report',
    {
      schema: {
        tags,
        summary: 'The per-row report as CSV: Row, Result, Error, then the row’s cells as sent',
        description: 'Text cells a spreadsheet would read as a formula (beginning with =, +, -, @, tab or carriage return) start with a single quote (OWASP CSV injection).',
        security,
        params: idParam,
        response: { 200: z.any().describe('text/csv'), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const job = await app.packageImports.get(request.params.id);
      const day = job.createdAt.slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-report-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csvChunks(IMPORT_REPORT_COLUMNS, app.packageImports.reportPages(job.id)), { objectMode: false }));
    },
  );
};

export default packageImportRoutes;

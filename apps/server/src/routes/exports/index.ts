import { Readable } from 'node:stream';
import { collectionsQuerySchema, driverExportQuerySchema, errorSchema, minorToDecimal, packageExportQuerySchema, pickupExportQuerySchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvCell, csvChunks, type CsvColumn } from '../../lib/csv.ts';
import { DRIVER_CSV_COLUMNS, PACKAGE_CSV_COLUMNS, PICKUP_REQUEST_CSV_COLUMNS } from '../../presenters/csv-export.ts';
import { security } from '../openapi.ts';

const tags = ['exports'];
const replies = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema };
const description =
  'A CSV file (RFC 4180, UTF-8 with a byte-order mark), streamed: every matching row, however many. Text cells that a spreadsheet would read as a formula (beginning with =, +, -, @, tab or carriage return) start with a single quote (OWASP CSV injection).';

function sendCsv<T>(reply: FastifyReply, name: string, columns: readonly CsvColumn<T>[], pages: AsyncIterable<readonly T[]>): void {
  const day = new Date().toISOString().slice(0, 10);
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvChunks(columns, pages), { objectMode: false }));
}

/** CSV exports of the panel's lists, with the same filters as the lists (admin). */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/exports/packages',
    { schema: { tags, summary: 'Packages as CSV, with their outcome and driver; the package list’s filters and sort', description, security, querystring: packageExportQuerySchema, response: replies } },
    async (request, reply) => {
      await app.audit.record({ action: 'export.downloaded', objectType: 'export', objectId: 'packages', objectLabel: 'Packages CSV', after: { filters: request.query }, actor: request.auditActor });
      sendCsv(reply, 'packages', PACKAGE_CSV_COLUMNS, app.exports.packages(request.query));
      return reply;
    },
  );

  app.get(
    '/api/exports/drivers',
    { schema: { tags, summary: 'Drivers as CSV, with the packages on board', description, security, querystring: driverExportQuerySchema, response: replies } },
    async (request, reply) => {
      await app.audit.record({ action: 'export.downloaded', objectType: 'export', objectId: 'drivers', objectLabel: 'Drivers CSV', after: { filters: request.query }, actor: request.auditActor });
      sendCsv(reply, 'drivers', DRIVER_CSV_COLUMNS, app.exports.drivers(request.query));
      return reply;
    },
  );

  app.get(
    '/api/exports/pickup-requests',
    { schema: { tags, summary: 'Pickup requests as CSV', description, security, querystring: pickupExportQuerySchema, response: replies } },
    async (request, reply) => {
      await app.audit.record({ action: 'export.downloaded', objectType: 'export', objectId: 'pickup-requests', objectLabel: 'Pickup requests CSV', after: { filters: request.query }, actor: request.auditActor });
      sendCsv(reply, 'pickup-requests', PICKUP_REQUEST_CSV_COLUMNS, app.exports.pickupRequests(request.query));
      return reply;
    },
  );

  app.get(
    '/api/exports/collections',
    {
      schema: {
        tags,
        summary: "One day's collections per driver as CSV (issue 32): cash, card, other, handed over, difference, released and still owing",
        description: `${description} Amounts are decimals in the currency's main unit, written by the server from integers (never through a float).`,
        security,
        querystring: collectionsQuerySchema,
        response: replies,
      },
    },
    async (request, reply) => {
      await app.audit.record({ action: 'export.downloaded', objectType: 'export', objectId: 'collections', objectLabel: 'Collections CSV', after: { filters: request.query }, actor: request.auditActor });
      const { day, currency, drivers } = await app.payments.collections(request.query.day, request.query.driverId);
      const money = (minor: number) => minorToDecimal(minor, app.payments.digits);
      // Amounts are the server's own decimal text (digits, a point, a minus sign): written bare so a spreadsheet adds
      // them up; every text cell goes through csvCell (OWASP's formula rule).
      const lines = [
        ['Day', 'Currency', 'Driver', 'Cash collected', 'Card', 'Other methods', 'Handed over', 'Difference', 'Shortfall', 'Delivered with release', 'Still owing'].map(csvCell).join(','),
        ...drivers.map((d) =>
          [
            csvCell(day),
            csvCell(currency),
            csvCell(d.driverName),
            money(d.cash),
            money(d.card),
            money(d.other),
            money(d.handedOver),
            money(d.difference),
            csvCell(d.shortfall ? 'yes' : 'no'),
            csvCell(d.deliveredWithRelease.map((p) => p.trackingNumber).join(' ')),
            csvCell(d.stillOwing.map((p) => `${p.trackingNumber} ${money(p.balance)}`).join('; ')),
          ].join(','),
        ),
      ];
      const csv: FastifyReply = reply;
      return csv
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="collections-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from([`\uFEFF${lines.map((l) => `${l}\r\n`).join('')}`], { objectMode: false }));
    },
  );
};

export default exportRoutes;

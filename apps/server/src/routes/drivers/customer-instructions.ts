import { driverStopInstructionsSchema, errorSchema, idParam, SAFE_PLACES, type SafePlace } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessCodeVisibleTo } from '../../policies/customer-link.ts';
import { security } from '../openapi.ts';

/**
 * What the driver's customers asked for (issue 33), for the stops and the close-stop sheet: instructions, safe place,
 * waiver, and the access code on the day only (policies/customer-link.ts).
 */
const driverInstructionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/drivers/:id/customer-instructions',
    {
      schema: {
        tags: ['customer actions'],
        summary: "Customers' instructions, safe places and waivers for the driver's open packages; access codes only while out for delivery",
        security,
        params: idParam,
        response: { 200: z.array(driverStopInstructionsSchema), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const packages = await app.drivers.packages(request.params.id);
      const open = packages.filter((p) => !['delivered', 'returned', 'cancelled'].includes(p.status));
      const rows = await app.repos.customerActions.instructionsOfMany(open.map((p) => p.id));
      const viewer = request.principal?.role === 'admin' ? ({ role: 'admin' } as const) : ({ role: 'driver', driverId: request.params.id } as const);
      return rows.map((row) => {
        const pkg = open.find((p) => p.id === row.packageId)!;
        const visible = accessCodeVisibleTo(viewer, pkg);
        return {
          packageId: row.packageId,
          instructions: row.instructions,
          safePlace: (SAFE_PLACES as readonly string[]).includes(row.safePlace ?? '') ? (row.safePlace as SafePlace) : null,
          neighbourName: row.neighbourName,
          signatureWaived: row.signatureWaived === 1,
          accessCode: visible ? row.accessCode : null,
          accessCodeLater: !visible && !!row.accessCode,
          updatedAt: row.updatedAt,
        };
      });
    },
  );
};

export default driverInstructionRoutes;

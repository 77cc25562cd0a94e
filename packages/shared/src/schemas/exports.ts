import { z } from 'zod';
import { numberInput } from './common.ts';
import { packageListQuerySchema } from './package.ts';
import { PICKUP_REQUEST_STATUSES } from '../status.ts';

/** What the CSV exports cover (GET /api/exports/{resource}); the panel's list of each, with its filters. */
export const EXPORT_RESOURCES = ['packages', 'drivers', 'pickup-requests'] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];

/** GET /api/exports/packages: the package list's filters and sort, without paging (every matching row). */
export const packageExportQuerySchema = packageListQuerySchema.omit({ limit: true, offset: true });
export type PackageExportQuery = z.input<typeof packageExportQuerySchema>;

/** GET /api/exports/drivers: a piece of name, phone, email or vehicle; active or not. */
export const driverExportQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  active: z.enum(['true', 'false'], { error: 'active is true or false' }).optional(),
});
export type DriverExportQuery = z.input<typeof driverExportQuerySchema>;

/** GET /api/exports/pickup-requests: by status and a piece of customer, phone, email or address. */
export const pickupExportQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(PICKUP_REQUEST_STATUSES, { error: `Invalid status. Allowed: ${PICKUP_REQUEST_STATUSES.join(', ')}` }).optional(),
});
export type PickupExportQuery = z.input<typeof pickupExportQuerySchema>;

/**
 * GET /api/pickup-requests (admin): the export's filters plus a page. Without `limit` every matching request is
 * answered, as before; X-Total-Count always carries how many match.
 */
export const pickupListQuerySchema = pickupExportQuerySchema.extend({
  limit: numberInput(z.number().int().min(1).max(500)).optional(),
  offset: numberInput(z.number().int().min(0)).default(0),
});
export type PickupListQuery = z.input<typeof pickupListQuerySchema>;

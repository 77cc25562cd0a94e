import { z } from 'zod';
import { DEFAULT_CURRENT_LOCATION, DEFAULT_SERVICE_TYPE, LIMITS, RECENT_PACKAGES_MAX } from '../constants.ts';
import { MSG } from '../messages.ts';
import { toE164 } from '../phone.ts';
import { isoTimestamp, latitude, longitude, numberInput, optionalText, requiredText, statusInput } from './common.ts';
import { amountDueInput } from './payments.ts';

export const trackingNumberSchema = z
  .string({ error: MSG.trackingRequired })
  .trim()
  .min(1, MSG.trackingRequired)
  .max(LIMITS.trackingNumber, MSG.trackingTooLong);

/** Create and full update (PUT) of a package. Coordinates given here win over geocoding. */
export const packageInputSchema = z.object({
  trackingNumber: trackingNumberSchema,
  /**
   * The sender's own reference, such as a shop's order number ('#1001'), kept from an import (issue 31) and found by
   * the admin's search. Left out, an update keeps what the package has; blank clears it.
   */
  reference: z.string().trim().max(LIMITS.reference, MSG.referenceTooLong).nullish(),
  status: statusInput.default('processing'),
  currentLocation: z.string().trim().max(LIMITS.address).default(DEFAULT_CURRENT_LOCATION).transform((v) => v || DEFAULT_CURRENT_LOCATION),
  estimatedDelivery: z.string().trim().max(200).default(''),
  deliveryAddress: requiredText(MSG.deliveryAddressRequired, LIMITS.address),
  pickupAddress: requiredText(MSG.pickupAddressRequired, LIMITS.address),
  customerName: requiredText(MSG.customerNameRequired, LIMITS.name, MSG.customerNameTooLong),
  /** The phone rule (phone.ts): stored as E.164. */
  customerPhone: requiredText(MSG.customerPhoneRequired, LIMITS.phone, MSG.phoneTooLong).transform(toE164),
  /** For notifications (issue 17); optional. */
  customerEmail: z
    .string({ error: MSG.invalidEmail })
    .trim()
    .max(LIMITS.name + 100, MSG.invalidEmail)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email(MSG.invalidEmail).nullable()),
  weight: z.string().trim().max(100).default(''),
  dimensions: z.string().trim().max(100).default(''),
  itemDescription: optionalText(LIMITS.text),
  serviceType: z.string().trim().max(100).default(DEFAULT_SERVICE_TYPE).transform((v) => v || DEFAULT_SERVICE_TYPE),
  driver: optionalText(LIMITS.name, MSG.driverNameTooLong),
  driverPhone: optionalText(LIMITS.phone, MSG.phoneTooLong).transform((v, ctx) => (v === null ? null : toE164(v, ctx))),
  driverId: optionalText(200),
  realLocationLink: optionalText(2000),
  pickupLat: latitude.nullish(),
  pickupLng: longitude.nullish(),
  deliveryLat: latitude.nullish(),
  deliveryLng: longitude.nullish(),
  /**
   * What the customer owes, in the currency's minor units (issue 32); 0 or null for nothing. Left out of a PUT, the
   * amount stays as it is. A change is an entry of the package's ledger (services/payments).
   */
  amountDue: amountDueInput.nullish(),
});
export type PackageInput = z.input<typeof packageInputSchema>;
export type PackageInputParsed = z.output<typeof packageInputSchema>;

/** The whole package, as an admin (or the assigned driver) sees it. */
export const packageSchema = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  /** The sender's reference (a shop's order number), when the package has one. */
  reference: z.string().nullable(),
  status: z.string(),
  currentLocation: z.string(),
  estimatedDelivery: z.string(),
  deliveryAddress: z.string(),
  pickupAddress: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string().nullable(),
  weight: z.string(),
  dimensions: z.string(),
  itemDescription: z.string().nullable(),
  serviceType: z.string(),
  driver: z.string().nullable(),
  driverPhone: z.string().nullable(),
  driverId: z.string().nullable(),
  realLocationLink: z.string().nullable(),
  pickupLat: z.number().nullable(),
  pickupLng: z.number().nullable(),
  deliveryLat: z.number().nullable(),
  deliveryLng: z.number().nullable(),
  /** The amount due set by dispatch, in minor units (issue 32); the balance is the ledger's (GET …/payments). */
  amountDue: z.number().int().nullable(),
  /** The pickup request this package was made from, when it was (issue 32, item 1). */
  pickupRequestId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Package = z.infer<typeof packageSchema>;

/** What the public sees (design.md §4): phone masked, no driver id, no links, no money (design.md §12). */
export const publicPackageSchema = packageSchema.omit({ driverId: true, realLocationLink: true, customerEmail: true, reference: true, amountDue: true, pickupRequestId: true });
export type PublicPackage = z.infer<typeof publicPackageSchema>;
/** Either view: the server picks by role. */
export const packageViewSchema = z.union([packageSchema, publicPackageSchema]);

export const statusHistoryEntrySchema = z.object({
  id: z.string(),
  packageId: z.string(),
  status: z.string(),
  location: z.string(),
  description: z.string(),
  timestamp: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

export const LOCATION_TYPES = ['origin', 'current', 'destination'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const locationRecordSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  lat: z.number(),
  lng: z.number(),
  type: z.enum(LOCATION_TYPES),
  address: z.string().nullable(),
  driverName: z.string().nullable(),
  driverPhone: z.string().nullable(),
  vehicleId: z.string().nullable(),
  accuracy: z.number().nullable(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
  battery: z.number().nullable(),
  isLiveTracking: z.boolean(),
  /** The device's own time of the fix. */
  recordedAt: z.string(),
  createdAt: z.string(),
});
export type LocationRecord = z.infer<typeof locationRecordSchema>;

/** Admin status update (spec §7 POST /api/packages/{id}/status). */
export const statusUpdateSchema = z.object({
  packageId: z.string().optional(),
  status: statusInput,
  location: requiredText(MSG.locationRequired, LIMITS.address),
  description: requiredText(MSG.descriptionRequired, LIMITS.text),
  timestamp: isoTimestamp.optional(),
});
/** Driver dashboard status change (PATCH). */
export const statusPatchSchema = z.object({ status: statusInput });

/** A position set by hand or by the driver page (POST /api/packages/{id}/location). */
export const packageLocationSchema = z.object({
  packageId: z.string().optional(),
  lat: latitude,
  lng: longitude,
  type: z.enum(LOCATION_TYPES).default('current'),
  address: optionalText(LIMITS.address),
});

export const batchDeleteSchema = z.object({
  packageIds: z.array(z.string().min(1)).min(1, 'No packages selected').max(1000),
});
export const clearOldSchema = z.object({
  daysOld: numberInput(z.number().int('Days must be a whole number').min(1, 'Days must be at least 1').max(3650), 'Days must be a whole number'),
});
export const locationLinkSchema = z.object({
  locationLink: z.string().trim().max(2000).nullable().transform((v) => (v ? v : null)),
});

/** Columns the admin's package list may be sorted by. */
export const PACKAGE_SORT_FIELDS = ['createdAt', 'trackingNumber', 'status', 'customerName', 'estimatedDelivery', 'driver', 'serviceType'] as const;
export type PackageSortField = (typeof PACKAGE_SORT_FIELDS)[number];
/** driverId filter value for packages with no driver. */
export const NO_DRIVER = 'none';

/**
 * GET /api/packages (admin): optional search, filters, sort and paging. With none of them the reply is what it always
 * was: the newest 500 packages, newest first. X-Total-Count carries the number matching the filters.
 */
export const packageListQuerySchema = z.object({
  status: statusInput.optional(),
  /** A piece of the tracking number, reference, customer name or phone, pickup or delivery address, or driver name. */
  q: z.string().trim().max(200).optional(),
  /** A driver's id, or 'none' for packages without a driver. */
  driverId: z.string().trim().min(1).max(200).optional(),
  /** 'true': only packages with a real location link (GPS Links); 'false': only those without. */
  hasLink: z.enum(['true', 'false'], { error: 'hasLink is true or false' }).optional(),
  sort: z.enum(PACKAGE_SORT_FIELDS, { error: `Sort by one of: ${PACKAGE_SORT_FIELDS.join(', ')}` }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'Order is asc or desc' }).default('desc'),
  limit: numberInput(z.number().int().min(1).max(1000)).default(500),
  offset: numberInput(z.number().int().min(0)).default(0),
});
export type PackageListQuery = z.input<typeof packageListQuerySchema>;
/** Reply of POST /api/packages/{id}/status. */
export const statusUpdateResponseSchema = z.object({ success: z.literal(true), package: packageSchema });
/** Reply of the bulk deletes. */
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

/** GET /api/tracking/packages: several tracking numbers at once, comma-separated (Recent Packages). */
export const packageLookupQuerySchema = z.object({
  trackingNumbers: z
    .string({ error: MSG.trackingRequired })
    .transform((v) => [...new Set(v.split(',').map((n) => n.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(LIMITS.trackingNumber, MSG.trackingTooLong))
        .min(1, MSG.trackingRequired)
        .max(RECENT_PACKAGES_MAX, `At most ${RECENT_PACKAGES_MAX} tracking numbers`),
    ),
});
export const packageLookupSchema = z.object({
  /** In the order asked for. */
  packages: z.array(publicPackageSchema),
  /** The numbers that match no package, as asked for. */
  notFound: z.array(z.string()),
});
export type PackageLookup = z.infer<typeof packageLookupSchema>;

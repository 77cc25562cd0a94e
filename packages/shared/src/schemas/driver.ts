import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { toE164 } from '../phone.ts';
import { latitude, longitude, numberInput, optionalText, requiredText } from './common.ts';

export const pinSchema = z.string({ error: MSG.pinFormat }).regex(/^\d{6}$/, MSG.pinFormat);
/** The phone rule (phone.ts): a driver signs in with the number in any form, stored and compared as E.164. */
export const driverPhoneSchema = requiredText(MSG.driverPhoneRequired, LIMITS.phone, MSG.phoneTooLong).transform(toE164);

export const driverInputSchema = z.object({
  name: requiredText(MSG.driverNameRequired, LIMITS.name, MSG.driverNameTooLong),
  phone: driverPhoneSchema,
  email: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email(MSG.invalidEmail).nullable()),
  vehicleId: optionalText(100),
  /** Without one the server generates a PIN and returns it once. */
  pin: pinSchema.optional(),
});
export type DriverInput = z.input<typeof driverInputSchema>;

export const driverSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  vehicleId: z.string(),
  currentLat: z.number().nullable(),
  currentLng: z.number().nullable(),
  realLocationLink: z.string().nullable(),
  lastLocationUpdate: z.string().nullable(),
  isActive: z.boolean(),
  isOnline: z.boolean(),
  createdAt: z.string(),
});
export type Driver = z.infer<typeof driverSchema>;
/** POST /api/drivers answers the driver and, once, its PIN. */
export const driverCreatedSchema = driverSchema.extend({ pin: z.string().optional() });

export const driverSessionSchema = z.object({ phone: driverPhoneSchema, pin: pinSchema });
export const driverRegisterSchema = z.object({
  phone: driverPhoneSchema,
  pin: pinSchema,
  name: optionalText(LIMITS.name, MSG.driverNameTooLong),
});
export const driverSessionResponseSchema = z.object({ token: z.string(), driver: driverSchema });

export const driverLocationSchema = z.object({
  lat: latitude,
  lng: longitude,
  driverId: z.string({ error: MSG.driverIdRequired }).min(1, MSG.driverIdRequired).optional(),
  accuracy: numberInput(z.number().min(0), 'Invalid accuracy').nullish(),
});
export const locationFromLinkSchema = z.object({
  googleMapsLink: z.string({ error: MSG.invalidMapsLink }).trim().pipe(z.url(MSG.invalidMapsLink)),
});
export const parseMapsLinkSchema = z.object({ link: z.string({ error: MSG.linkRequired }).trim().min(1, MSG.linkRequired).max(2000) });
export const latLngSchema = z.object({ lat: z.number(), lng: z.number() });

export const routeStopSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  status: z.string(),
  customerName: z.string(),
  pickup: z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
  delivery: z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
});
export const driverRouteSchema = z.object({
  driver: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    vehicleId: z.string(),
    currentLat: z.number().nullable(),
    currentLng: z.number().nullable(),
    lastLocationUpdate: z.string().nullable(),
  }),
  stops: z.array(routeStopSchema),
});
export type DriverRoute = z.infer<typeof driverRouteSchema>;

/** PUT /api/drivers/{id}: the admin changes any of these; an absent field stays as it is. */
export const driverUpdateSchema = driverInputSchema
  .omit({ pin: true })
  .partial()
  .extend({ isActive: z.boolean({ error: 'isActive must be true or false' }).optional() });
/** POST /api/drivers/{id}/pin: a given PIN, or none to generate one. */
export const driverPinInputSchema = z.object({ pin: pinSchema.optional() });
/** The new PIN, shown once. */
export const driverPinResponseSchema = z.object({ pin: z.string() });
export const driverLocationResponseSchema = z.object({ success: z.literal(true), driver: driverSchema });
export const locationFromLinkResponseSchema = z.object({ success: z.literal(true), location: latLngSchema });

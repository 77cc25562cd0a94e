import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { toE164 } from '../phone.ts';
import { PICKUP_REQUEST_STATUSES } from '../status.ts';
import { optionalText } from './common.ts';

/** The pickup request form (spec §5), used by the page and the server alike. */
export const pickupRequestInputSchema = z.object({
  customerName: z.string({ error: MSG.nameMin }).trim().min(2, MSG.nameMin).max(LIMITS.name, MSG.customerNameTooLong),
  phone: z
    .string({ error: MSG.phoneMin })
    .trim()
    .max(LIMITS.phone + 10, MSG.phoneTooLong)
    .refine((v) => v.replace(/\D/g, '').length >= 10, MSG.phoneMin)
    .transform(toE164),
  email: z.string({ error: MSG.invalidEmail }).trim().pipe(z.email(MSG.invalidEmail)),
  originAddress: z.string({ error: MSG.originDetailed }).trim().min(10, MSG.originDetailed).max(LIMITS.address),
  destinationAddress: z.string({ error: MSG.destinationDetailed }).trim().min(10, MSG.destinationDetailed).max(LIMITS.address),
  itemDescription: z.string({ error: MSG.itemDetailed }).trim().min(10, MSG.itemDetailed).max(LIMITS.text),
  specialInstructions: optionalText(LIMITS.text),
});
export type PickupRequestInput = z.input<typeof pickupRequestInputSchema>;
export type PickupRequestInputParsed = z.output<typeof pickupRequestInputSchema>;

export const pickupRequestSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  phone: z.string(),
  email: z.string(),
  originAddress: z.string(),
  destinationAddress: z.string(),
  itemDescription: z.string(),
  specialInstructions: z.string().nullable(),
  status: z.enum(PICKUP_REQUEST_STATUSES),
  /** The package made from this request, once made (issue 32, item 1). */
  packageId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type PickupRequest = z.infer<typeof pickupRequestSchema>;

export const pickupStatusSchema = z.object({
  status: z.enum(PICKUP_REQUEST_STATUSES, { error: `Invalid status. Allowed: ${PICKUP_REQUEST_STATUSES.join(', ')}` }),
});

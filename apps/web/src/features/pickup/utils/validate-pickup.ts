import { LIMITS, MSG, phoneToE164, type PickupRequestInput } from '@cargo/shared';
// The same email pattern as the shared schema's z.email(), without bringing classic zod to the browser.
import { regexes } from 'zod/mini';

/** The form's values: every field a string, the optional one empty when left blank. */
export type PickupFormValues = { [K in keyof PickupRequestInput]-?: string };
export type PickupField = keyof PickupFormValues;

export const PICKUP_FIELDS = [
  'customerName',
  'phone',
  'email',
  'originAddress',
  'destinationAddress',
  'itemDescription',
  'specialInstructions',
] as const satisfies readonly PickupField[];

/** Longest value each field accepts (the shared schema's limits); the inputs stop there. */
export const PICKUP_MAX_LENGTH: Record<PickupField, number> = {
  customerName: LIMITS.name,
  phone: LIMITS.phone + 10,
  email: LIMITS.address,
  originAddress: LIMITS.address,
  destinationAddress: LIMITS.address,
  itemDescription: LIMITS.text,
  specialInstructions: LIMITS.text,
};

const MIN_DETAIL_LENGTH = 10;
const MIN_PHONE_DIGITS = 10;
const MIN_NAME_LENGTH = 2;

/** Length in Unicode code points, as the shared schema (zod) measures it, not UTF-16 units. */
function codePoints(text: string): number {
  return Array.from(text).length;
}

function minLength(min: number, message: string) {
  return (value: string) => (codePoints(value.trim()) < min ? message : null);
}

/**
 * One check per field, giving the spec §5 message (the MSG of pickupRequestInputSchema, which the
 * server applies again). A unit test holds these to that schema.
 */
export const pickupFieldRules: Record<PickupField, (value: string) => string | null> = {
  customerName: (value) => {
    const length = codePoints(value.trim());
    if (length < MIN_NAME_LENGTH) return MSG.nameMin;
    return length > LIMITS.name ? MSG.customerNameTooLong : null;
  },
  phone: (value) => {
    const phone = value.trim();
    if (codePoints(phone) > PICKUP_MAX_LENGTH.phone) return MSG.phoneTooLong;
    if (phone.replace(/\D/g, '').length < MIN_PHONE_DIGITS) return MSG.phoneMin;
    // The one phone rule (decision 089): ten digits that are no phone number of the default country are refused here too.
    return phoneToE164(phone) ? null : MSG.phoneInvalid;
  },
  email: (value) => (regexes.email.test(value.trim()) ? null : MSG.invalidEmail),
  originAddress: minLength(MIN_DETAIL_LENGTH, MSG.originDetailed),
  destinationAddress: minLength(MIN_DETAIL_LENGTH, MSG.destinationDetailed),
  itemDescription: minLength(MIN_DETAIL_LENGTH, MSG.itemDetailed),
  specialInstructions: () => null,
};

export const EMPTY_PICKUP_FORM: PickupFormValues = {
  customerName: '',
  phone: '',
  email: '',
  originAddress: '',
  destinationAddress: '',
  itemDescription: '',
  specialInstructions: '',
};

export function isPickupField(path: string): path is PickupField {
  return (PICKUP_FIELDS as readonly string[]).includes(path);
}

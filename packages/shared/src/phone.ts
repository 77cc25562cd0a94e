import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { MSG } from './messages.ts';
import { phoneCountry } from './phone-country.ts';

/**
 * The one phone rule (issue 31, decision 089) for a customer's, a driver's and a pickup request's phone: a number is
 * read whole (no extracting a number from other text, so 'call me' is none), in the default country when it has no
 * '+' and country code, and must have a possible length for its country ('min' metadata: the length, not the ranges
 * in service, so new ranges are not refused). Stored as E.164 ('+13125550142'), what an SMS gateway takes; shown in
 * the national format of the default country ('(312) 555-0142') and in the international one for another country.
 */
function read(input: string, country: CountryCode): PhoneNumber | undefined {
  const text = input.trim();
  if (!text) return undefined;
  const number = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  return number?.isPossible() ? number : undefined;
}

/** '(312) 555-0142' → '+13125550142'; null when the text is not a phone number. */
export function phoneToE164(input: string, country: CountryCode = phoneCountry()): string | null {
  return read(input, country)?.number ?? null;
}

/** A stored number for people: national in the default country, international otherwise; text that is no number as it is. */
export function formatPhone(stored: string | null | undefined, country: CountryCode = phoneCountry()): string {
  if (!stored) return '';
  const number = read(stored, country);
  if (!number) return stored;
  return number.countryCallingCode === getCountryCallingCode(country) ? number.formatNational() : number.formatInternational();
}

/**
 * The rule as a zod step after a schema's own required and length checks (the spec's messages): the text becomes its
 * E.164 form, or the field fails with MSG.phoneInvalid. An empty text (an optional field left blank) passes as it is.
 */
export function toE164(value: string, ctx: z.RefinementCtx): string {
  if (value === '') return value;
  const e164 = phoneToE164(value);
  if (e164) return e164;
  ctx.addIssue({ code: 'custom', message: MSG.phoneInvalid });
  return z.NEVER;
}

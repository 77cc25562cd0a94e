import { z } from 'zod';
import { MSG } from '../messages.ts';
import { PACKAGE_STATUSES, normalizeStatus, type PackageStatus } from '../status.ts';

/** A trimmed text; an empty string after trimming counts as absent for optional fields. */
export const optionalText = (max = 1000, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const requiredText = (requiredMessage: string, max = 1000, tooLongMessage?: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, tooLongMessage ?? `Must be at most ${max} characters`);

/** A decimal number written as text (query strings and forms carry numbers as text). */
const NUMERIC_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * The one rule for a number input: a JSON number, or a decimal number as text (query strings, forms), checked by
 * `inner`. Never a boolean, an array, an empty or blank text, NaN or an infinity (issue 10: `true`, `[5]` and `''`
 * were taken as 1, 5 and 0).
 */
export function numberInput<T extends z.ZodType<number, number>>(inner: T, message = 'Must be a number') {
  return z
    .union([z.number(), z.string().trim().regex(NUMERIC_TEXT).transform(Number)], { error: message })
    .pipe(inner);
}

export const latitude = numberInput(z.number({ error: MSG.invalidLatitude }).min(-90, MSG.invalidLatitude).max(90, MSG.invalidLatitude), MSG.invalidLatitude);
export const longitude = numberInput(z.number({ error: MSG.invalidLongitude }).min(-180, MSG.invalidLongitude).max(180, MSG.invalidLongitude), MSG.invalidLongitude);

/** Accepts a canonical code, a display label or an alias; yields the canonical code (design.md §6). */
export const statusInput = z.string({ error: MSG.invalidStatus }).transform((value, ctx): PackageStatus => {
  const code = normalizeStatus(value);
  if (!code) {
    ctx.addIssue({ code: 'custom', message: `${MSG.invalidStatus}. Allowed: ${PACKAGE_STATUSES.join(', ')}` });
    return z.NEVER;
  }
  return code;
});

/** An ISO 8601 timestamp, normalised to UTC 'Z' form. */
export const isoTimestamp = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), MSG.timestampInvalid)
  .transform((s) => new Date(s).toISOString());

export const idParam = z.object({ id: z.string().min(1).max(200) });

export const errorSchema = z.object({ message: z.string() });
export const validationErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export const successSchema = z.object({ success: z.boolean(), message: z.string().optional() });

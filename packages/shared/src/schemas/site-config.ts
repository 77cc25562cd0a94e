// zod/mini: this schema ships with every page (the header and footer read it), and classic zod would add ~18 KB gzip
// to the first load. The server serialises its reply with the same schema (fastify-type-provider-zod takes both).
import { z } from 'zod/mini';

const staffContactSchema = z.object({
  name: z.string(),
  role: z.string(),
  phone: z.string(),
});

/** `GET /api/config/site`: the company's name and contacts for the header, footer and help pages (configuration, never code). */
export const siteConfigSchema = z.object({
  companyName: z.string(),
  tagline: z.string(),
  coordinator: staffContactSchema,
  manager: staffContactSchema,
  supportEmail: z.string(),
  socialUrl: z.nullable(z.string()),
  dispatchPhone: z.nullable(z.string()),
  /** Whether a package set out for delivery before its window texts the customer's phone (an SMS gateway is set). */
  advanceNotice: z.boolean(),
  /** DEFAULT_PHONE_COUNTRY: how the forms read, and the lists show, a phone number without a country code. */
  phoneCountry: z.string(),
  /** The company's currency (ISO 4217, issue 32): amounts everywhere are integers in its minor unit. */
  currency: z.optional(z.string()),
});

export type StaffContact = z.infer<typeof staffContactSchema>;
export type SiteConfig = z.infer<typeof siteConfigSchema>;

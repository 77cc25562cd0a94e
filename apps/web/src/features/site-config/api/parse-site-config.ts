import { setPhoneCountry, type SiteConfig, type StaffContact } from '@cargo/shared';

/**
 * The reply of `GET /api/config/site` checked against the shape of the shared `siteConfigSchema`, without zod: the
 * header and footer read it on every page, and zod here pulled zod's core (≈ 14 KB gzip, much of it only the admin
 * panel's) into every page's entry chunk (issue 11, page weight of '/'). Unknown keys are dropped, as zod's object does.
 */
export class SiteConfigShapeError extends Error {
  override readonly name = 'SiteConfigShapeError';
}

function fail(path: string, expected: string): never {
  throw new SiteConfigShapeError(`site configuration: ${path} should be ${expected}`);
}

function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object');
  return value as Record<string, unknown>;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'a string');
  return value;
}

function textOrNull(value: unknown, path: string): string | null {
  return value === null ? null : text(value, path);
}

function flag(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'true or false');
  return value;
}

function staff(value: unknown, path: string): StaffContact {
  const r = record(value, path);
  return { name: text(r.name, `${path}.name`), role: text(r.role, `${path}.role`), phone: text(r.phone, `${path}.phone`) };
}

export const siteConfigParser = {
  parse(data: unknown): SiteConfig {
    const r = record(data, 'reply');
    const config: SiteConfig = {
      companyName: text(r.companyName, 'companyName'),
      tagline: text(r.tagline, 'tagline'),
      coordinator: staff(r.coordinator, 'coordinator'),
      manager: staff(r.manager, 'manager'),
      supportEmail: text(r.supportEmail, 'supportEmail'),
      socialUrl: textOrNull(r.socialUrl, 'socialUrl'),
      dispatchPhone: textOrNull(r.dispatchPhone, 'dispatchPhone'),
      advanceNotice: flag(r.advanceNotice, 'advanceNotice'),
      phoneCountry: text(r.phoneCountry, 'phoneCountry'),
    };
    // The forms' phone rule reads a number without a country code in the server's country (phone-country.ts).
    setPhoneCountry(config.phoneCountry);
    return config;
  },
};

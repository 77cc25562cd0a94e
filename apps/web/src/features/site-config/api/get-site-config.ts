import { queryOptions, useQuery } from '@tanstack/react-query';
// zod/mini: this schema ships with every page, and classic zod would add ~18 KB gzip to the first load.
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client.ts';

const staffContactSchema = z.object({
  name: z.string(),
  role: z.string(),
  phone: z.string(),
});

/** `GET /api/config/site`: the company's name and contacts, from the server's configuration. */
export const siteConfigSchema = z.object({
  companyName: z.string(),
  tagline: z.string(),
  coordinator: staffContactSchema,
  manager: staffContactSchema,
  supportEmail: z.string(),
  socialUrl: z.nullable(z.string()),
  dispatchPhone: z.nullable(z.string()),
});

export type StaffContact = z.infer<typeof staffContactSchema>;
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export function getSiteConfig({ signal }: { signal?: AbortSignal } = {}): Promise<SiteConfig> {
  return api.get('/api/config/site', siteConfigSchema, { signal });
}

export const siteConfigQueryKey = ['config', 'site'] as const;

export function getSiteConfigQueryOptions() {
  return queryOptions({
    queryKey: siteConfigQueryKey,
    queryFn: ({ signal }) => getSiteConfig({ signal }),
    // The configuration only changes with a server restart: fetch it once per page load
    // rather than on every mount of the header, footer and help pages (spec §7's
    // "never stale" is about package data).
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSiteConfig() {
  return useQuery(getSiteConfigQueryOptions());
}

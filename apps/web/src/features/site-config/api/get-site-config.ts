import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@cargo/shared';
import { api } from '../../../lib/api-client.ts';
import { siteConfigParser } from './parse-site-config.ts';

export type { SiteConfig, StaffContact } from '@cargo/shared';

export function getSiteConfig({ signal }: { signal?: AbortSignal } = {}): Promise<SiteConfig> {
  return api.get('/api/config/site', siteConfigParser, { signal });
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

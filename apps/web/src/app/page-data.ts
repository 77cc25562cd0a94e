import type { PublicPackage, SiteConfig } from '@cargo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { siteConfigQueryKey } from '../features/site-config/api/get-site-config.ts';
import { siteConfigParser } from '../features/site-config/api/parse-site-config.ts';
import { trackingKeys } from '../lib/live-updates/tracking-keys.ts';

/**
 * What the server puts in a prerendered page for the app to start from (decision 042), in a
 * `<script type="application/json" id="page-data">` element: the same data the page would otherwise fetch first, so
 * the app's first render matches the HTML the server rendered with it.
 */
export interface PageData {
  siteConfig: SiteConfig;
  /** The public view of the package a real-time page was opened for, by the tracking number in its address. */
  packages?: Record<string, PublicPackage>;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

export function seedQueryClient(queryClient: QueryClient, data: PageData): void {
  queryClient.setQueryData(siteConfigQueryKey, data.siteConfig);
  for (const [trackingNumber, view] of Object.entries(data.packages ?? {})) queryClient.setQueryData(trackingKeys.package(trackingNumber), view);
}

/** The page data the server put in this page, or null (a page it did not render, or the development server). */
export function readPageData(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { siteConfig?: unknown; packages?: unknown } | null;
    const packages = data?.packages && typeof data.packages === 'object' ? (data.packages as Record<string, PublicPackage>) : undefined;
    return { siteConfig: siteConfigParser.parse(data?.siteConfig), packages };
  } catch {
    return null;
  }
}

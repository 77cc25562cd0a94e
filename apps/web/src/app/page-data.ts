import type { SiteConfig } from '@cargo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { siteConfigQueryKey } from '../features/site-config/api/get-site-config.ts';
import { siteConfigParser } from '../features/site-config/api/parse-site-config.ts';

/**
 * What the server puts in a prerendered page for the app to start from (decision 042), in a
 * `<script type="application/json" id="page-data">` element: the same data the page would otherwise fetch first, so
 * the app's first render matches the HTML the server rendered with it.
 */
export interface PageData {
  siteConfig: SiteConfig;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

export function seedQueryClient(queryClient: QueryClient, data: PageData): void {
  queryClient.setQueryData(siteConfigQueryKey, data.siteConfig);
}

/** The page data the server put in this page, or null (a page it did not render, or the development server). */
export function readPageData(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { siteConfig?: unknown } | null;
    return { siteConfig: siteConfigParser.parse(data?.siteConfig) };
  } catch {
    return null;
  }
}

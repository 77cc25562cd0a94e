import { useSiteConfig } from '../api/get-site-config.ts';
import { FALLBACK_COMPANY_NAME, FALLBACK_TAGLINE } from '../texts.ts';

/** The company's name and tagline from the configuration, with fallbacks while it loads. */
export function useBrand(): { companyName: string; tagline: string } {
  const { data } = useSiteConfig();
  return {
    companyName: data?.companyName || FALLBACK_COMPANY_NAME,
    tagline: data?.tagline || FALLBACK_TAGLINE,
  };
}

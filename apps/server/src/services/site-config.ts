import type { SiteConfig } from '@cargo/shared';
import type { Env } from '../env.ts';

/** The company's name and contacts (`GET /api/config/site`, and the data of every prerendered page): set by env. */
export function siteConfigOf(env: Env): SiteConfig {
  return {
    companyName: env.COMPANY_NAME,
    tagline: 'Your Cargo Our Commitment',
    coordinator: { name: env.COORDINATOR_NAME, role: 'Transport Coordinator', phone: env.COORDINATOR_PHONE },
    manager: { name: env.MANAGER_NAME, role: 'Transport Manager', phone: env.MANAGER_PHONE },
    supportEmail: env.SUPPORT_EMAIL,
    socialUrl: env.SOCIAL_URL ?? null,
    dispatchPhone: env.DISPATCH_PHONE ?? env.COORDINATOR_PHONE,
    advanceNotice: Boolean(env.SMS_GATEWAY_URL),
    phoneCountry: env.DEFAULT_PHONE_COUNTRY,
    currency: env.CURRENCY,
  };
}

import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { sha256 } from './crypto.ts';

/** Per-route limits (design.md §4), used as `config: { rateLimit: app.rateLimits.… }`; the figures are settings. */
export function rateLimitsFor(env: Env) {
  return {
    /** Public package and live lookups, per IP. */
    publicLookup: { max: env.PUBLIC_LOOKUPS_PER_MINUTE, timeWindow: 60_000 },
    /** Pickup requests, per IP. */
    pickupRequest: { max: env.PICKUP_REQUESTS_PER_HOUR, timeWindow: 60 * 60_000 },
    /** Driver self-registration creates an account and hashes a PIN: as scarce as pickups. */
    driverRegister: { max: env.PICKUP_REQUESTS_PER_HOUR, timeWindow: 60 * 60_000 },
    /** A customer's changes, per customer link (a household behind one address is one customer; issue 33). */
    customerAction: {
      max: env.CUSTOMER_ACTIONS_PER_HOUR,
      timeWindow: 60 * 60_000,
      keyGenerator: (request: FastifyRequest) => `customer:${sha256(String((request.params as { token?: unknown }).token ?? ''))}`,
    },
  } as const;
}
export type RateLimits = ReturnType<typeof rateLimitsFor>;

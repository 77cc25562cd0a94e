/** Per-route limits (design.md §4), used as `config: { rateLimit: … }`. */
export const RATE_LIMITS = {
  publicLookup: { max: 60, timeWindow: 60_000 },
  pickupRequest: { max: 10, timeWindow: 60 * 60_000 },
  /** Device and driver fixes: generous, but bounded per IP. */
  fixIngest: { max: 600, timeWindow: 60_000 },
} as const;

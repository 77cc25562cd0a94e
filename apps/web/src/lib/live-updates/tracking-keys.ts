/**
 * The query keys of a package's public data. The tracking api files build their queries with them and the live-updates
 * client writes pushed changes under them, so both always name the same cache entries. `ref` is the tracking number
 * (or customer share token) exactly as the page used it: the server echoes it back on every /ws message.
 */
export const trackingKeys = {
  package: (ref: string) => ['tracking', 'package', ref] as const,
  history: (ref: string) => ['tracking', 'history', ref] as const,
  locations: (ref: string) => ['tracking', 'locations', ref] as const,
  live: (ref: string) => ['tracking', 'live', ref] as const,
  /** The delivery outcomes (issue 18): an attempt or a delivery arrives with a status push. */
  proof: (ref: string) => ['tracking', 'proof', ref] as const,
};

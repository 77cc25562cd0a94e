/** Times are stored and sent as ISO-8601 UTC text (docs/decisions/003). */
export const nowIso = (): string => new Date().toISOString();
export const isoFromMs = (ms: number): string => new Date(ms).toISOString();

/** Exponential backoff: the first wait and the most any wait may be. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

/**
 * The wait before try `attempt` (0-based): exponential from `initialMs`, capped at `maxMs`, with 'equal jitter' (between
 * half and all of it), so that the tabs a server restart cut off do not all come back at the same instant. Used by the
 * live socket's reconnect (decision 020) and by the retry of a page's first load (decision 045).
 */
export function backoffDelay(attempt: number, backoff: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

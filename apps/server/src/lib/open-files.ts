import { readFileSync } from 'node:fs';

/** File descriptors kept for everything but /ws sockets: HTTP connections, the database, Redis, files, logs. */
export const FD_RESERVE = 1000;

/** This process's open-files limit (`ulimit -n`, which Node raises to the hard limit at start); null off Linux. */
export function openFilesLimit(limitsText?: string): number | null {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(limitsText ?? readFileSync('/proc/self/limits', 'utf8'));
    if (!m) return null;
    return m[1] === 'unlimited' ? null : Number(m[1]);
  } catch {
    return null;
  }
}

/**
 * How many /ws sockets one instance accepts (decision 057): WS_MAX_CONNECTIONS, but never more than the open-files
 * limit less a reserve (FD_RESERVE, at most a quarter of the limit). A socket is a file descriptor; a process that
 * runs out of them cannot accept any connection, so the health check, the drivers' fixes and the admin panel would
 * all hang. Null: no cap (the limit is unknown and none is set).
 */
export function wsConnectionCap(setting: number | undefined, fdLimit: number | null): { cap: number | null; fdCap: number | null } {
  const fdCap = fdLimit == null ? null : Math.max(1, fdLimit - Math.min(FD_RESERVE, Math.floor(fdLimit / 4)));
  if (setting === undefined) return { cap: fdCap, fdCap };
  return { cap: fdCap == null ? setting : Math.min(setting, fdCap), fdCap };
}

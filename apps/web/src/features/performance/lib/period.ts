import { addDays } from '@cargo/shared';

export const PERIOD_KINDS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** Today on this browser's calendar, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first and last day of a month 'YYYY-MM'. */
export function monthRange(month: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  if (m < 1 || m > 12) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/** The days a period kind covers, ending today (a month: that month; custom: as typed). Null while incomplete. */
export function periodRange(kind: PeriodKind, options: { today: string; month: string; from: string; to: string }): { from: string; to: string } | null {
  switch (kind) {
    case 'today':
      return { from: options.today, to: options.today };
    case '7d':
      return { from: addDays(options.today, -6), to: options.today };
    case '30d':
      return { from: addDays(options.today, -29), to: options.today };
    case 'month':
      return monthRange(options.month);
    case 'custom':
      return /^\d{4}-\d{2}-\d{2}$/.test(options.from) && /^\d{4}-\d{2}-\d{2}$/.test(options.to) && options.from <= options.to ? { from: options.from, to: options.to } : null;
  }
}

import type { DailyStats } from '@cargo/shared';
import { STATS_TEXTS } from '../texts.ts';

export const STAT_FIGURES: Array<{ key: keyof DailyStats; label: string }> = [
  { key: 'deliveriesCompleted', label: STATS_TEXTS.deliveriesCompleted },
  { key: 'packagesInTransit', label: STATS_TEXTS.packagesInTransit },
  { key: 'customersServed', label: STATS_TEXTS.customersServed },
  { key: 'milesDelivered', label: STATS_TEXTS.milesDelivered },
];

/**
 * Spec §2: thousands separators, as `value.toLocaleString('en-US')` writes them (at most three decimals), without
 * `Intl`: the first number formatter loads the browser's locale data, which cost the home page about 25 ms of a phone's
 * main thread while it started (issue 11).
 */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return value.toLocaleString('en-US');
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  const [whole = '0', fraction] = String(rounded).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

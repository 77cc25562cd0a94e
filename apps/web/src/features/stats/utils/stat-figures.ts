import type { DailyStats } from '@cargo/shared';
import { formatNumber } from '../../../lib/format-number.ts';
import { STATS_TEXTS } from '../texts.ts';

export const STAT_FIGURES: Array<{ key: keyof DailyStats; label: string }> = [
  { key: 'deliveriesCompleted', label: STATS_TEXTS.deliveriesCompleted },
  { key: 'packagesInTransit', label: STATS_TEXTS.packagesInTransit },
  { key: 'customersServed', label: STATS_TEXTS.customersServed },
  { key: 'milesDelivered', label: STATS_TEXTS.milesDelivered },
];

/** Spec §2: thousands separators (lib/format-number.ts). */
export const formatFigure = formatNumber;

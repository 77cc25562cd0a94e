import { makeTrackingNumber, TRACKING_NUMBER_FORMAT_IDS, TRACKING_NUMBER_FORMATS } from '@cargo/shared';

export { COMPANY_LONG_PREFIX } from '@cargo/shared';

/** Six tracking-number ideas, one per format (spec §9; the formats are shared with the CSV import). */
export function trackingIdeas(now = new Date()): { format: string; value: string }[] {
  return TRACKING_NUMBER_FORMAT_IDS.map((id) => ({ format: TRACKING_NUMBER_FORMATS[id], value: makeTrackingNumber(id, now) }));
}

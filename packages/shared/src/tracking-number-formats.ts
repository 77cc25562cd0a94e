/**
 * The Create tab's tracking-number formats (spec §9: the prefixes OT, PKG, TC, DELIVERY and a long form of the
 * company name), once: the Create tab offers one of each, and the CSV import makes numbers in the one chosen for a
 * file that has none (issue 31). `crypto.getRandomValues` is there in browsers and in Node.
 */
export const COMPANY_LONG_PREFIX = 'CARGOEXPRESS';

export const TRACKING_NUMBER_FORMATS = {
  'ot-digits': 'OT + 9 digits',
  'pkg-date': 'PKG + date + 4 digits',
  'tc-letters': 'TC + 3 letters + 6 digits',
  delivery: 'DELIVERY + 6 digits',
  'company-year': 'Company + year + 6 digits',
  'ot-date-letters': 'OT-date-letters',
} as const;
export type TrackingNumberFormat = keyof typeof TRACKING_NUMBER_FORMATS;
export const TRACKING_NUMBER_FORMAT_IDS = Object.keys(TRACKING_NUMBER_FORMATS) as [TrackingNumberFormat, ...TrackingNumberFormat[]];

function randomDigits(n: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => String(b % 10)).join('');
}

function randomLetters(n: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** A new tracking number in a format; the date is `now`'s in this computer's time zone (UTC on the server). */
export function makeTrackingNumber(format: TrackingNumberFormat, now = new Date()): string {
  const ymd = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  switch (format) {
    case 'ot-digits':
      return `OT${randomDigits(9)}`;
    case 'pkg-date':
      return `PKG${ymd}${randomDigits(4)}`;
    case 'tc-letters':
      return `TC${randomLetters(3)}${randomDigits(6)}`;
    case 'delivery':
      return `DELIVERY${randomDigits(6)}`;
    case 'company-year':
      return `${COMPANY_LONG_PREFIX}${now.getFullYear()}${randomDigits(6)}`;
    case 'ot-date-letters':
      return `OT-${ymd.slice(2)}-${randomLetters(4)}`;
  }
}

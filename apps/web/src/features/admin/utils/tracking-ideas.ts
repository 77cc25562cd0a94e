/** Spec §9: generated tracking-number formats use the prefixes OT, PKG, TC, DELIVERY and a long form of the company name. */
export const COMPANY_LONG_PREFIX = 'CARGOEXPRESS';

function randomDigits(n: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => String(b % 10)).join('');
}

function randomLetters(n: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Six tracking-number ideas, one per format. */
export function trackingIdeas(now = new Date()): { format: string; value: string }[] {
  const ymd = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  return [
    { format: 'OT + 9 digits', value: `OT${randomDigits(9)}` },
    { format: 'PKG + date + 4 digits', value: `PKG${ymd}${randomDigits(4)}` },
    { format: 'TC + 3 letters + 6 digits', value: `TC${randomLetters(3)}${randomDigits(6)}` },
    { format: 'DELIVERY + 6 digits', value: `DELIVERY${randomDigits(6)}` },
    { format: 'Company + year + 6 digits', value: `${COMPANY_LONG_PREFIX}${now.getFullYear()}${randomDigits(6)}` },
    { format: 'OT-date-letters', value: `OT-${ymd.slice(2)}-${randomLetters(4)}` },
  ];
}

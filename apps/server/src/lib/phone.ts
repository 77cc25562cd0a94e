import { phoneToE164 } from '@cargo/shared';

/**
 * A phone as stored and compared (docs/decisions/004, 089): its E.164 form by the shared phone rule ('(312) 555-0142'
 * and '312-555-0142' are one driver, '+13125550142'); text the rule does not read as a number falls back to its digits,
 * keeping a leading '+' (a number stored before the rule that migration 015 could not read).
 */
export function normalizePhone(input: string): string {
  const e164 = phoneToE164(input);
  if (e164) return e164;
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/** The public view masks a customer's phone to its last four digits (design.md §4). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return '•••';
  return `•••-•••-${digits.slice(-4)}`;
}

/**
 * A search for a piece of a phone as people write it ('(312) 555-0142', '555-0142'): phones are stored as E.164
 * ('+13125550142'), so the piece's digits are looked for too; null when the search is not such a piece (fewer than 4
 * digits, or nothing but digits, which the plain search already finds). A LIKE pattern, as the lists' searches use.
 */
export function phoneSearchPattern(q: string): string | null {
  const digits = q.replace(/\D/g, '');
  if (digits.length < 4 || digits === q || !/^[\d\s().+-]+$/.test(q)) return null;
  return `%${digits}%`;
}

/** Driver phones are stored normalised, so '(555) 123-4567' and '555-123-4567' are one driver (docs/decisions/004). */
export function normalizePhone(input: string): string {
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

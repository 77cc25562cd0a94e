/** A `tel:` address: digits and a leading plus only, so dialers accept it whatever the display format. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export function mailtoHref(email: string, subject?: string, body?: string): string {
  const params = [subject ? `subject=${encodeURIComponent(subject)}` : '', body ? `body=${encodeURIComponent(body)}` : ''].filter(Boolean);
  return `mailto:${email.trim()}${params.length ? `?${params.join('&')}` : ''}`;
}

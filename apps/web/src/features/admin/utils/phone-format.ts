import { LIMITS, phoneCountry } from '@cargo/shared';

/**
 * Spec §5: the customer phone formats itself as (xxx) xxx-xxxx while typed, at most 14 characters: a US number typed
 * in national form. A number typed with '+' and its country code, or any number where the default phone country is
 * not the US, is kept as typed (at most LIMITS.phone characters); the shared phone rule reads it either way.
 */
export function formatCustomerPhone(input: string, country: string = phoneCountry()): string {
  if (country !== 'US' || input.trimStart().startsWith('+')) return input.slice(0, LIMITS.phone);
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`.slice(0, LIMITS.customerPhoneInput);
}

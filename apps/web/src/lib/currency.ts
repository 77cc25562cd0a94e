import { formatMoney, minorDigits, parseMoney } from '@cargo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** Reads only `currency` from the site configuration (the shared parser of the public pages drops it). */
const currencyParser = { parse: (value: unknown) => ({ currency: typeof (value as { currency?: unknown })?.currency === 'string' ? (value as { currency: string }).currency : 'USD' }) };

/**
 * The company's currency (issue 32, design.md §12) for the screens that show money: amounts arrive as integers in the
 * minor unit and are written with Intl.NumberFormat; what a person types is read digit by digit (`parseMoney`).
 */
export function useCurrency() {
  const query = useQuery({
    queryKey: ['config', 'site', 'currency'],
    queryFn: ({ signal }) => api.get('/api/config/site', currencyParser, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const currency = query.data?.currency ?? 'USD';
  const digits = minorDigits(currency);
  return {
    currency,
    digits,
    format: (minor: number) => formatMoney(minor, currency),
    parse: (text: string) => parseMoney(text, digits),
    /** An amount as the form shows it for editing: 12000 → '120.00'. */
    toInput: (minor: number | null | undefined) => (minor == null ? '' : formatMoney(minor, currency).replace(/[^\d.,-]/g, '').replace(/,/g, '')),
  };
}

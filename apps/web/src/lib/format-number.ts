/**
 * Spec §2: thousands separators, as `value.toLocaleString('en-US')` writes them (at most three decimals), without
 * `Intl`: the first number formatter loads the browser's locale data, which cost the home page about 25 ms of a phone's
 * main thread while it started (issue 11), and the admin panel's package count about 12 ms (issue 21).
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return value.toLocaleString('en-US');
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  const [whole = '0', fraction] = String(rounded).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

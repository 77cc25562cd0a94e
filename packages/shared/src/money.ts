/**
 * Money (design.md §12, decision 098): amounts are integers in the currency's minor unit (cents for USD), one
 * currency per company (ISO 4217, the CURRENCY setting). Nothing here turns an amount into a binary fraction: text is
 * read digit by digit into an integer, and an integer is written as decimal text for `Intl.NumberFormat`, which formats
 * a decimal string exactly (ECMA-402 NumberFormat v3). Plain data and functions, no zod: the driver's sheet loads it.
 */

/** The largest amount one entry or one package may carry, in minor units (ten million in a two-digit currency). */
export const MONEY_MAX_MINOR = 1_000_000_000;

/** The digits of the currency's minor unit, as Intl knows them (USD 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A known ISO 4217 code (three capital letters that Intl lists). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('currency').includes(code) : true;
}

/** An integer amount of minor units as exact decimal text: 12000 → '120.00', -5 → '-0.05' (2 digits). */
export function minorToDecimal(minor: number, digits: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError('An amount must be a whole number of minor units');
  const negative = minor < 0;
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = digits ? text.slice(0, -digits) : text;
  const fraction = digits ? `.${text.slice(-digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Decimal text as written by a person ('120', '120.5', '120.50', '$1,200.00') to minor units, or null when it is not
 * an amount or has more decimals than the currency has. Read digit by digit: never through a float.
 */
export function parseMoney(text: string, digits: number): number | null {
  const cleaned = text.trim().replace(/^[^\d.-]+/, '').replace(/[,\s]/g, '');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return null;
  if (fraction.length > digits) return null;
  const minor = Number(`${whole || '0'}${fraction.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount for people: 12000 → '$120.00' (en-US). The integer goes to Intl as exact decimal text. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  // A decimal string is formatted exactly (NumberFormat v3); the cast is for TypeScript's older lib typing.
  return formatter.format(minorToDecimal(minor, minorDigits(currency)) as unknown as number);
}

/** How a payment was taken (issue 32, item 3). */
export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'online', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card on delivery',
  bank_transfer: 'Bank transfer',
  online: 'Online',
  other: 'Other',
};

/** The ledger's entry kinds: what is owed, what is paid, money given back or put right, and a release. */
export const LEDGER_KINDS = ['due', 'payment', 'refund', 'correction', 'release'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  due: 'Amount due',
  payment: 'Payment',
  refund: 'Refund',
  correction: 'Correction',
  release: 'Released without payment',
};

/** A driver may record at most this many times the balance in one payment (a typo guard, issue 32 item 7). */
export const DRIVER_PAYMENT_FACTOR = 10;

/** The money part of a package from its ledger's sums: the balance is what is due less what is paid. */
export function balanceOf(sums: { due: number; paid: number }): number {
  return sums.due - sums.paid;
}

/** The change to hand back from cash received (never negative). */
export function changeDue(receivedMinor: number, balanceMinor: number): number {
  return Math.max(0, receivedMinor - balanceMinor);
}

export const PAYMENT_MSG = {
  amountRequired: 'Enter an amount',
  amountInvalid: 'Enter an amount in the currency, such as 120.00',
  amountPositive: 'The amount must be more than zero',
  amountTooLarge: 'The amount is too large',
  methodInvalid: `Choose how it was paid: ${PAYMENT_METHODS.join(', ')}`,
  referenceRequired: "Enter the card terminal's reference",
  reasonRequired: 'Give a reason',
  nothingOwed: 'Nothing is owed on this package',
  driverOverLimit: `A driver may record at most ${DRIVER_PAYMENT_FACTOR} times the balance`,
  driverNegative: 'A driver records payments received only; refunds and corrections are made by dispatch',
  balanceRemains: (balance: string) => `Collect ${balance} before unloading: the package cannot be delivered or left while a balance remains, unless dispatch releases it`,
  alreadyReleased: 'This package is already released without payment',
  pickupHasPackage: 'This pickup request already has its package',
  handoverDayInvalid: 'Choose a day (YYYY-MM-DD)',
} as const;

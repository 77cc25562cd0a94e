import { describe, expect, it } from 'vitest';
import { balanceOf, changeDue, formatMoney, isCurrencyCode, minorDigits, minorToDecimal, parseMoney } from './money.ts';

describe('money in integer minor units (decision 098)', () => {
  it('knows the minor-unit digits from Intl', () => {
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('KWD'), minorDigits('EUR')]).toEqual([2, 0, 3, 2]);
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });

  it('reads what a person types digit by digit, refusing more decimals than the currency has', () => {
    expect(parseMoney('120', 2)).toBe(12_000);
    expect(parseMoney('120.5', 2)).toBe(12_050);
    expect(parseMoney(' $1,200.05 ', 2)).toBe(120_005);
    expect(parseMoney('0.10', 2)! + parseMoney('0.20', 2)!).toBe(parseMoney('0.30', 2));
    expect(parseMoney('.5', 2)).toBe(50);
    expect(parseMoney('-3.25', 2)).toBe(-325);
    expect(parseMoney('1500', 0)).toBe(1_500);
    expect(parseMoney('1.234', 3)).toBe(1_234);
    for (const bad of ['', '.', 'abc', '1.234', '1e3', '1.2.3', '12-3']) expect(parseMoney(bad, 2), bad).toBeNull();
  });

  it('writes an integer as exact decimal text and formats it with Intl, never through a float', () => {
    expect(minorToDecimal(12_000, 2)).toBe('120.00');
    expect(minorToDecimal(-5, 2)).toBe('-0.05');
    expect(minorToDecimal(7, 0)).toBe('7');
    expect(minorToDecimal(1_234, 3)).toBe('1.234');
    expect(formatMoney(12_000, 'USD')).toBe('$120.00');
    expect(formatMoney(30, 'USD')).toBe('$0.30');
    expect(formatMoney(-2_000, 'USD')).toBe('-$20.00');
    expect(formatMoney(1_500, 'JPY')).toBe('¥1,500');
    // Beyond a double's exact cents a float would round; decimal text keeps every digit.
    expect(formatMoney(900_719_925_474_099, 'USD')).toBe('$9,007,199,254,740.99');
    expect(() => minorToDecimal(1.5, 2)).toThrow();
  });

  it('balance and change', () => {
    expect(balanceOf({ due: 12_000, paid: 2_000 })).toBe(10_000);
    expect(changeDue(15_000, 12_000)).toBe(3_000);
    expect(changeDue(10_000, 12_000)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { parseWeightKg } from './package-weight.ts';

describe('parseWeightKg', () => {
  it('reads kilograms, grams, pounds and ounces into kilograms', () => {
    expect(parseWeightKg('15 kg')).toBe(15);
    expect(parseWeightKg('1.5kg')).toBe(1.5);
    expect(parseWeightKg('2,5 KG')).toBe(2.5);
    expect(parseWeightKg('500 g')).toBe(0.5);
    expect(parseWeightKg('2 lb')).toBe(0.907);
    expect(parseWeightKg('3 lbs.')).toBe(1.361);
    expect(parseWeightKg('16 oz')).toBe(0.454);
    expect(parseWeightKg(' 10 pounds ')).toBe(4.536);
  });

  it('gives null for text that is not one number and one known unit', () => {
    for (const text of ['', '   ', 'heavy', '2-3 kg', '15', 'kg', '15 stone', '1.2.3 kg', null, undefined]) {
      expect(parseWeightKg(text)).toBeNull();
    }
  });
});

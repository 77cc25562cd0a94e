import { describe, expect, it } from 'vitest';
import { formatCustomerPhone } from './phone-format.ts';
import { trackingIdeas } from './tracking-ideas.ts';

describe('customer phone', () => {
  it('formats as (xxx) xxx-xxxx while typed, at most 14 characters', () => {
    expect(formatCustomerPhone('3')).toBe('(3');
    expect(formatCustomerPhone('3125')).toBe('(312) 5');
    expect(formatCustomerPhone('312555014299')).toBe('(312) 555-0142');
    expect(formatCustomerPhone('(312) 555-0142').length).toBe(14);
  });
});

describe('tracking ideas', () => {
  it('gives six formats with the spec prefixes', () => {
    const ideas = trackingIdeas(new Date(2026, 0, 5));
    expect(ideas).toHaveLength(6);
    expect(ideas.map((i) => i.value.match(/^[A-Z]+/)![0])).toEqual(['OT', 'PKG', expect.stringMatching(/^TC/), 'DELIVERY', expect.stringMatching(/^CARGOEXPRESS/), 'OT']);
    expect(ideas[1]!.value).toMatch(/^PKG20260105\d{4}$/);
    expect(new Set(ideas.map((i) => i.value)).size).toBe(6);
  });
});

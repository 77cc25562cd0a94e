import { describe, expect, it } from 'vitest';
import { timelineIconKind } from './timeline-icon.ts';

describe('timelineIconKind (spec §2)', () => {
  it('chooses by keyword: delivered, delivery, facility, transit, else default', () => {
    expect(timelineIconKind('Delivered')).toBe('delivered');
    expect(timelineIconKind('Out for Delivery')).toBe('delivery');
    expect(timelineIconKind('Arrived at facility')).toBe('facility');
    expect(timelineIconKind('In Transit')).toBe('transit');
    expect(timelineIconKind('in_transit')).toBe('transit');
    expect(timelineIconKind('Picked Up')).toBe('default');
  });
});

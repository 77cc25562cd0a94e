import { describe, expect, it } from 'vitest';
import { destinationOf } from './destination.ts';

describe('destinationOf (spec §2)', () => {
  it('is the second comma-separated part of the delivery address', () => {
    expect(destinationOf({ deliveryAddress: '1 Twins Way, Minneapolis, MN 55403', currentLocation: 'In Transit' })).toBe('Minneapolis');
  });
  it('else the current location', () => {
    expect(destinationOf({ deliveryAddress: 'Warehouse 4', currentLocation: 'Chicago, IL' })).toBe('Chicago, IL');
    expect(destinationOf({ deliveryAddress: 'Dock 2, ', currentLocation: 'Return Center' })).toBe('Return Center');
  });
});

import { describe, expect, it } from 'vitest';
import { driverColour, moveStop, placeStop, routesOf, sameRoutes } from './plan-edit.ts';

const routes = [
  { driverId: 'a', packageIds: ['p1', 'p2', 'p3'] },
  { driverId: 'b', packageIds: ['p4'] },
  { driverId: 'c', packageIds: [] },
];

describe('moving a stop by hand', () => {
  it('moves a stop to another driver at a position, leaving the input as it was', () => {
    expect(moveStop(routes, 'p2', 'b', 0)).toEqual([
      { driverId: 'a', packageIds: ['p1', 'p3'] },
      { driverId: 'b', packageIds: ['p2', 'p4'] },
      { driverId: 'c', packageIds: [] },
    ]);
    expect(moveStop(routes, 'p1', 'c', 5)).toEqual([
      { driverId: 'a', packageIds: ['p2', 'p3'] },
      { driverId: 'b', packageIds: ['p4'] },
      { driverId: 'c', packageIds: ['p1'] },
    ]);
    expect(routes[0]!.packageIds).toEqual(['p1', 'p2', 'p3']);
  });

  it('moves a stop within its own route, the position counted once it has left it', () => {
    expect(moveStop(routes, 'p1', 'a', 2)[0]!.packageIds).toEqual(['p2', 'p3', 'p1']);
    expect(moveStop(routes, 'p3', 'a', 0)[0]!.packageIds).toEqual(['p3', 'p1', 'p2']);
    expect(moveStop(routes, 'p2', 'a', 1)[0]!.packageIds).toEqual(['p1', 'p2', 'p3']);
  });

  it('refuses an unknown driver or a stop on no route', () => {
    expect(() => moveStop(routes, 'p1', 'z', 0)).toThrow(RangeError);
    expect(() => moveStop(routes, 'p9', 'a', 0)).toThrow(RangeError);
  });

  it('reads the routes of a plan and compares arrangements', () => {
    const plan = { routes: [{ driverId: 'a', stops: [{ packageId: 'p1' }, { packageId: 'p2' }] }, { driverId: 'b', stops: [] }] } as never;
    expect(routesOf(plan)).toEqual([
      { driverId: 'a', packageIds: ['p1', 'p2'] },
      { driverId: 'b', packageIds: [] },
    ]);
    expect(sameRoutes(routes, routes.map((r) => ({ ...r, packageIds: [...r.packageIds] })))).toBe(true);
    expect(sameRoutes(routes, moveStop(routes, 'p1', 'a', 1))).toBe(false);
  });

  it('carries a white stop number at 4.5:1 or more on each of the first ten colours', () => {
    const channel = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => channel(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (let i = 0; i < 10; i++) expect(1.05 / (luminance(driverColour(i)) + 0.05), driverColour(i)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every driver of a large fleet a different colour', () => {
    const colours = Array.from({ length: 40 }, (_, i) => driverColour(i));
    expect(new Set(colours).size).toBe(40);
  });
});

describe('putting a package the plan left out into a route by hand', () => {
  it('puts it at the position asked, clamped to the route, leaving the input as it was', () => {
    expect(placeStop(routes, 'x', 'a', 1)[0]!.packageIds).toEqual(['p1', 'x', 'p2', 'p3']);
    expect(placeStop(routes, 'x', 'b', 9)[1]!.packageIds).toEqual(['p4', 'x']);
    expect(placeStop(routes, 'x', 'c', -3)[2]!.packageIds).toEqual(['x']);
    expect(placeStop(routes, 'x', 'a', 0)[1]).toBe(routes[1]);
    expect(routes[0]!.packageIds).toEqual(['p1', 'p2', 'p3']);
  });

  it('refuses a package already on a route and a driver without one', () => {
    expect(() => placeStop(routes, 'p4', 'a', 0)).toThrow(RangeError);
    expect(() => placeStop(routes, 'x', 'z', 0)).toThrow(RangeError);
  });
});

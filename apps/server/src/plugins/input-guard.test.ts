import { describe, expect, it } from 'vitest';
import { findNul } from './input-guard.ts';

describe('findNul', () => {
  it('names where the first NUL character sits, at any depth, in a value or a key', () => {
    expect(findNul({ id: 'abc' }, 'params')).toBeNull();
    expect(findNul({ name: 'a\u0000b' }, 'body')).toBe('body.name');
    expect(findNul({ stops: [{ note: 'ok' }, { note: 'x\u0000' }] }, 'body')).toBe('body.stops.1.note');
    expect(findNul({ outer: { ['k\u0000y']: 1 } }, 'body')).toBe('body.outer.k\\0y');
    expect(findNul(Object.assign(Object.create(null), { q: 'a\u0000' }), 'query')).toBe('query.q');
    expect(findNul('plain\u0000', 'body')).toBe('body');
  });

  it('passes numbers, booleans, null and what is nested deeper than it looks', () => {
    expect(findNul({ lat: 1, ok: true, none: null, list: [1, 2] }, 'body')).toBeNull();
    let deep: Record<string, unknown> = { v: 'x\u0000' };
    for (let i = 0; i < 70; i++) deep = { d: deep };
    expect(findNul(deep, 'body')).toBeNull();
  });
});

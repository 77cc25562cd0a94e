import { describe, expect, it } from 'vitest';
import { cityKey, parseUsAddress } from './us-address.ts';

describe('parseUsAddress', () => {
  it.each([
    ['233 S Wacker Dr, Chicago, IL 60606', { zips: ['60606'], city: 'Chicago', state: 'IL' }],
    ['233 S Wacker Dr, Chicago, IL 60606-1234, USA', { zips: ['60606'], city: 'Chicago', state: 'IL' }],
    ['233 S Wacker Dr, Chicago IL 60606', { zips: ['60606'], city: 'Chicago', state: 'IL' }],
    ['Springfield, Illinois', { zips: [], city: 'Springfield', state: 'IL' }],
    ['500 Capitol St, Charleston West Virginia', { zips: [], city: 'Charleston', state: 'WV' }],
    ['New York, NY', { zips: [], city: 'New York', state: 'NY' }],
    ['Texas', { zips: [], city: null, state: 'TX' }],
    ['60606', { zips: ['60606'], city: null, state: null }],
    // A house number that looks like a ZIP comes last among the candidates, after the real ZIP.
    ['12345 Main St, Springfield, IL 62701', { zips: ['62701'], city: 'Springfield', state: 'IL' }],
    ['Suite 10001, 20 W 34th St, New York, NY 10001', { zips: ['10001', '10001'], city: 'New York', state: 'NY' }],
    ['265 Park Ave W NW, Atlanta', { zips: [], city: null, state: null }],
    ['Toronto, ON M5V 3L9, Canada', { zips: [], city: null, state: null }],
    ['', { zips: [], city: null, state: null }],
  ])('%s', (address, expected) => {
    expect(parseUsAddress(address)).toEqual(expected);
  });
});

describe('cityKey', () => {
  it('spells abbreviations out and ignores case, periods and hyphens', () => {
    expect(cityKey('St. Louis')).toBe('SAINT LOUIS');
    expect(cityKey('Ft Worth')).toBe('FORT WORTH');
    expect(cityKey('winston-salem')).toBe('WINSTON SALEM');
    expect(cityKey('NYC')).toBe('NEW YORK');
  });
});

import { describe, expect, it } from 'vitest';
import { isShortMapsLink, parseMapsLink } from './maps-link.ts';

describe('parseMapsLink', () => {
  it('reads the viewport after an at-sign', () => {
    expect(parseMapsLink('https://www.google.com/maps/@40.7127753,-74.0059728,15z')).toEqual({ lat: 40.7127753, lng: -74.0059728 });
  });

  it('prefers the place in the !3d!4d data parameter over the viewport', () => {
    const link =
      'https://www.google.com/maps/place/Willis+Tower/@41.8788764,-87.6380902,17z/data=!3m1!4b1!4m6!3m5!1s0x880e2cb!8m2!3d41.8788761!4d-87.6359015!16s';
    expect(parseMapsLink(link)).toEqual({ lat: 41.8788761, lng: -87.6359015 });
  });

  it('reads q=lat,lng, also URL-encoded and with loc:', () => {
    expect(parseMapsLink('https://maps.google.com/?q=34.0522,-118.2437')).toEqual({ lat: 34.0522, lng: -118.2437 });
    expect(parseMapsLink('https://maps.google.com/maps?q=34.0522%2C-118.2437&z=12')).toEqual({ lat: 34.0522, lng: -118.2437 });
    expect(parseMapsLink('https://maps.google.com/maps?q=loc:34.0522,-118.2437')).toEqual({ lat: 34.0522, lng: -118.2437 });
  });

  it('reads ll=lat,lng', () => {
    expect(parseMapsLink('https://maps.google.com/maps?ll=29.7604,-95.3698&z=10')).toEqual({ lat: 29.7604, lng: -95.3698 });
  });

  it('reads query=lat,lng (Maps URLs API search)', () => {
    expect(parseMapsLink('https://www.google.com/maps/search/?api=1&query=47.6062,-122.3321')).toEqual({ lat: 47.6062, lng: -122.3321 });
  });

  it('reads destination=lat,lng (Maps URLs API directions)', () => {
    expect(parseMapsLink('https://www.google.com/maps/dir/?api=1&destination=39.7392,-104.9903&travelmode=driving')).toEqual({
      lat: 39.7392,
      lng: -104.9903,
    });
  });

  it('answers null for a link without coordinates', () => {
    expect(parseMapsLink('https://www.google.com/maps/place/Willis+Tower,+Chicago')).toBeNull();
    expect(parseMapsLink('https://maps.google.com/?q=Chicago+IL')).toBeNull();
    expect(parseMapsLink('https://maps.app.goo.gl/AbCdEf123')).toBeNull();
    expect(parseMapsLink('not a link at all')).toBeNull();
  });

  it('refuses coordinates out of range', () => {
    expect(parseMapsLink('https://www.google.com/maps/@95.1,-74.0,15z')).toBeNull();
    expect(parseMapsLink('https://maps.google.com/?q=45.0,-190.5')).toBeNull();
  });
});

describe('isShortMapsLink', () => {
  it('knows the short-link hosts', () => {
    expect(isShortMapsLink('https://maps.app.goo.gl/AbCdEf123')).toBe(true);
    expect(isShortMapsLink('https://goo.gl/maps/AbCdEf')).toBe(true);
    expect(isShortMapsLink('https://www.google.com/maps/@40.7,-74.0,15z')).toBe(false);
    expect(isShortMapsLink('nope')).toBe(false);
  });
});

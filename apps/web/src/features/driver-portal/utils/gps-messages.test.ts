import { describe, expect, it } from 'vitest';
import { errorKind } from './geolocation.ts';
import { gpsErrorMessage } from './gps-messages.ts';

describe('geolocation error messages (spec §8)', () => {
  it('maps the error codes', () => {
    expect([1, 2, 3, 99].map((code) => errorKind({ code }))).toEqual(['denied', 'unavailable', 'timeout', 'other']);
  });

  it("speaks the 'GPS Error' toast on the portal, the dashboard and the simple page", () => {
    for (const screen of ['portal', 'dashboard', 'simple'] as const) {
      expect(gpsErrorMessage(screen, 'denied')).toEqual({ title: 'GPS Error', message: 'Location access denied. Please allow location access.' });
      expect(gpsErrorMessage(screen, 'unavailable').message).toBe('Location information unavailable. Try going outside.');
      expect(gpsErrorMessage(screen, 'timeout').message).toBe('Location request timed out. Try again.');
      expect(gpsErrorMessage(screen, 'other').message).toBe('GPS error occurred.');
    }
  });

  it("speaks the sharing page's 'Location Error' texts", () => {
    expect(gpsErrorMessage('share', 'denied')).toEqual({ title: 'Location Error', message: 'Location access denied. Please allow location permissions.' });
    expect(gpsErrorMessage('share', 'unavailable').message).toBe('Location information unavailable. Check your GPS settings.');
    expect(gpsErrorMessage('share', 'timeout').message).toBe('Location request timed out. Retrying...');
    expect(gpsErrorMessage('share', 'other').message).toBe('Unknown location error');
  });

  it("the older page: 'Location Error' for a one-off request, 'Tracking Error' while tracking", () => {
    expect(gpsErrorMessage('older', 'timeout', true)).toEqual({ title: 'Location Error', message: 'Could not get your location. Please enable GPS and try again.' });
    expect(gpsErrorMessage('older', 'unavailable')).toEqual({ title: 'Tracking Error', message: 'GPS tracking interrupted. Please check your settings.' });
  });
});

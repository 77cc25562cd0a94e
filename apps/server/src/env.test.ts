import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('environment', () => {
  it('has working defaults (embedded database, port 3000)', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe('./data/cargo.db');
    expect(env.SEED_DEMO).toBeUndefined();
    expect(env.DEMO_DRIVE).toBe(true);
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.OSMAND_PORT).toBeUndefined();
    expect(loadEnv({ OSMAND_PORT: '5055' }).OSMAND_PORT).toBe(5055);
    // The company's currency (issue 32): USD by default, an ISO 4217 code read in capitals.
    expect(env.CURRENCY).toBe('USD');
    expect(loadEnv({ CURRENCY: ' jpy ' }).CURRENCY).toBe('JPY');
  });

  it.each([
    ['PORT', 'eighty', /^Invalid environment variable PORT: /],
    ['PORT', '70000', /^Invalid environment variable PORT: /],
    ['REDIS_URL', 'localhost:6379', /^Invalid environment variable REDIS_URL: must be a URL/],
    ['ADMIN_EMAIL', 'not-an-email', /^Invalid environment variable ADMIN_EMAIL: /],
    ['ADMIN_PASSWORD', '123', /^Invalid environment variable ADMIN_PASSWORD: must be at least 6 characters/],
    ['SEED_DEMO', 'maybe', /^Invalid environment variable SEED_DEMO: /],
    ['DEMO_DRIVE', 'off', /^Invalid environment variable DEMO_DRIVE: /],
    ['LOG_LEVEL', 'loud', /^Invalid environment variable LOG_LEVEL: /],
    ['GEOCODER_URL', 'ftp://geo', /^Invalid environment variable GEOCODER_URL: must be a URL/],
    ['VROOM_URL', 'vroom.local:3000', /^Invalid environment variable VROOM_URL: must be a URL/],
    ['OSRM_URL', 'osrm.local:5000', /^Invalid environment variable OSRM_URL: must be a URL/],
    ['OSMAND_PORT', '5055x', /^Invalid environment variable OSMAND_PORT: /],
    ['OSMAND_PORT', '0', /^Invalid environment variable OSMAND_PORT: /],
    ['CURRENCY', 'DOLLARS', /^Invalid environment variable CURRENCY: must be an ISO 4217 currency code/],
    ['CURRENCY', 'XYZ', /^Invalid environment variable CURRENCY: must be an ISO 4217 currency code/],
  ])('refuses %s=%s with one line naming the variable', (name, value, message) => {
    let error: unknown;
    try {
      loadEnv({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads SEED_DEMO as a tri-state and TRUST_PROXY as boolean or addresses', () => {
    expect(loadEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadEnv({ DEMO_DRIVE: 'false' }).DEMO_DRIVE).toBe(false);
    expect(loadEnv({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
  });

  it('reads the retention settings with their defaults and refuses values out of range, naming the variable', () => {
    const env = loadEnv({});
    expect([env.RETENTION_TRAIL_DAYS, env.RETENTION_AFTER_TRAIL, env.RETENTION_DEVICE_POINTS_DAYS, env.RETENTION_SESSIONS_DAYS, env.RETENTION_NOTIFICATIONS_DAYS]).toEqual([90, 'minute', 30, 7, 365]);
    expect(loadEnv({ RETENTION_AFTER_TRAIL: 'final', RETENTION_TRAIL_DAYS: '30' })).toMatchObject({ RETENTION_AFTER_TRAIL: 'final', RETENTION_TRAIL_DAYS: 30 });
    expect(() => loadEnv({ RETENTION_AFTER_TRAIL: 'weekly' })).toThrow(/RETENTION_AFTER_TRAIL/);
    expect(() => loadEnv({ RETENTION_TRAIL_DAYS: '0' })).toThrow(/RETENTION_TRAIL_DAYS/);
    expect(() => loadEnv({ RETENTION_BATCH_ROWS: '5' })).toThrow(/RETENTION_BATCH_ROWS/);
  });

  it('refuses a webhook lease no longer than the send timeout (another instance could send the message again)', () => {
    expect(() => loadEnv({ WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_LEASE_MS: '1000' })).toThrow(/WEBHOOK_LEASE_MS: must be more than WEBHOOK_TIMEOUT_MS/);
    expect(loadEnv({ WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_LEASE_MS: '1500' }).WEBHOOK_LEASE_MS).toBe(1500);
  });

  it('reads DEFAULT_PHONE_COUNTRY (US by default, any case) and refuses what is no country code, naming the variable', () => {
    expect(loadEnv({}).DEFAULT_PHONE_COUNTRY).toBe('US');
    expect(loadEnv({ DEFAULT_PHONE_COUNTRY: 'gb' }).DEFAULT_PHONE_COUNTRY).toBe('GB');
    expect(() => loadEnv({ DEFAULT_PHONE_COUNTRY: 'USA' })).toThrow(/Invalid environment variable DEFAULT_PHONE_COUNTRY: must be a two-letter country code/);
    expect(() => loadEnv({ DEFAULT_PHONE_COUNTRY: 'XX' })).toThrow(/DEFAULT_PHONE_COUNTRY/);
  });
});

import { describe, expect, it } from 'vitest';
import { timeZoneAt, timeZoneInfo } from './time-zone.ts';

describe('time zones', () => {
  const winter = Date.parse('2026-01-15T12:00:00Z');
  const summer = Date.parse('2026-07-15T12:00:00Z');

  it('looks the zone up from a position', () => {
    expect(timeZoneAt(41.8781, -87.6298)).toBe('America/Chicago');
    expect(timeZoneAt(28.6139, 77.209)).toBe('Asia/Kolkata');
  });

  it('names a zone and gives its offset at a moment, daylight saving included', () => {
    expect(timeZoneInfo('America/Chicago', winter)).toEqual({ name: 'Central Standard Time', abbreviation: 'CST', utcOffsetMinutes: -360 });
    expect(timeZoneInfo('America/Chicago', summer)).toEqual({ name: 'Central Daylight Time', abbreviation: 'CDT', utcOffsetMinutes: -300 });
    expect(timeZoneInfo('Asia/Kolkata', winter)).toEqual({ name: 'India Standard Time', abbreviation: 'GMT+5:30', utcOffsetMinutes: 330 });
    expect(timeZoneInfo('Asia/Kathmandu', summer)?.utcOffsetMinutes).toBe(345);
    expect(timeZoneInfo('Europe/London', winter)).toEqual({ name: 'Greenwich Mean Time', abbreviation: 'GMT', utcOffsetMinutes: 0 });
    expect(timeZoneInfo('America/St_Johns', winter)?.utcOffsetMinutes).toBe(-210);
  });

  it('matches the wall clock Intl shows in that zone', () => {
    for (const zone of ['America/New_York', 'America/Los_Angeles', 'Europe/Berlin', 'Australia/Adelaide', 'Pacific/Chatham', 'Pacific/Honolulu']) {
      for (const at of [winter, summer]) {
        const info = timeZoneInfo(zone, at)!;
        const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(at);
        const wall = Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
        const shifted = new Date(at + info.utcOffsetMinutes * 60_000);
        expect(shifted.getUTCHours() * 60 + shifted.getUTCMinutes(), `${zone} ${new Date(at).toISOString()}`).toBe(wall);
      }
    }
  });

  it('answers null for no zone or a zone Intl does not know', () => {
    expect(timeZoneInfo(null, winter)).toBeNull();
    expect(timeZoneInfo('Not/AZone', winter)).toBeNull();
  });
});

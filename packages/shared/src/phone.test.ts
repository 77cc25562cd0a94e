import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { formatPhone, phoneToE164 } from './phone.ts';
import { phoneCountry, setPhoneCountry } from './phone-country.ts';
import { driverPhoneSchema } from './schemas/driver.ts';
import { packageInputSchema } from './schemas/package.ts';
import { pickupRequestInputSchema } from './schemas/pickup.ts';

const pkg = {
  trackingNumber: 'T1',
  deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
  pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
  customerName: 'Olivia Martin',
};
const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('the phone rule (issue 31): E.164 stored, national shown, text that is no number refused', () => {
  it('reads a number in any national form of the default country, or international with +', () => {
    for (const typed of ['(312) 555-0142', '312-555-0142', '312.555.0142', '3125550142', '1 312 555 0142', '+1 312 555 0142']) {
      expect(phoneToE164(typed), typed).toBe('+13125550142');
    }
    expect(phoneToE164('+44 20 7946 0958')).toBe('+442079460958');
  });
  it('refuses words, too few digits, too many, and text around a number', () => {
    for (const typed of ['call me', '(---)', '555-0142', '1', '312 555 0142 0000', 'Phone: 312 555 0142', '']) expect(phoneToE164(typed), typed).toBeNull();
  });
  it('shows the national form in the default country, the international one for another, and leaves what is no number as it is', () => {
    expect(formatPhone('+13125550142')).toBe('(312) 555-0142');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('•••-•••-0142')).toBe('•••-•••-0142');
    expect(formatPhone(null)).toBe('');
  });
  it('follows the default country (DEFAULT_PHONE_COUNTRY)', () => {
    expect(phoneCountry()).toBe('US');
    try {
      setPhoneCountry('gb');
      expect(phoneToE164('020 7946 0958')).toBe('+442079460958');
      expect(formatPhone('+442079460958')).toBe('020 7946 0958');
      expect(formatPhone('+13125550142')).toBe('+1 312 555 0142');
    } finally {
      setPhoneCountry('US');
    }
  });
  it("customer phone: 'call me' is refused with its own message; the spec's messages stay for empty and too long; stored as E.164", () => {
    expect(issuesOf(packageInputSchema.safeParse({ ...pkg, customerPhone: 'call me' }))).toEqual([{ path: 'customerPhone', message: MSG.phoneInvalid }]);
    expect(issuesOf(packageInputSchema.safeParse({ ...pkg, customerPhone: '' }))).toEqual([{ path: 'customerPhone', message: MSG.customerPhoneRequired }]);
    expect(issuesOf(packageInputSchema.safeParse({ ...pkg, customerPhone: '1'.repeat(21) }))).toEqual([{ path: 'customerPhone', message: MSG.phoneTooLong }]);
    const ok = packageInputSchema.parse({ ...pkg, customerPhone: '(312) 555-0142', driverPhone: '414 555 0100' });
    expect([ok.customerPhone, ok.driverPhone]).toEqual(['+13125550142', '+14145550100']);
    expect(packageInputSchema.parse({ ...pkg, customerPhone: '3125550142', driverPhone: '' }).driverPhone).toBeNull();
  });
  it('driver and pickup phones go through the same rule', () => {
    expect(driverPhoneSchema.parse(' (555) 010-1001 ')).toBe('+15550101001');
    expect(issuesOf(driverPhoneSchema.safeParse('call me'))).toEqual([{ path: '', message: MSG.phoneInvalid }]);
    const request = { customerName: 'Grace Kim', email: 'g@example.com', originAddress: '233 S Wacker Dr, Chicago', destinationAddress: '700 N Art Museum Dr, Milwaukee', itemDescription: 'Two boxes of books' };
    expect(pickupRequestInputSchema.parse({ ...request, phone: '(312) 555-0190' }).phone).toBe('+13125550190');
    expect(issuesOf(pickupRequestInputSchema.safeParse({ ...request, phone: '555-0190' }))).toEqual([{ path: 'phone', message: MSG.phoneMin }]);
    expect(issuesOf(pickupRequestInputSchema.safeParse({ ...request, phone: '99 99 99 99 99 9' }))).toEqual([{ path: 'phone', message: MSG.phoneInvalid }]);
  });
});

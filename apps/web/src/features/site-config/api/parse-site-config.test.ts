import { phoneCountry, phoneToE164, setPhoneCountry, siteConfigSchema } from '@cargo/shared';
import { describe, expect, it } from 'vitest';
import { siteConfigParser } from './parse-site-config.ts';

const valid = {
  companyName: 'Acme Cargo',
  tagline: 'Fast and safe',
  coordinator: { name: 'Ann', role: 'Transport Coordinator', phone: '+15550100' },
  manager: { name: 'Bob', role: 'Manager', phone: '+15550101' },
  supportEmail: 'help@example.com',
  socialUrl: null,
  dispatchPhone: '+15550102',
  advanceNotice: true,
  phoneCountry: 'GB',
};

describe('siteConfigParser', () => {
  it('answers what the shared zod schema answers for a valid reply, unknown keys dropped', () => {
    const reply = { ...valid, extra: 1, manager: { ...valid.manager, extra: 2 } };
    expect(siteConfigParser.parse(reply)).toEqual(siteConfigSchema.parse(reply));
  });

  it("sets the phone rule's default country from the reply (DEFAULT_PHONE_COUNTRY), so the forms read national numbers as the server does", () => {
    try {
      siteConfigParser.parse(valid);
      expect(phoneCountry()).toBe('GB');
      expect(phoneToE164('020 7946 0958')).toBe('+442079460958');
    } finally {
      setPhoneCountry('US');
    }
  });

  it.each([
    ['not an object', null],
    ['a missing name', { ...valid, companyName: undefined }],
    ['a number for a string', { ...valid, tagline: 3 }],
    ['a contact without phone', { ...valid, coordinator: { name: 'Ann', role: 'x' } }],
    ['undefined for a nullable', { ...valid, socialUrl: undefined }],
    ['a string for a flag', { ...valid, advanceNotice: 'yes' }],
  ])('rejects %s, as the shared schema does', (_label, reply) => {
    expect(() => siteConfigSchema.parse(reply)).toThrow();
    expect(() => siteConfigParser.parse(reply)).toThrow();
  });
});

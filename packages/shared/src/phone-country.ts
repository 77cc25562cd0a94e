import type { CountryCode } from 'libphonenumber-js/min';

/**
 * The country a phone number written without '+' and a country code belongs to (ISO 3166 alpha-2): the server's
 * DEFAULT_PHONE_COUNTRY, which the web app takes from the site configuration. Apart from the phone rule (phone.ts) so
 * that setting it loads no phone metadata: every page reads the site configuration, only forms and lists need the rule.
 */
let current: CountryCode = 'US';

export function setPhoneCountry(country: string): void {
  current = country.toUpperCase() as CountryCode;
}

export function phoneCountry(): CountryCode {
  return current;
}

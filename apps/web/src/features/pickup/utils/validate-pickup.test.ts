import { pickupRequestInputSchema } from '@cargo/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PICKUP_FIELDS, PICKUP_MAX_LENGTH, pickupFieldRules, type PickupField } from './validate-pickup.ts';

/** What the server's schema says of one field's value: null when accepted, else its first message. */
function schemaVerdict(field: PickupField, value: string): string | null {
  const result = pickupRequestInputSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
}

const padded = (inner: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom('', ' ', '  ', '\t', '\n '), inner, fc.constantFrom('', ' ', '   ')).map(([a, b, c]) => a + b + c);

/** Values near every boundary a field has: blank, short, just long enough, very long, odd characters. */
function valuesFor(field: PickupField): fc.Arbitrary<string> {
  const max = PICKUP_MAX_LENGTH[field];
  const text = fc.oneof(
    fc.string({ maxLength: 14 }),
    fc.string({ unit: 'binary', maxLength: 14 }),
    fc.string({ minLength: 8, maxLength: 12 }),
    fc.string({ minLength: max - 2, maxLength: max + 2 }),
  );
  switch (field) {
    case 'phone':
      return padded(
        fc.oneof(
          text,
          fc.stringMatching(/^[0-9 ()+.-]{0,16}$/),
          fc.array(fc.constantFrom('1', '2', '5', ' ', '-', '(', ')'), { minLength: 25, maxLength: 35 }).map((chars) => chars.join('')),
        ),
      );
    case 'email':
      return padded(fc.oneof(text, fc.emailAddress(), fc.stringMatching(/^[a-z.@+_-]{1,12}$/)));
    default:
      return padded(text);
  }
}

describe('pickup form checks', () => {
  it('give the spec §5 message for each field', () => {
    expect(pickupFieldRules.customerName('J')).toBe('Name must be at least 2 characters');
    expect(pickupFieldRules.phone('555-123-456')).toBe('Phone number must be at least 10 digits');
    expect(pickupFieldRules.email('jane@example')).toBe('Invalid email address');
    expect(pickupFieldRules.originAddress('1 Main St')).toBe('Origin address must be detailed');
    expect(pickupFieldRules.destinationAddress('  Denver  ')).toBe('Destination address must be detailed');
    expect(pickupFieldRules.itemDescription('boxes')).toBe('Item description must be detailed');
    expect(pickupFieldRules.specialInstructions('')).toBeNull();
  });

  it('accept a complete request', () => {
    const request = {
      customerName: 'Jane Smith',
      phone: '(555) 123-4567',
      email: 'jane@example.com',
      originAddress: '123 Main St, Springfield, IL 62701',
      destinationAddress: '456 Oak Ave, Denver, CO 80202',
      itemDescription: 'Two boxes of books, about 40 lb',
      specialInstructions: '',
    };
    for (const field of PICKUP_FIELDS) expect(pickupFieldRules[field](request[field])).toBeNull();
  });

  // The browser checks with small functions (no classic zod in the bundle); the server with the
  // shared schema. They must agree on every value, or a customer would see the server refuse what
  // the form let through, or the form refuse what the server takes.
  for (const field of PICKUP_FIELDS) {
    it(`agree with pickupRequestInputSchema on ${field}`, () => {
      fc.assert(
        fc.property(valuesFor(field), (value) => {
          // The inputs stop at their maxLength, so longer values never reach either check.
          fc.pre(value.length <= PICKUP_MAX_LENGTH[field]);
          expect(pickupFieldRules[field](value)).toBe(schemaVerdict(field, value));
        }),
        { numRuns: 1000 },
      );
    });
  }
});

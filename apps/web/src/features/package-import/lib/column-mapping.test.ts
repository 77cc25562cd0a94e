import { IMPORT_FIELD_LABELS, IMPORT_FIELDS } from '@cargo/shared';
import { describe, expect, it } from 'vitest';
import { guessMapping } from './column-mapping.ts';

describe('guessMapping', () => {
  it("maps the template's own headings one to one", () => {
    const headers = IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]);
    const mapping = guessMapping(headers);
    IMPORT_FIELDS.forEach((field, index) => expect(mapping[field]).toBe(index));
  });

  it('knows other common headings, ignoring case, spaces, dashes and underscores', () => {
    const mapping = guessMapping(['Tracking #', 'RECIPIENT', 'phone', 'From', 'To', 'e_mail', 'Notes', 'tracking-number']);
    // An exact name wins over an alias for the same field.
    expect(mapping.trackingNumber).toBe(7);
    expect(mapping.customerName).toBe(1);
    expect(mapping.customerPhone).toBe(2);
    expect(mapping.pickupAddress).toBe(3);
    expect(mapping.deliveryAddress).toBe(4);
    expect(mapping.customerEmail).toBe(5);
    expect(mapping.itemDescription).toBeNull();
  });

  it('never puts two fields on one column', () => {
    // 'Name' is an alias of the customer name and 'Driver Name' of the driver; 'Address' of the delivery address.
    const mapping = guessMapping(['Customer Name', 'Name', 'Address']);
    expect(mapping.customerName).toBe(0);
    const used = Object.values(mapping).filter((v) => v !== null);
    expect(new Set(used).size).toBe(used.length);
  });
});

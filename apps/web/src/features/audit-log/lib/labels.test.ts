import { describe, expect, it } from 'vitest';
import { auditActionText, auditFieldLabel, auditValueText } from './labels.ts';

describe('the audit log in the panel’s words', () => {
  it('names fields as the panel does', () => {
    expect(auditFieldLabel('currentLocation')).toBe('Current Location');
    expect(auditFieldLabel('customerPhone')).toBe('Customer Phone');
    expect(auditFieldLabel('importedFrom')).toBe('Imported from');
    expect(auditFieldLabel('someNewField')).toBe('Some new field');
    expect(auditFieldLabel('item_refunded_qty')).toBe('Item refunded qty');
  });

  it('shows statuses by their labels and booleans as yes or no', () => {
    expect(auditValueText('status', 'in_transit')).toBe('In Transit');
    expect(auditValueText('status', 'out_for_delivery')).toBe('Out for Delivery');
    expect(auditValueText('customerName', 'in_transit')).toBe('in_transit');
    expect(auditValueText('isActive', false)).toBe('No');
    expect(auditValueText('weight', 12)).toBe('12');
  });

  it('an imported package’s entry names its file', () => {
    expect(auditActionText({ action: 'package.imported', after: { importedFrom: 'orders_export.csv' } })).toBe('Package imported from orders_export.csv');
    expect(auditActionText({ action: 'package.created', after: {} })).toBe('Package created');
    expect(auditActionText({ action: 'driver.pin_reset', after: null })).toBe('Driver pin reset');
  });
});

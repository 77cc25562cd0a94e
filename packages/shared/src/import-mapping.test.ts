import { describe, expect, it } from 'vitest';
import { applyImportMapping, cellValue, detectPreset, importMappingSchema, readWooCommerceLineItems, SHOPIFY_ORDER_HEADINGS, WOOCOMMERCE_ITEM_HEADINGS, WOOCOMMERCE_ORDER_HEADINGS } from './import-mapping.ts';

const headers = ['Order', 'Qty', 'Item', 'Street', 'City', 'Zip', 'Phone', 'Mobile', 'Customer'];
const records = [
  { line: 2, cells: ['#1', '2', 'Blue mug', '1 Main St', 'Springfield', "'01105", '', '555-0100', 'Ann'] },
  { line: 3, cells: ['#1', '1', 'Tea towel', '', '', '', '', '', ''] },
  { line: 4, cells: ['#2', '3', 'Cup', '9 Elm St', 'Salem', '01970', '555-0199', '555-0111', 'Bo'] },
  { line: 5, cells: ['', '1', 'Loose', '5 Oak St', 'Lynn', '01901', '555-0123', '', 'Cy'] },
];

describe('applyImportMapping', () => {
  const mapping = importMappingSchema.parse({
    groupBy: 'Order',
    fields: {
      trackingNumber: { kind: 'generate', format: 'ot-digits' },
      reference: { kind: 'columns', columns: ['Order'] },
      customerName: { kind: 'columns', columns: ['Customer'] },
      customerPhone: { kind: 'columns', columns: ['Phone', 'Mobile'], join: 'first' },
      deliveryAddress: { kind: 'columns', columns: ['Street', 'City', 'Zip'], join: 'comma' },
      pickupAddress: { kind: 'value', value: '233 S Wacker Dr, Chicago, IL 60606' },
      itemDescription: { kind: 'columns', columns: ['Qty', 'Item'], join: 'times' },
    },
  });

  it('groups rows by a column, joins line items, builds fields from several columns and gives fixed values', () => {
    const mapped = applyImportMapping(headers, records, mapping);
    expect(mapped.trackingNumberFormat).toBe('ot-digits');
    expect(mapped.missingHeadings).toEqual([]);
    expect(mapped.rows).toEqual([
      {
        line: 2,
        values: {
          reference: '#1',
          customerName: 'Ann',
          // The first column that has a value.
          customerPhone: '555-0100',
          // The apostrophe that keeps a ZIP's leading zero in a spreadsheet goes.
          deliveryAddress: '1 Main St, Springfield, 01105',
          pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
          itemDescription: '2 × Blue mug, 1 × Tea towel',
        },
      },
      {
        line: 4,
        values: { reference: '#2', customerName: 'Bo', customerPhone: '555-0199', deliveryAddress: '9 Elm St, Salem, 01970', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', itemDescription: '3 × Cup' },
      },
      // A blank group cell: a package of its own.
      { line: 5, values: { customerName: 'Cy', customerPhone: '555-0123', deliveryAddress: '5 Oak St, Lynn, 01901', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', itemDescription: '1 × Loose' } },
    ]);
  });

  it('joins columns in the order chosen', () => {
    const reversed = importMappingSchema.parse({ groupBy: null, fields: { deliveryAddress: { kind: 'columns', columns: ['Zip', 'City', 'Street'], join: 'space' } } });
    expect(applyImportMapping(headers, records.slice(0, 1), reversed).rows[0]!.values.deliveryAddress).toBe('01105 Springfield 1 Main St');
  });

  it('without grouping, each row is a package; headings the file lacks are reported', () => {
    const plain = importMappingSchema.parse({ groupBy: null, fields: { customerName: { kind: 'columns', columns: ['Customer'] }, weight: { kind: 'columns', columns: ['Weight (kg)'] } } });
    const mapped = applyImportMapping(headers, records, plain);
    expect(mapped.rows).toHaveLength(4);
    expect(mapped.rows[1]!.values).toEqual({});
    expect(mapped.missingHeadings).toEqual(['Weight (kg)']);
    expect(mapped.trackingNumberFormat).toBeNull();
  });

  it('only the tracking number can be made', () => {
    expect(importMappingSchema.safeParse({ groupBy: null, fields: { customerName: { kind: 'generate', format: 'ot-digits' } } }).success).toBe(false);
    expect(importMappingSchema.safeParse({ groupBy: null, fields: { pickupAddress: { kind: 'value', value: '  ' } } }).success).toBe(false);
  });
});

describe('presets', () => {
  it("recognise Shopify's orders export and WooCommerce's two default formats by their headings", () => {
    expect(SHOPIFY_ORDER_HEADINGS).toHaveLength(79);
    expect(detectPreset(SHOPIFY_ORDER_HEADINGS)?.id).toBe('shopify-orders');
    expect(detectPreset(WOOCOMMERCE_ITEM_HEADINGS)?.id).toBe('woocommerce-items');
    expect(detectPreset(WOOCOMMERCE_ORDER_HEADINGS)?.id).toBe('woocommerce-orders');
    expect(detectPreset(['Tracking Number', 'Customer Name'])).toBeNull();
  });

  it('every preset is a valid mapping whose headings are those of its export', () => {
    for (const [headings, id] of [
      [SHOPIFY_ORDER_HEADINGS, 'shopify-orders'],
      [WOOCOMMERCE_ITEM_HEADINGS, 'woocommerce-items'],
      [WOOCOMMERCE_ORDER_HEADINGS, 'woocommerce-orders'],
    ] as const) {
      const preset = detectPreset(headings)!;
      expect(preset.id).toBe(id);
      expect(importMappingSchema.safeParse(preset.mapping).success).toBe(true);
      expect(applyImportMapping(headings, [], preset.mapping).missingHeadings).toEqual([]);
    }
  });

  it("reads WooCommerce's packed line items", () => {
    const cell = 'id:901|name:Oak cutting board|product_id:1001|sku:BOARD-OAK|quantity:1|subtotal:45.00|total:45.00|meta:;id:902|name:Olive oil 500 ml|product_id:1002|sku:OIL-500|quantity:2|total:24.00|meta:';
    expect(readWooCommerceLineItems(cell)).toBe('1 × Oak cutting board, 2 × Olive oil 500 ml');
    expect(readWooCommerceLineItems('')).toBe('');
  });

  it('keeps a quote that is part of the text', () => {
    expect(cellValue("'02134")).toBe('02134');
    expect(cellValue("'Tis the season")).toBe("'Tis the season");
  });
});

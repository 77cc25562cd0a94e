import { z } from 'zod';
import { IMPORT_FIELDS, type ImportField, type ImportRow } from './schemas/package-import.ts';
import { TRACKING_NUMBER_FORMAT_IDS, type TrackingNumberFormat } from './tracking-number-formats.ts';

/**
 * How the columns of a file become package fields (issue 31, decision 091): each field comes from one column, from
 * several joined in the order chosen, from a value typed once for every row, or (the tracking number) is made; rows
 * may be grouped into one package by a column (a shop's order number), the group's line items joined into the item
 * description. Applied in the browser (decision 067: the server receives the mapped rows); pure, so the API tests
 * apply the same mapping to the same files.
 */

/** How several columns are joined: 'first' takes the first that has a value (Shipping Phone, else Phone). */
export const IMPORT_JOINS = { comma: ', ', space: ' ', times: ' × ', first: '' } as const;
export type ImportJoin = keyof typeof IMPORT_JOINS;
export const IMPORT_JOIN_IDS = Object.keys(IMPORT_JOINS) as [ImportJoin, ...ImportJoin[]];

/** Cells in a shop's own packed format, read before joining: WooCommerce's 'line_items' ('name:Mug|quantity:2;…'). */
export const IMPORT_CELL_READERS = ['woocommerceLineItems'] as const;

const heading = z.string().trim().min(1).max(200);

export const importFieldSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('columns'),
    /** Headings of the file, in the order they are joined. */
    columns: z.array(heading).min(1).max(8),
    join: z.enum(IMPORT_JOIN_IDS).default('comma'),
    read: z.enum(IMPORT_CELL_READERS).optional(),
  }),
  z.object({ kind: z.literal('value'), value: z.string().trim().min(1, 'Type the value every row gets').max(1000) }),
  z.object({ kind: z.literal('generate'), format: z.enum(TRACKING_NUMBER_FORMAT_IDS) }),
]);
export type ImportFieldSource = z.infer<typeof importFieldSourceSchema>;

export const importMappingSchema = z
  .object({
    fields: z.partialRecord(z.enum(IMPORT_FIELDS), importFieldSourceSchema),
    /** Rows with the same value in this column are one package (a shop's order number); null: each row is one. */
    groupBy: heading.nullable().default(null),
  })
  .refine((m) => Object.entries(m.fields).every(([field, source]) => source?.kind !== 'generate' || field === 'trackingNumber'), {
    message: 'Only the tracking number can be made',
    path: ['fields'],
  });
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** A mapping dispatch saved under a name (stored on the server, the `import_mappings` table). */
export const savedImportMappingSchema = z.object({ id: z.string(), name: z.string(), mapping: importMappingSchema, updatedAt: z.string() });
export type SavedImportMapping = z.infer<typeof savedImportMappingSchema>;
export const saveImportMappingSchema = z.object({
  name: z.string().trim().min(1, 'Name the mapping').max(100, 'A mapping name has at most 100 characters'),
  mapping: importMappingSchema,
});
/** GET /api/package-imports/mappings: the saved mappings, and the depot a pickup address defaults to. */
export const importMappingsSchema = z.object({ depotAddress: z.string().nullable(), mappings: z.array(savedImportMappingSchema) });
export type ImportMappings = z.infer<typeof importMappingsSchema>;

/** A shop's export recognised from its headings: a mapping that dispatch sees and may still change. */
export interface ImportPreset {
  id: string;
  name: string;
  /** Headings that must all be there (compared as written by the shop). */
  headings: readonly string[];
  mapping: ImportMapping;
}

/**
 * Shopify's orders export (Admin › Orders › Export; 79 columns, one row per line item; an order's later rows carry
 * only Name and the Lineitem columns). Headings as Shopify writes them.
 */
export const SHOPIFY_ORDER_HEADINGS = [
  'Name', 'Email', 'Financial Status', 'Paid at', 'Fulfillment Status', 'Fulfilled at', 'Accepts Marketing', 'Currency', 'Subtotal',
  'Shipping', 'Taxes', 'Total', 'Discount Code', 'Discount Amount', 'Shipping Method', 'Created at', 'Lineitem quantity',
  'Lineitem name', 'Lineitem price', 'Lineitem compare at price', 'Lineitem sku', 'Lineitem requires shipping', 'Lineitem taxable',
  'Lineitem fulfillment status', 'Billing Name', 'Billing Street', 'Billing Address1', 'Billing Address2', 'Billing Company',
  'Billing City', 'Billing Zip', 'Billing Province', 'Billing Country', 'Billing Phone', 'Shipping Name', 'Shipping Street',
  'Shipping Address1', 'Shipping Address2', 'Shipping Company', 'Shipping City', 'Shipping Zip', 'Shipping Province',
  'Shipping Country', 'Shipping Phone', 'Notes', 'Note Attributes', 'Cancelled at', 'Payment Method', 'Payment Reference',
  'Refunded Amount', 'Vendor', 'Outstanding Balance', 'Employee', 'Location', 'Device ID', 'Id', 'Tags', 'Risk Level', 'Source',
  'Lineitem discount', 'Tax 1 Name', 'Tax 1 Value', 'Tax 2 Name', 'Tax 2 Value', 'Tax 3 Name', 'Tax 3 Value', 'Tax 4 Name',
  'Tax 4 Value', 'Tax 5 Name', 'Tax 5 Value', 'Phone', 'Receipt Number', 'Duties', 'Billing Province Name', 'Shipping Province Name',
  'Payment ID', 'Payment Terms Name', 'Next Payment Due At', 'Payment References',
] as const;

/** WooCommerce Customer / Order / Coupon Export, 'Default - One Row per Item' (every row repeats its order's columns). */
export const WOOCOMMERCE_ITEM_HEADINGS = [
  'order_id', 'order_number', 'date', 'status', 'shipping_total', 'shipping_tax_total', 'fee_total', 'fee_tax_total', 'tax_total',
  'discount_total', 'order_total', 'refunded_total', 'order_currency', 'payment_method', 'shipping_method', 'customer_id',
  'billing_first_name', 'billing_last_name', 'billing_company', 'billing_email', 'billing_phone', 'billing_address_1',
  'billing_address_2', 'billing_postcode', 'billing_city', 'billing_state', 'billing_country', 'shipping_first_name',
  'shipping_last_name', 'shipping_address_1', 'shipping_address_2', 'shipping_postcode', 'shipping_city', 'shipping_state',
  'shipping_country', 'shipping_company', 'customer_note', 'item_id', 'item_product_id', 'item_name', 'item_sku', 'item_quantity',
  'item_subtotal', 'item_subtotal_tax', 'item_total', 'item_total_tax', 'item_refunded', 'item_refunded_qty', 'item_meta',
  'shipping_items', 'fee_items', 'tax_items', 'coupon_items', 'order_notes', 'download_permissions_granted',
] as const;

/** The same extension's 'Default' format: one row per order, its items packed into 'line_items'. */
export const WOOCOMMERCE_ORDER_HEADINGS = [
  'order_id', 'order_number', 'order_number_formatted', 'date', 'status', 'shipping_total', 'shipping_tax_total', 'fee_total',
  'fee_tax_total', 'tax_total', 'discount_total', 'order_total', 'refunded_total', 'order_currency', 'payment_method',
  'shipping_method', 'customer_id', 'billing_first_name', 'billing_last_name', 'billing_company', 'billing_email', 'billing_phone',
  'billing_address_1', 'billing_address_2', 'billing_postcode', 'billing_city', 'billing_state', 'billing_country',
  'shipping_first_name', 'shipping_last_name', 'shipping_address_1', 'shipping_address_2', 'shipping_postcode', 'shipping_city',
  'shipping_state', 'shipping_country', 'shipping_company', 'customer_note', 'line_items', 'shipping_items', 'fee_items', 'tax_items',
  'coupon_items', 'refunds', 'order_notes', 'download_permissions_granted',
] as const;

const cols = (columns: string[], join: ImportJoin = 'comma'): ImportFieldSource => ({ kind: 'columns', columns, join });
/** Shops' exports have no tracking numbers: one is made, and the order number is the key. */
export const PRESET_TRACKING_FORMAT: TrackingNumberFormat = 'ot-digits';

const wooAddress = cols(['shipping_address_1', 'shipping_address_2', 'shipping_city', 'shipping_state', 'shipping_postcode', 'shipping_country']);

export const IMPORT_PRESETS: readonly ImportPreset[] = [
  {
    id: 'shopify-orders',
    name: 'Shopify orders export',
    headings: ['Name', 'Lineitem quantity', 'Lineitem name', 'Shipping Name', 'Shipping Address1', 'Shipping City', 'Shipping Zip'],
    mapping: {
      groupBy: 'Name',
      fields: {
        trackingNumber: { kind: 'generate', format: PRESET_TRACKING_FORMAT },
        reference: cols(['Name']),
        customerName: cols(['Shipping Name', 'Billing Name'], 'first'),
        customerPhone: cols(['Shipping Phone', 'Phone', 'Billing Phone'], 'first'),
        customerEmail: cols(['Email']),
        deliveryAddress: cols(['Shipping Address1', 'Shipping Address2', 'Shipping City', 'Shipping Province', 'Shipping Zip', 'Shipping Country']),
        itemDescription: cols(['Lineitem quantity', 'Lineitem name'], 'times'),
        serviceType: cols(['Shipping Method']),
      },
    },
  },
  {
    id: 'woocommerce-items',
    name: 'WooCommerce orders export (one row per item)',
    headings: ['order_number', 'item_name', 'item_quantity', 'shipping_first_name', 'shipping_address_1', 'billing_phone'],
    mapping: {
      groupBy: 'order_number',
      fields: {
        trackingNumber: { kind: 'generate', format: PRESET_TRACKING_FORMAT },
        reference: cols(['order_number']),
        customerName: cols(['shipping_first_name', 'shipping_last_name'], 'space'),
        customerPhone: cols(['billing_phone']),
        customerEmail: cols(['billing_email']),
        deliveryAddress: wooAddress,
        itemDescription: cols(['item_quantity', 'item_name'], 'times'),
        serviceType: cols(['shipping_method']),
      },
    },
  },
  {
    id: 'woocommerce-orders',
    name: 'WooCommerce orders export (one row per order)',
    headings: ['order_number', 'line_items', 'shipping_first_name', 'shipping_address_1', 'billing_phone'],
    mapping: {
      groupBy: null,
      fields: {
        trackingNumber: { kind: 'generate', format: PRESET_TRACKING_FORMAT },
        reference: cols(['order_number_formatted', 'order_number'], 'first'),
        customerName: cols(['shipping_first_name', 'shipping_last_name'], 'space'),
        customerPhone: cols(['billing_phone']),
        customerEmail: cols(['billing_email']),
        deliveryAddress: wooAddress,
        itemDescription: { kind: 'columns', columns: ['line_items'], join: 'comma', read: 'woocommerceLineItems' },
        serviceType: cols(['shipping_method']),
      },
    },
  },
];

/** A mapping as the panel starts it: a pickup address no column gives is the depot's (DEPOT_ADDRESS), when set. */
export function withDepot(mapping: ImportMapping, depotAddress: string | null): ImportMapping {
  if (mapping.fields.pickupAddress || !depotAddress) return mapping;
  return { ...mapping, fields: { ...mapping.fields, pickupAddress: { kind: 'value', value: depotAddress } } };
}

/** The preset whose headings the file has, if any (the most specific first). */
export function detectPreset(headers: readonly string[]): ImportPreset | null {
  const have = new Set(headers.map((h) => h.trim()));
  return IMPORT_PRESETS.find((p) => p.headings.every((h) => have.has(h))) ?? null;
}

/** WooCommerce's pipe-delimited items ('id:1|name:Blue mug|quantity:2|…;id:2|…') as '2 × Blue mug, 1 × Tea towel'. */
export function readWooCommerceLineItems(cell: string): string {
  return cell
    .split(';')
    .map((item) => {
      const fields = new Map<string, string>();
      for (const pair of item.split('|')) {
        const at = pair.indexOf(':');
        if (at > 0) fields.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const name = fields.get('name') ?? '';
      const quantity = fields.get('quantity') ?? '';
      return [quantity, name].filter(Boolean).join(IMPORT_JOINS.times);
    })
    .filter(Boolean)
    .join(IMPORT_JOINS.comma);
}

/**
 * A cell as the shop meant it: a postcode written "'02134" (the apostrophe that stops a spreadsheet from dropping the
 * leading zero, as Shopify writes its Zip columns) loses the apostrophe. Only digits, spaces and dashes follow it, so
 * a text that merely starts with a quote is left alone.
 */
export function cellValue(cell: string): string {
  const trimmed = cell.trim();
  return /^'[\d][\d\s-]*$/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/** The fields whose values a group of rows joins (its line items); every other field takes the first row's value. */
const JOINED_IN_GROUP: readonly ImportField[] = ['itemDescription'];

export interface MappedFile {
  rows: ImportRow[];
  /** The format of the tracking numbers to make, when the mapping makes them. */
  trackingNumberFormat: TrackingNumberFormat | null;
  /** Headings the mapping names that the file does not have (their fields stay blank). */
  missingHeadings: string[];
}

/** The file's records (cells by position; `line` is the record's number in the file) mapped to import rows. */
export function applyImportMapping(headers: readonly string[], records: ReadonlyArray<{ line: number; cells: readonly string[] }>, mapping: ImportMapping): MappedFile {
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = h.trim();
    if (!index.has(key)) index.set(key, i);
  });
  const missing = new Set<string>();
  const at = (name: string): number | null => {
    const i = index.get(name.trim());
    if (i === undefined) missing.add(name);
    return i ?? null;
  };

  type Builder = (cells: readonly string[]) => string;
  const builders: Array<[ImportField, Builder]> = [];
  let trackingNumberFormat: TrackingNumberFormat | null = null;
  for (const field of IMPORT_FIELDS) {
    const source = mapping.fields[field];
    if (!source) continue;
    if (source.kind === 'generate') {
      trackingNumberFormat = source.format;
      continue;
    }
    if (source.kind === 'value') {
      const value = source.value;
      builders.push([field, () => value]);
      continue;
    }
    const positions = source.columns.map(at).filter((i): i is number => i !== null);
    const read = source.read === 'woocommerceLineItems' ? readWooCommerceLineItems : (cell: string) => cell;
    builders.push([
      field,
      (cells) => {
        const parts = positions.map((i) => read(cellValue(cells[i] ?? '')).trim()).filter(Boolean);
        return source.join === 'first' ? (parts[0] ?? '') : parts.join(IMPORT_JOINS[source.join]);
      },
    ]);
  }
  const groupAt = mapping.groupBy ? at(mapping.groupBy) : null;

  // Rows in groups, in the order each group first appears; a row with a blank group cell is a group of its own.
  const groups: Array<Array<{ line: number; values: Partial<Record<ImportField, string>> }>> = [];
  const byKey = new Map<string, number>();
  for (const record of records) {
    const values: Partial<Record<ImportField, string>> = {};
    for (const [field, build] of builders) {
      const value = build(record.cells);
      if (value !== '') values[field] = value;
    }
    const key = groupAt === null ? '' : cellValue(record.cells[groupAt] ?? '');
    const existing = key ? byKey.get(key) : undefined;
    if (existing !== undefined) groups[existing]!.push({ line: record.line, values });
    else {
      if (key) byKey.set(key, groups.length);
      groups.push([{ line: record.line, values }]);
    }
  }

  const rows = groups.map((group): ImportRow => {
    const values: ImportRow['values'] = {};
    for (const field of IMPORT_FIELDS) {
      const present = group.map((r) => r.values[field]).filter((v): v is string => v !== undefined);
      if (present.length === 0) continue;
      values[field] = JOINED_IN_GROUP.includes(field) ? present.join(IMPORT_JOINS.comma) : present[0]!;
    }
    return { line: group[0]!.line, values };
  });
  return { rows, trackingNumberFormat, missingHeadings: [...missing] };
}

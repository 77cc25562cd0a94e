import { z } from 'zod';
import { TRACKING_NUMBER_FORMAT_IDS } from '../tracking-number-formats.ts';
import { packageInputSchema, type PackageInputParsed } from './package.ts';

/**
 * CSV import of packages (issue 20): the browser parses the file (papaparse, in a worker), the admin maps its columns
 * to these fields, and the mapped rows are sent as JSON. Every row is checked here with the package schema and the
 * spec's messages, exactly as a package typed on the Create tab.
 */
export const IMPORT_FIELDS = [
  'trackingNumber',
  'reference',
  'status',
  'customerName',
  'customerPhone',
  'customerEmail',
  'pickupAddress',
  'deliveryAddress',
  'estimatedDelivery',
  'currentLocation',
  'serviceType',
  'weight',
  'dimensions',
  'itemDescription',
  'driver',
  'driverPhone',
  'pickupLat',
  'pickupLng',
  'deliveryLat',
  'deliveryLng',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The fields a row must have (the package schema's required ones); the mapping table marks them. */
export const IMPORT_REQUIRED_FIELDS: readonly ImportField[] = ['trackingNumber', 'customerName', 'customerPhone', 'pickupAddress', 'deliveryAddress'];

/** Column headings of the template and of the report, and the mapping table's names for the fields. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  trackingNumber: 'Tracking Number',
  reference: 'Reference',
  status: 'Status',
  customerName: 'Customer Name',
  customerPhone: 'Customer Phone',
  customerEmail: 'Customer Email',
  pickupAddress: 'Pickup Address',
  deliveryAddress: 'Delivery Address',
  estimatedDelivery: 'Estimated Delivery',
  currentLocation: 'Current Location',
  serviceType: 'Service Type',
  weight: 'Weight',
  dimensions: 'Dimensions',
  itemDescription: 'Item Description',
  driver: 'Driver',
  driverPhone: 'Driver Phone',
  pickupLat: 'Pickup Latitude',
  pickupLng: 'Pickup Longitude',
  deliveryLat: 'Delivery Latitude',
  deliveryLng: 'Delivery Longitude',
};

/** Other headings a file may use for a field, compared without case, spaces, dashes or underscores. */
export const IMPORT_FIELD_ALIASES: Record<ImportField, readonly string[]> = {
  trackingNumber: ['tracking', 'trackingno', 'trackingid', 'tracking#', 'awb', 'waybill'],
  reference: ['ordernumber', 'order#', 'orderno', 'order', 'ref', 'shopreference'],
  status: ['state', 'packagestatus'],
  customerName: ['customer', 'recipient', 'recipientname', 'consignee', 'name'],
  customerPhone: ['phone', 'recipientphone', 'customertelephone', 'telephone', 'mobile'],
  customerEmail: ['email', 'recipientemail', 'e-mail'],
  pickupAddress: ['pickup', 'origin', 'originaddress', 'from', 'sender address'],
  deliveryAddress: ['delivery', 'destination', 'destinationaddress', 'to', 'address', 'shipto'],
  estimatedDelivery: ['eta', 'estimateddeliverydate', 'deliverydate', 'due'],
  currentLocation: ['location'],
  serviceType: ['service', 'servicelevel'],
  weight: ['weightkg', 'weightlb'],
  dimensions: ['size'],
  itemDescription: ['description', 'item', 'contents'],
  driver: ['drivername'],
  driverPhone: [],
  pickupLat: ['originlat', 'pickuplatitude'],
  pickupLng: ['originlng', 'originlon', 'pickuplongitude', 'pickuplon'],
  deliveryLat: ['destinationlat', 'deliverylatitude', 'lat', 'latitude'],
  deliveryLng: ['destinationlng', 'destinationlon', 'deliverylongitude', 'deliverylon', 'lng', 'lon', 'longitude'],
};

/**
 * The delimiters a file's are guessed among (papaparse's `delimitersToGuess`). Not '|': its default list has it, and a
 * WooCommerce export, whose item cells are pipe-delimited ('id:901|name:Mug|quantity:2'), was read as '|'-separated.
 */
export const IMPORT_CSV_DELIMITERS = [',', ';', '\t'];

/** Rows per file; a larger file is refused whole (400) with IMPORT_MSG.tooManyRows, so it can be split. */
export const IMPORT_ROW_LIMIT = 10_000;
/** The request body limit of POST /api/package-imports (about 1.6 kB a row at the row limit). */
export const IMPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export const IMPORT_MODES = ['skip', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_OUTCOMES = ['created', 'updated', 'skipped', 'failed'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The import's own messages, in the spec's voice; a row's field errors are the package schema's (spec §5). */
export const IMPORT_MSG = {
  noRows: 'The file has no rows to import',
  tooManyRows: `A file may have at most ${IMPORT_ROW_LIMIT.toLocaleString('en-US')} rows; split it and import each part`,
  duplicateInFile: (line: number) => `Tracking number already appears in row ${line} of this file`,
  notWritten: 'The row could not be saved; import the file again to retry it',
  importNotFound: 'Import not found',
  interrupted: 'The import stopped when the server restarted; import the file again (rows already imported are skipped)',
  modeInvalid: 'Mode is skip or update',
  referenceTaken: (trackingNumber: string) => `A package with this reference and customer already exists (${trackingNumber})`,
  duplicateReferenceInFile: (line: number) => `Reference already appears in row ${line} of this file`,
  mappingNameTaken: 'A mapping with this name already exists',
  mappingNotFound: 'Mapping not found',
} as const;

const cell = z.string().max(10_000);

/** One row of the file: its line in the file (the header is line 1) and its cells, by field. Blank cells may be left out. */
export const importRowSchema = z.object({
  line: z.number().int().min(1).max(10_000_000),
  values: z.strictObject(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, cell.optional()])) as Record<ImportField, z.ZodOptional<typeof cell>>),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** POST /api/package-imports. */
export const packageImportRequestSchema = z.object({
  fileName: z.string().trim().max(255).default(''),
  /** What a tracking number that already exists does: 'skip' reports it, 'update' replaces its fields. */
  mode: z.enum(IMPORT_MODES, { error: IMPORT_MSG.modeInvalid }).default('skip'),
  /** Check every row and count what would happen; nothing is written. */
  dryRun: z.boolean().default(false),
  /**
   * For a file without tracking numbers (a shop's orders): rows with none get a new one in this format (one of the
   * Create tab's), and a row whose reference (the shop's order number) a package already has counts as that package.
   */
  trackingNumberFormat: z.enum(TRACKING_NUMBER_FORMAT_IDS, { error: `Tracking number format is one of: ${TRACKING_NUMBER_FORMAT_IDS.join(', ')}` }).nullish(),
  rows: z.array(importRowSchema).min(1, IMPORT_MSG.noRows).max(IMPORT_ROW_LIMIT, IMPORT_MSG.tooManyRows),
});
export type PackageImportRequest = z.input<typeof packageImportRequestSchema>;

/**
 * A row's cells as a package (the Create tab's schema and messages): blank cells count as absent, so a default
 * applies or the field's 'is required' message is given. The messages of every field at fault, joined by '; '.
 */
export function parseImportRow(values: Partial<Record<ImportField, string | undefined>>): { ok: true; input: PackageInputParsed } | { ok: false; message: string } {
  const given: Record<string, string> = {};
  for (const field of IMPORT_FIELDS) {
    const value = values[field];
    if (value !== undefined && value.trim() !== '') given[field] = value;
  }
  const parsed = packageInputSchema.safeParse(given);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, message: [...new Set(parsed.error.issues.map((issue) => issue.message))].join('; ') };
}

/** One row's result. */
export const importRowResultSchema = z.object({
  line: z.number().int(),
  trackingNumber: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  message: z.string().nullable(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

const counts = {
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
};

/** An import running in the background (202 of POST, GET /api/package-imports/{id}). */
export const packageImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  mode: z.enum(IMPORT_MODES),
  status: z.enum(IMPORT_STATUSES),
  ...counts,
  /** Rows finished so far (created + updated + skipped + failed). */
  processed: z.number().int(),
  /** Why the import stopped, when it failed as a whole. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PackageImport = z.infer<typeof packageImportSchema>;

/** Reply of a dry run (200): what the import would do, and the first rows at fault. */
export const importDryRunSchema = z.object({
  dryRun: z.literal(true),
  ...counts,
  /** Up to IMPORT_DRY_RUN_ERRORS rows that would fail or be skipped, in file order. */
  problems: z.array(importRowResultSchema),
});
export type ImportDryRun = z.infer<typeof importDryRunSchema>;
export const IMPORT_DRY_RUN_ERRORS = 100;

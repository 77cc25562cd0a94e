import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField, type ImportMode, type ImportStatus, type PackageImport } from '@cargo/shared';
import type { PackageImportLineRow, PackageImportRow } from '../db/types.ts';
import { csvRecord, type CsvColumn } from '../lib/csv.ts';

/** An import's progress as the panel polls it. */
export function presentImport(row: PackageImportRow): PackageImport {
  const created = Number(row.created);
  const updated = Number(row.updated);
  const skipped = Number(row.skipped);
  const failed = Number(row.failed);
  return {
    id: row.id,
    fileName: row.fileName,
    mode: row.mode as ImportMode,
    status: row.status as ImportStatus,
    total: Number(row.total),
    created,
    updated,
    skipped,
    failed,
    processed: created + updated + skipped + failed,
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

const RESULT_LABELS: Record<string, string> = { created: 'Created', updated: 'Updated', skipped: 'Skipped', failed: 'Failed' };

/**
 * The report: every line of the file with its result and, when it was not imported, why (the 'Error' column), then
 * the row's cells as sent under the template's headings, so the failed rows can be fixed and imported again. Cells
 * are neutralised like every CSV the server writes (lib/csv.ts, OWASP).
 */
export const IMPORT_REPORT_COLUMNS: readonly CsvColumn<PackageImportLineRow>[] = [
  { header: 'Row', value: (r) => Number(r.line) },
  { header: 'Result', value: (r) => RESULT_LABELS[r.outcome] ?? r.outcome },
  { header: 'Error', value: (r) => r.message ?? '' },
  ...IMPORT_FIELDS.map((field): CsvColumn<PackageImportLineRow> => ({ header: IMPORT_FIELD_LABELS[field], value: (r) => cellsOf(r)[field] ?? '' })),
];

const parsedCells = new WeakMap<PackageImportLineRow, Partial<Record<ImportField, string>>>();
function cellsOf(row: PackageImportLineRow): Partial<Record<ImportField, string>> {
  let cells = parsedCells.get(row);
  if (!cells) {
    cells = JSON.parse(row.data) as Partial<Record<ImportField, string>>;
    parsedCells.set(row, cells);
  }
  return cells;
}

/** An example row for the template: a package the bundled geocoder places. */
const TEMPLATE_EXAMPLE: Partial<Record<ImportField, string>> = {
  trackingNumber: 'CE-2026-000001',
  reference: '#1001',
  status: 'processing',
  customerName: 'Maria Garcia',
  customerPhone: '(312) 555-0142',
  customerEmail: 'maria.garcia@example.com',
  pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
  deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
  estimatedDelivery: '2026-12-01',
  serviceType: 'Standard',
  weight: '2.5 kg',
  dimensions: '30 x 20 x 10 cm',
  itemDescription: 'Books',
};

/** The template file: the headings the import recognises, and one example row. */
export function importTemplateCsv(): string {
  return `\uFEFF${csvRecord(IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]))}${csvRecord(IMPORT_FIELDS.map((f) => TEMPLATE_EXAMPLE[f] ?? ''))}`;
}

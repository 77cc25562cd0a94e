import { IMPORT_FIELD_LABELS, STATUS_LABELS, type AuditEntry, type PackageStatus } from '@cargo/shared';

/**
 * The audit log in the panel's words (issue 31, defect 8): fields by the labels the panel shows ('Current Location',
 * not `currentLocation`), statuses by theirs ('In Transit', not `in_transit`), actions as sentences.
 */
const FIELD_LABELS: Record<string, string> = {
  ...IMPORT_FIELD_LABELS,
  driverId: 'Driver',
  realLocationLink: 'Location link',
  importedFrom: 'Imported from',
  vehicleId: 'Vehicle',
  isActive: 'Active',
  isOnline: 'Online',
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  createdAt: 'Created',
  reason: 'Reason',
  description: 'Description',
  location: 'Location',
};

/** 'pickupLat' → 'Pickup Latitude' (the import's and the Create tab's label); an unknown name in plain words. */
export function auditFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const STATUS_FIELDS = new Set(['status', 'previousStatus', 'newStatus']);

/** A stored value as the panel would show it: a status by its label, yes/no, text as it is, anything else as JSON. */
export function auditValueText(field: string, value: unknown): string {
  if (typeof value === 'string' && STATUS_FIELDS.has(field)) return STATUS_LABELS[value as PackageStatus] ?? value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** 'package.status_changed' → 'Package status changed'; an import names its file. */
export function auditActionText(entry: Pick<AuditEntry, 'action' | 'after'>): string {
  const file = entry.after?.importedFrom;
  if (entry.action === 'package.imported' && typeof file === 'string' && file) return `Package imported from ${file}`;
  const words = entry.action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

import type { AuditEntry, AuditActorType } from '@cargo/shared';
import type { AuditLogRow } from '../db/types.ts';

const parsed = (text: string | null): Record<string, unknown> | null => {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** An audit entry as the admin reads it. */
export function presentAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actorType: row.actorType as AuditActorType,
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    objectLabel: row.objectLabel,
    before: parsed(row.before),
    after: parsed(row.after),
    ip: row.ip,
  };
}

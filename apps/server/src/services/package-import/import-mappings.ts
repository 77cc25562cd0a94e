import { IMPORT_MSG, importMappingSchema, type ImportMapping, type SavedImportMapping } from '@cargo/shared';
import type { ImportMappingRow } from '../../db/types.ts';
import { newId } from '../../lib/crypto.ts';
import { notFound } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Repositories } from '../../repositories/index.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import type { AuditActor } from '../audit/audit-context.ts';

/**
 * The column mappings dispatch saves for the CSV import (issue 31, decision 092): in a small table of their own, not
 * in the browser, so every dispatcher and every computer finds them. Saving under a name that exists replaces that
 * mapping (the panel's 'Save mapping' for a file from the same shop).
 */
export class ImportMappingService {
  constructor(private readonly repos: Repositories) {}

  async list(): Promise<SavedImportMapping[]> {
    return (await this.repos.importMappings.list()).map(present);
  }

  async save(name: string, mapping: ImportMapping, actor: AuditActor): Promise<{ saved: SavedImportMapping; created: boolean }> {
    const now = nowIso();
    const json = JSON.stringify(mapping);
    return this.repos.transaction(async (trx) => {
      const existing = await trx.importMappings.findByName(name);
      if (existing) {
        await trx.importMappings.update(existing.id, { name, mapping: json, updatedAt: now });
        const after = { ...existing, name, mapping: json, updatedAt: now };
        await recordAudit(trx, { action: 'import_mapping.updated', objectType: 'import_mapping', objectId: existing.id, objectLabel: name, before: summary(existing), after: summary(after), actor }, now);
        return { saved: present(after), created: false };
      }
      const row: ImportMappingRow = { id: newId(), name, mapping: json, createdAt: now, updatedAt: now };
      await trx.importMappings.insert(row);
      await recordAudit(trx, { action: 'import_mapping.created', objectType: 'import_mapping', objectId: row.id, objectLabel: name, after: summary(row), actor }, now);
      return { saved: present(row), created: true };
    });
  }

  async delete(id: string, actor: AuditActor): Promise<void> {
    await this.repos.transaction(async (trx) => {
      const existing = await trx.importMappings.findById(id);
      if (!existing) throw notFound(IMPORT_MSG.mappingNotFound);
      await trx.importMappings.delete(id);
      await recordAudit(trx, { action: 'import_mapping.deleted', objectType: 'import_mapping', objectId: id, objectLabel: existing.name, before: summary(existing), actor });
    });
  }
}

function present(row: ImportMappingRow): SavedImportMapping {
  return { id: row.id, name: row.name, mapping: importMappingSchema.parse(JSON.parse(row.mapping)), updatedAt: row.updatedAt };
}

/** What the audit log keeps of a mapping: its name and its fields, readable. */
function summary(row: Pick<ImportMappingRow, 'name' | 'mapping'>): { name: string; mapping: unknown } {
  return { name: row.name, mapping: JSON.parse(row.mapping) as unknown };
}

import type { AuditObjectType } from '@cargo/shared';

// Apart from use-audit-filters.ts (which checks the filters against the shared lists, zod's module): the admin route
// composes auditHistoryParams into the panel, and the panel's first load carries no zod (issue 21, part 7).

/** The view's filters live in the address with the panel's tab (decision 025), under names of their own. */
export const AUDIT_PARAMS = {
  objectType: 'auditObject',
  objectId: 'auditObjectId',
  actorType: 'auditActor',
  actorId: 'auditActorId',
  from: 'auditFrom',
  to: 'auditTo',
  page: 'auditPage',
} as const;

/** The address changes that open one object's history in the Audit log tab. */
export function auditHistoryParams(objectType: AuditObjectType, objectId: string): Record<string, string | null> {
  return {
    tab: 'audit',
    [AUDIT_PARAMS.objectType]: objectType,
    [AUDIT_PARAMS.objectId]: objectId,
    [AUDIT_PARAMS.actorType]: null,
    [AUDIT_PARAMS.actorId]: null,
    [AUDIT_PARAMS.from]: null,
    [AUDIT_PARAMS.to]: null,
    [AUDIT_PARAMS.page]: null,
  };
}

import { z } from 'zod';
import { numberInput } from './common.ts';

/** The audit log (issue 20, design.md §11, decision 070): who did what to which object and when. */
export const AUDIT_ACTOR_TYPES = ['admin', 'driver', 'integration', 'system', 'customer'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** What an entry can be about; an export's object is the list exported ('packages', 'drivers', 'pickup-requests'). */
export const AUDIT_OBJECT_TYPES = ['package', 'driver', 'admin', 'api_key', 'share_link', 'setting', 'notification_template', 'device', 'pickup_request', 'notification_message', 'export', 'import_mapping', 'planning_day'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const AUDIT_ACTOR_LABELS: Record<AuditActorType, string> = { admin: 'Admin', driver: 'Driver', integration: 'API key', system: 'System', customer: 'Customer' };
export const AUDIT_OBJECT_LABELS: Record<AuditObjectType, string> = {
  package: 'Package',
  driver: 'Driver',
  admin: 'Admin',
  api_key: 'API key',
  share_link: 'Share link',
  setting: 'Setting',
  notification_template: 'Notification template',
  device: 'Device',
  pickup_request: 'Pickup request',
  notification_message: 'Notification message',
  export: 'Export',
  import_mapping: 'Import mapping',
  planning_day: 'Planning day',
};

export const AUDIT_PAGE_MAX = 200;

const isoTime = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date and time` });

/** GET /api/audit (admin): filters by object, actor, action and time (from inclusive, to exclusive); newest first, paged. */
export const auditListQuerySchema = z
  .object({
    objectType: z.enum(AUDIT_OBJECT_TYPES, { error: `Unknown object type. Allowed: ${AUDIT_OBJECT_TYPES.join(', ')}` }).optional(),
    objectId: z.string().trim().min(1).max(200).optional(),
    /**
     * An object as a person knows it (issue 31): an id, a package's tracking number or reference, a driver's name or
     * phone, an admin's email, or the name an entry was recorded under (an object since deleted).
     */
    object: z.string().trim().min(1).max(200).optional(),
    actorType: z.enum(AUDIT_ACTOR_TYPES, { error: `Unknown actor type. Allowed: ${AUDIT_ACTOR_TYPES.join(', ')}` }).optional(),
    actorId: z.string().trim().min(1).max(200).optional(),
    action: z.string().trim().regex(/^[a-z_]+\.[a-z_]+$/, 'An action is written like package.updated').max(100).optional(),
    from: isoTime('from').optional(),
    to: isoTime('to').optional(),
    limit: numberInput(z.number().int().min(1).max(AUDIT_PAGE_MAX), `limit is a whole number from 1 to ${AUDIT_PAGE_MAX}`).default(50),
    offset: numberInput(z.number().int().min(0), 'offset is a whole number from 0').default(0),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'to must be after from' });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  /** Dotted, past tense: 'package.updated', 'driver.pin_reset', 'session.signed_in', 'export.downloaded' … */
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  objectLabel: z.string().nullable(),
  /** Only the fields that changed, before and after; never a secret. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

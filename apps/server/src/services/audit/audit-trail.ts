import type { AuditLogRow } from '../../db/types.ts';
import { newTimeOrderedId } from '../../lib/crypto.ts';
import { nowIso } from '../../lib/time.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { AuditActor } from './audit-context.ts';

/** What a service records about one change (design.md §11). */
export interface AuditChange {
  /** Dotted, past tense: 'package.updated', 'driver.pin_reset', 'session.signed_in', 'export.downloaded'. */
  action: string;
  objectType: string;
  objectId: string | null;
  /** A few words naming the object for people (a tracking number, a driver's name). */
  objectLabel?: string | null | undefined;
  /** The object before (an update or a deletion): only the fields that changed are kept. */
  before?: object | null | undefined;
  /** The object after (a creation or an update), or what was done (an export's filters). */
  after?: object | null | undefined;
  /** Who did it: the request's actor (`request.auditActor`), or SYSTEM_ACTOR outside a request. */
  actor: AuditActor;
}

/** Bookkeeping columns that change with every write and say nothing about the change itself. */
const NOT_CHANGES = new Set(['updatedAt', 'eventSequence', 'proximityState', 'lastSeenAt', 'lastUsedAt']);

/**
 * Secrets never reach the log, whatever a caller hands in: PINs, passwords, keys, tokens and their hashes, at any depth.
 * Matched on the name's last word (camelCase or snake_case), so 'pinHash', 'key_hash', 'token' and 'secretEncrypted' go.
 */
const SECRET_NAME = /(^|[a-z_])(pin|password|secret|token|hash|key|identifier|encrypted)s?$/i;
/** Also any name with 'secret' in it ('secretEnc', 'previousSecretEnc': webhook secrets, sealed but still secrets). */
export const isSecretField = (name: string): boolean => SECRET_NAME.test(name) || /secret/i.test(name);

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (!isSecretField(key)) out[key] = scrub(v);
    return out;
  }
  return value;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between before and after (both sides), without bookkeeping columns or secrets. A creation
 * keeps every set field of after; a deletion every set field of before.
 */
export function changedFields(before: object | null | undefined, after: object | null | undefined): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const b = (before ? scrub(before) : null) as Record<string, unknown> | null;
  const a = (after ? scrub(after) : null) as Record<string, unknown> | null;
  const drop = (o: Record<string, unknown> | null, keep: (k: string, v: unknown) => boolean) =>
    o ? Object.fromEntries(Object.entries(o).filter(([k, v]) => !NOT_CHANGES.has(k) && keep(k, v))) : null;
  if (b && a) {
    const keys = new Set([...Object.keys(b), ...Object.keys(a)].filter((k) => !NOT_CHANGES.has(k) && !same(b[k], a[k])));
    return { before: drop(b, (k) => keys.has(k)), after: drop(a, (k) => keys.has(k)) };
  }
  // A creation or a deletion: the fields that hold something (the id is the entry's object id already).
  const held = (k: string, v: unknown) => k !== 'id' && v !== null && v !== undefined && v !== '';
  return { before: drop(b, held), after: drop(a, held) };
}

/** The words an entry names its actor by (an admin's email, a driver's name, a key's name). */
export async function labelOf(repos: Repositories, actor: AuditActor): Promise<string> {
  if (actor.label) return actor.label;
  if (!actor.id) return actor.type === 'system' ? 'System' : actor.type;
  switch (actor.type) {
    case 'admin':
      return (await repos.admins.findById(actor.id))?.email ?? `admin ${actor.id}`;
    case 'driver':
      return (await repos.drivers.findById(actor.id))?.name ?? `driver ${actor.id}`;
    case 'integration': {
      const key = await repos.apiKeys.findById(actor.id);
      return key ? `${key.name} (${key.prefix}…)` : `API key ${actor.id}`;
    }
    default:
      return 'System';
  }
}

/**
 * Records one change through `repos`: inside the change's own transaction when the change has one, so an entry exists
 * exactly when its change was committed. An update whose fields all stayed the same records nothing.
 */
export async function recordAudit(repos: Repositories, change: AuditChange, at: string = nowIso()): Promise<AuditLogRow | null> {
  const [row] = await recordAuditMany(repos, [change], at);
  return row ?? null;
}

/** As recordAudit for many changes by one actor (a batch deletion): the actor is looked up once, rows go in chunks. */
export async function recordAuditMany(repos: Repositories, changes: readonly AuditChange[], at: string = nowIso()): Promise<AuditLogRow[]> {
  const labels = new Map<string, string>();
  const rows: AuditLogRow[] = [];
  const atMs = Date.parse(at);
  for (const change of changes) {
    const { actor } = change;
    const fields = changedFields(change.before, change.after);
    const isUpdate = change.before && change.after;
    if (isUpdate && Object.keys(fields.after ?? {}).length === 0 && Object.keys(fields.before ?? {}).length === 0) continue;
    const labelKey = `${actor.type}:${actor.id ?? ''}:${actor.label ?? ''}`;
    let label = labels.get(labelKey);
    if (label === undefined) labels.set(labelKey, (label = (await labelOf(repos, actor)).slice(0, 200)));
    rows.push({
      id: newTimeOrderedId(atMs),
      at,
      actorType: actor.type,
      actorId: actor.id,
      actorLabel: label,
      action: change.action,
      objectType: change.objectType,
      objectId: change.objectId,
      objectLabel: change.objectLabel?.slice(0, 200) ?? null,
      before: fields.before && Object.keys(fields.before).length ? JSON.stringify(fields.before) : null,
      after: fields.after && Object.keys(fields.after).length ? JSON.stringify(fields.after) : null,
      ip: actor.ip ?? null,
    });
  }
  await repos.audit.insertMany(rows);
  return rows;
}

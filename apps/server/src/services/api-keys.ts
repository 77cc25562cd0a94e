import { API_KEY_SCOPES, type ApiKeyInput, type ApiKeyScope } from '@cargo/shared';
import type { ApiKeyRow } from '../db/types.ts';
import { newId, newToken, sha256 } from '../lib/crypto.ts';
import { notFound } from '../lib/http-errors.ts';
import { isoFromMs } from '../lib/time.ts';
import type { Repositories } from '../repositories/index.ts';
import type { AuditActor } from './audit/audit-context.ts';
import { recordAudit } from './audit/audit-trail.ts';

/** Every key begins so: a principal resolver tells a key from a session token at a glance, and so can a person. */
export const API_KEY_PREFIX = 'ck_';
/** A key's last use is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

/** A live key as the role table sees it. */
export interface ResolvedApiKey {
  id: string;
  scopes: ApiKeyScope[];
}

export const scopesOf = (row: Pick<ApiKeyRow, 'scopes'>): ApiKeyScope[] =>
  row.scopes.split(' ').filter((s): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s));

/**
 * API keys (issue 19, design.md §9): made by an admin with a name and scopes; the key is shown once and stored only as
 * its SHA-256, recognisable by its visible prefix; revoked keys resolve to nothing.
 */
export class ApiKeyService {
  /** Live keys by hash, held briefly so a burst of requests reads the table once (a revoke drops its entry). */
  private readonly cache = new Map<string, { key: ResolvedApiKey | null; atMs: number; touchedMs: number }>();

  constructor(private readonly repos: Repositories) {}

  async create(input: ApiKeyInput & { scopes: ApiKeyScope[] }, createdBy: string, actor: AuditActor, nowMs = Date.now()): Promise<{ row: ApiKeyRow; key: string }> {
    const visible = newToken(6).replace(/[-_]/g, 'x').slice(0, 8).toLowerCase();
    const key = `${API_KEY_PREFIX}${visible}_${newToken(32)}`;
    const row: ApiKeyRow = {
      id: newId(),
      name: input.name,
      keyHash: sha256(key),
      prefix: `${API_KEY_PREFIX}${visible}`,
      scopes: input.scopes.join(' '),
      createdBy,
      createdAt: isoFromMs(nowMs),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.repos.transaction(async (trx) => {
      await trx.apiKeys.insert(row);
      await recordAudit(trx, { action: 'api_key.created', objectType: 'api_key', objectId: row.id, objectLabel: row.name, after: { name: row.name, prefix: row.prefix, scopes: row.scopes }, actor }, row.createdAt);
    });
    return { row, key };
  }

  list(): Promise<ApiKeyRow[]> {
    return this.repos.apiKeys.list();
  }

  async revoke(id: string, actor: AuditActor, nowMs = Date.now()): Promise<ApiKeyRow> {
    const row = await this.repos.apiKeys.findById(id);
    if (!row) throw notFound('API key not found');
    await this.repos.transaction(async (trx) => {
      await trx.apiKeys.revoke(id, isoFromMs(nowMs));
      if (!row.revokedAt) await recordAudit(trx, { action: 'api_key.revoked', objectType: 'api_key', objectId: id, objectLabel: row.name, before: { revokedAt: null }, after: { revokedAt: isoFromMs(nowMs) }, actor });
    });
    this.cache.delete(row.keyHash);
    return (await this.repos.apiKeys.findById(id))!;
  }

  /** The live key a token is, or null (not a key, unknown, revoked); records its use at most once a minute. */
  async resolve(token: string, nowMs = Date.now()): Promise<ResolvedApiKey | null> {
    if (!token.startsWith(API_KEY_PREFIX)) return null;
    const hash = sha256(token);
    let entry = this.cache.get(hash);
    // Held for a few seconds: a revoke on another instance takes effect within them.
    if (!entry || nowMs - entry.atMs > 5_000) {
      const row = await this.repos.apiKeys.findByHash(hash);
      entry = { key: row && !row.revokedAt ? { id: row.id, scopes: scopesOf(row) } : null, atMs: nowMs, touchedMs: entry?.touchedMs ?? (row?.lastUsedAt ? Date.parse(row.lastUsedAt) : 0) };
      this.cache.set(hash, entry);
    }
    if (entry.key && nowMs - entry.touchedMs >= TOUCH_EVERY_MS) {
      entry.touchedMs = nowMs;
      await this.repos.apiKeys.touch(entry.key.id, isoFromMs(nowMs));
    }
    return entry.key;
  }
}

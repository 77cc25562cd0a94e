import type { ApiKey, ApiKeyCreated } from '@cargo/shared';
import type { ApiKeyRow } from '../db/types.ts';
import { scopesOf } from '../services/api-keys.ts';

/** An API key as the admin's list shows it: never the key or its hash. */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return { id: row.id, name: row.name, prefix: row.prefix, scopes: scopesOf(row), createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, revokedAt: row.revokedAt };
}

/** The one reply that carries the key itself. */
export function presentCreatedApiKey(row: ApiKeyRow, key: string): ApiKeyCreated {
  return { ...presentApiKey(row), key };
}

import type { ApiKeyScope } from '@cargo/shared';

/**
 * Who is calling, once their token is resolved: one of four kinds. It stands below the services that act for a caller
 * (sessions, API keys, share links, the audit trail) and the one that resolves a token to it (`services/principals.ts`),
 * so none of them needs another to know who a caller is.
 */
export type Principal =
  | { role: 'admin'; adminId: string; tokenHash: string }
  | { role: 'driver'; driverId: string; tokenHash: string }
  /** A driver share link: may post fixes for one package only. */
  | { role: 'share'; packageId: string; shareLinkId: string }
  /** An API key of an integration (issue 19): the admin routes its scopes name, nothing else. */
  | { role: 'integration'; apiKeyId: string; scopes: ApiKeyScope[] };

import type { LoginResponse, Package, SiteConfig } from '@cargo/shared';
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';

/**
 * Typed helpers shared by the browser tests: signing in through the API and finding demo data
 * on the fresh seeded database the config starts. Everything goes through the real API.
 */

export interface Credentials {
  email: string;
  password: string;
}

/** `POST /api/auth/login`; answers the bearer token (and the context keeps the session cookie). */
export async function apiLogin(request: APIRequestContext, credentials: Credentials = E2E_ADMIN): Promise<string> {
  const reply = await request.post('/api/auth/login', { data: credentials });
  if (!reply.ok()) throw new Error(`Login as ${credentials.email} failed: ${reply.status()} ${await reply.text()}`);
  const body = (await reply.json()) as LoginResponse;
  return body.token;
}

/** A bearer token for the e2e admin (E2E_ADMIN of playwright.config.ts). */
export function adminToken(request: APIRequestContext): Promise<string> {
  return apiLogin(request, E2E_ADMIN);
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** A row of `GET /api/packages`. */
export type PackageRow = Package;

/** `GET /api/packages` as admin (the list is admin-only, design.md §4). */
export async function listPackages(request: APIRequestContext, token?: string): Promise<PackageRow[]> {
  const reply = await request.get('/api/packages', { headers: bearer(token ?? (await adminToken(request))) });
  if (!reply.ok()) throw new Error(`GET /api/packages failed: ${reply.status()} ${await reply.text()}`);
  return (await reply.json()) as Package[];
}

/** The tracking number of a seeded demo package, optionally of a given canonical status (e.g. 'in_transit'). */
export async function demoTrackingNumber(request: APIRequestContext, status?: string): Promise<string> {
  const rows = await listPackages(request);
  // Newest first, and spec files that ran earlier on this worker's server added packages of their own: the demo data
  // is the oldest.
  const row = rows.findLast((pkg) => !status || pkg.status === status);
  if (!row) throw new Error(`No demo package${status ? ` with status ${status}` : ''} in the seeded database`);
  return row.trackingNumber;
}

/** `GET /api/config/site`: the configured company contacts the pages must show. */
export type SiteContacts = SiteConfig;

export async function siteConfig(request: APIRequestContext): Promise<SiteContacts> {
  const reply = await request.get('/api/config/site');
  if (!reply.ok()) throw new Error(`GET /api/config/site failed: ${reply.status()}`);
  return (await reply.json()) as SiteConfig;
}

/** The `tel:` address the pages build for a phone: digits and a leading plus only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

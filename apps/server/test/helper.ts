import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { prepareDatabase } from '../src/bootstrap.ts';
import { openDatabase } from '../src/db/index.ts';
import type { Dialect } from '../src/db/types.ts';
import { loadEnv, type Env } from '../src/env.ts';
import { PG_URL } from './global-setup.ts';

export const DIALECT = (process.env.TEST_DIALECT ?? 'sqlite') as Dialect;
const skip = DIALECT === 'postgres' && inject('skipPostgres');

/** `describe` for API suites: runs on the project's database, skipped when its PostgreSQL half is skipped. */
export const describeApi: typeof describe = (skip ? describe.skip : describe) as typeof describe;

export const ADMIN_EMAIL = 'admin@test.example';
const TEST_SECRETS_KEY = randomBytes(32).toString('base64');
export const ADMIN_PASSWORD = 'correct-horse-battery';

let counter = 0;
/** A name unique within the run, for tracking numbers, phones and emails. */
export function unique(prefix = ''): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${counter}${Math.floor(Math.random() * 1e4)}`;
}

export interface TestContext {
  app: FastifyInstance;
  env: Env;
  dialect: Dialect;
  adminToken: string;
  close(): Promise<void>;
  /** app.inject with JSON body and optional bearer token. */
  request(opts: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
}

/**
 * Builds the app in-process on a real database: a temporary SQLite file, or a fresh PostgreSQL schema.
 * The database is migrated and given one admin; no demo data unless asked.
 */
export async function setupApp(
  options: { env?: Record<string, string>; seed?: boolean; build?: Pick<BuildOptions, 'mapsLinks' | 'logger'> } = {},
): Promise<TestContext> {
  let databaseUrl: string;
  let cleanupDir: string | null = null;
  if (DIALECT === 'postgres') {
    const schema = `${inject('pgRunSchema')}_${unique().toLowerCase()}`;
    databaseUrl = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  } else {
    cleanupDir = mkdtempSync(join(tmpdir(), 'cargo-test-'));
    databaseUrl = join(cleanupDir, 'test.db');
  }
  const env = loadEnv({
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: options.seed ? 'true' : 'false',
    // Seeded data stays still unless a test drives it (test/demo-drive.test.ts).
    DEMO_DRIVE: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // Real scrypt at a lower cost (2^14 instead of 2^17): the suite hashes hundreds of PINs and passwords.
    PASSWORD_HASH_LOG_N: '14',
    // The webhook secrets' key (decision 048): without it a PostgreSQL run would make ./data/secrets.key.
    SECRETS_KEY: TEST_SECRETS_KEY,
    // The retention job runs only when a test asks for it (test/retention.test.ts).
    RETENTION_EVERY_MINUTES: '0',
    // The weekly summary is written when a test asks for it (test/routes/weekly-summary.test.ts).
    WEEKLY_SUMMARY_CHECK_SECONDS: '0',
    ...options.env,
  });
  const handle = await openDatabase(env.DATABASE_URL);
  const app = await buildApp({ env, database: handle, logger: false, namespace: unique('ns'), webDist: null, ...options.build });
  await prepareDatabase(handle, env, app.log);
  await app.ready();

  const request: TestContext['request'] = ({ token, ...opts }) =>
    app.inject({
      ...opts,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(opts.headers ?? {}) },
    });

  const login = await request({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`test admin sign-in failed: ${login.statusCode} ${login.body}`);
  const adminToken = login.json().token as string;

  return {
    app,
    env,
    dialect: DIALECT,
    adminToken,
    request,
    async close() {
      await app.close();
      await handle.close();
      if (cleanupDir) rmSync(cleanupDir, { recursive: true, force: true });
    },
  };
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isPostgresUrl, type Env } from '../env.ts';

/**
 * Secrets the server must read back to use (webhook signing secrets; design.md §9), encrypted at rest with AES-256-GCM
 * under a key that is not in the database: SECRETS_KEY (32 bytes, base64 or hex) when set, which every instance of a
 * deployment must share; otherwise a key file made on first use beside the SQLite database (`secrets.key`, mode 0600;
 * ./data/secrets.key with PostgreSQL), or a key held in memory for an in-memory database. Decision 048.
 */
export class SecretBox {
  private key: Buffer | null = null;

  constructor(private readonly source: () => Buffer) {}

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyBytes(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain text, or null when it was sealed under another key (or altered). */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.keyBytes(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  private keyBytes(): Buffer {
    this.key ??= this.source();
    return this.key;
  }
}

/** A 32-byte key written as base64 or hex; null when it is neither. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** Where the key comes from for this environment (see SecretBox). */
export function secretBoxFor(env: Pick<Env, 'SECRETS_KEY' | 'DATABASE_URL'>): SecretBox {
  if (env.SECRETS_KEY) {
    const key = parseKey(env.SECRETS_KEY);
    if (!key) throw new Error('SECRETS_KEY must be 32 bytes, base64 or hex');
    return new SecretBox(() => key);
  }
  const file = keyFileFor(env.DATABASE_URL);
  if (!file) {
    const key = randomBytes(32);
    return new SecretBox(() => key);
  }
  return new SecretBox(() => readOrMakeKeyFile(file));
}

function keyFileFor(databaseUrl: string): string | null {
  if (isPostgresUrl(databaseUrl)) return resolve('data', 'secrets.key');
  const file = databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file === ':memory:' || file === '') return null;
  return join(dirname(resolve(file)), 'secrets.key');
}

function readOrMakeKeyFile(file: string): Buffer {
  try {
    const key = parseKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    // 'wx': a second instance starting at the same moment reads the first one's key instead.
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readOrMakeKeyFile(file);
}

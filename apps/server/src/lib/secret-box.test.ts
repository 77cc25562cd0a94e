import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { parseKey, SecretBox, secretBoxFor } from './secret-box.ts';

describe('SecretBox (webhook secrets at rest, decision 048)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens what it sealed; another key, or a changed text, opens nothing', () => {
    const key = randomBytes(32);
    const box = new SecretBox(() => key);
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.seal('whsec_abc')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(new SecretBox(() => randomBytes(32)).open(sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('whsec_abd').toString('base64url');
    expect(box.open(parts.join('.'))).toBeNull();
    expect(box.open('garbage')).toBeNull();
  });

  it('reads SECRETS_KEY as base64 or hex, and refuses another length', () => {
    const key = randomBytes(32);
    expect(parseKey(key.toString('base64'))).toEqual(key);
    expect(parseKey(key.toString('hex'))).toEqual(key);
    expect(parseKey(randomBytes(16).toString('base64'))).toBeNull();
    const sealed = secretBoxFor({ SECRETS_KEY: key.toString('hex'), DATABASE_URL: ':memory:' }).seal('x');
    expect(secretBoxFor({ SECRETS_KEY: key.toString('base64'), DATABASE_URL: ':memory:' }).open(sealed)).toBe('x');
  });

  it('without SECRETS_KEY makes a key file beside the SQLite database (mode 0600), once, and reuses it', () => {
    const env = { SECRETS_KEY: undefined, DATABASE_URL: join(dir, 'cargo.db') };
    const sealed = secretBoxFor(env).seal('whsec_kept');
    const file = join(dir, 'secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    // A restart (a new box) reads the same key.
    expect(secretBoxFor(env).open(sealed)).toBe('whsec_kept');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

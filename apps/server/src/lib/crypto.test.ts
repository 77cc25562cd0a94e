import { describe, expect, it } from 'vitest';
import { configureSecretHashing, hashSecret, newTimeOrderedId, newToken, sha256, verifySecret } from './crypto.ts';

describe('secret hashing', () => {
  it('hashes with scrypt N=2^17, r=8, p=1 by default and verifies only the right secret', async () => {
    const hash = await hashSecret('246810');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifySecret('246810', hash)).toBe(true);
    expect(await verifySecret('246811', hash)).toBe(false);
    expect(await verifySecret('246810', null)).toBe(false);
    expect(await verifySecret('246810', 'garbage')).toBe(false);
    // Four hashes at the production cost: about 1.5 s on an idle machine, several times that on a busy one.
  }, 30_000);

  it('verifies hashes made at another cost after the cost changes', async () => {
    configureSecretHashing(14);
    const cheap = await hashSecret('secret-1');
    expect(cheap).toMatch(/^scrypt\$16384\$/);
    configureSecretHashing(17);
    expect(await verifySecret('secret-1', cheap)).toBe(true);
  });

  it('makes 256-bit base64url tokens and hex SHA-256 digests', () => {
    expect(newToken()).toMatch(/^[\w-]{43}$/);
    expect(new Set(Array.from({ length: 100 }, () => newToken())).size).toBe(100);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('makes version-7 UUIDs that sort by their time and stay unique within one millisecond', () => {
    const t = Date.UTC(2026, 10, 22, 12, 0, 0);
    const id = newTimeOrderedId(t);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(t);
    const later = newTimeOrderedId(t + 1);
    expect(later > id).toBe(true);
    const sameMs = Array.from({ length: 1000 }, () => newTimeOrderedId(t));
    expect(new Set(sameMs).size).toBe(1000);
    // Made one after another in one millisecond, they sort in the order made (the audit log's order of two changes).
    expect([...sameMs].sort()).toEqual(sameMs);
  });
});

import { hash, randomBytes, randomInt, randomUUID, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

export const newId = (): string => randomUUID();

/**
 * A UUID of version 7 (RFC 9562): the time in ms first, then random bits. For rows written at a high rate (GPS fixes),
 * so the primary-key index grows at its end instead of at a random page per row (issue 11: a third of the CPU and
 * two thirds of the time of a SQLite batch went to random pages).
 *
 * Ids made one after another for the same millisecond sort in the order they were made (RFC 9562's counter in the 12
 * bits after the version): lists ordered by time, then id (the audit log), keep two changes of one millisecond in
 * their order. A new millisecond starts the counter at a random point of its lower half.
 */
let lastMs = -1;
let counter = 0;
export function newTimeOrderedId(nowMs = Date.now()): string {
  // randomUUID draws from Node's entropy cache (randomBytes per id cost 5% of the ingest path): keep its random
  // part and variant, put the time in front, version 7 in place of its 4 and the counter after it.
  const random = randomUUID();
  if (nowMs === lastMs && counter < 0xfff) counter += 1;
  else {
    lastMs = nowMs;
    counter = parseInt(random.slice(15, 18), 16) & 0x7ff;
  }
  const time = nowMs.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${counter.toString(16).padStart(3, '0')}${random.slice(18)}`;
}

/** A random token: 32 bytes (256 bits), base64url (design.md §4). */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256 hash. */
// crypto.hash (Node 20.12+) is the one-shot form: no Hash object per call (a third of the cost for a token).
export const sha256 = (value: string): string => hash('sha256', value, 'hex');

export const newPin = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** scrypt at N=2^17, r=8, p=1 (OWASP) by default, encoded as scrypt$N$r$p$salt$hash. */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keylen: 32 };
const maxmem = 256 * 1024 * 1024;

/**
 * Sets the cost of new hashes as log2(N) (env PASSWORD_HASH_LOG_N). Verification always uses the parameters stored
 * in the hash, so hashes made at another cost keep working.
 */
export function configureSecretHashing(logN: number): void {
  SCRYPT.N = 2 ** logN;
}

function scrypt(secret: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(secret, salt, keylen, { N, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, encoded: string | null | undefined): Promise<boolean> {
  if (!encoded) {
    // Spend comparable time so a missing account is not told apart by timing.
    await scrypt(secret, randomBytes(16), SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
    return false;
  }
  const [kind, n, r, p, salt, hash] = encoded.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(secret, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

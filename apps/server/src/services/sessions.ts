import { newToken, sha256 } from '../lib/crypto.ts';
import { isoFromMs } from '../lib/time.ts';
import type { SessionRepository } from '../repositories/sessions.ts';

export type SessionRole = 'admin' | 'driver';
export interface Session {
  role: SessionRole;
  subjectId: string;
  tokenHash: string;
}

/** Idle timeout 2 h, absolute lifetime 12 h (design.md §4). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Creates a session and returns its token; only the token's hash is stored. */
  async create(role: SessionRole, subjectId: string): Promise<string> {
    const token = newToken();
    const now = this.clock();
    await this.sessions.insert({
      tokenHash: sha256(token),
      role,
      subjectId,
      createdAt: isoFromMs(now),
      lastSeenAt: isoFromMs(now),
      expiresAt: isoFromMs(now + SESSION_MAX_MS),
    });
    return token;
  }

  /** The live session for a token, or null when unknown, idle too long or past its lifetime. */
  async resolve(token: string): Promise<Session | null> {
    const tokenHash = sha256(token);
    const row = await this.sessions.find(tokenHash);
    if (!row) return null;
    const now = this.clock();
    const lastSeen = Date.parse(row.lastSeenAt);
    if (now >= Date.parse(row.expiresAt) || now - lastSeen >= SESSION_IDLE_MS) {
      await this.sessions.delete(tokenHash);
      return null;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      await this.sessions.touch(tokenHash, isoFromMs(now));
    }
    return { role: row.role as SessionRole, subjectId: row.subjectId, tokenHash };
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.sessions.delete(tokenHash);
  }

  async revokeAllFor(role: SessionRole, subjectId: string): Promise<void> {
    await this.sessions.deleteFor(role, subjectId);
  }
}

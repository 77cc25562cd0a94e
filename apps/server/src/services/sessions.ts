import { newToken, sha256 } from '../lib/crypto.ts';
import { isoFromMs } from '../lib/time.ts';
import type { SessionRow } from '../db/types.ts';
import type { SessionRepository } from '../repositories/sessions.ts';
import type { ChangeFeed } from './change-feed.ts';
import { HOT_STATE_TTL_MS } from './hot-state.ts';

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

/** Until when a held session may be taken as it is: before its end and before its last use needs writing again. */
const freshUntil = (row: SessionRow): number => Math.min(Date.parse(row.expiresAt), Date.parse(row.lastSeenAt) + TOUCH_EVERY_MS);

export class SessionService {
  /**
   * Sessions read recently, by token hash (issue 11): a request with a known token reads nothing. A logout, a
   * revocation or the end of every session of an account (deactivation, PIN reset) drops them at once, here and, by
   * the change feed, on every instance; HOT_STATE_TTL_MS bounds the rest.
   */
  private readonly heldByHash = new Map<string, { row: SessionRow; at: number; freshUntil: number }>();
  private generation = 0;

  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: () => number = Date.now,
    changes?: ChangeFeed,
  ) {
    changes?.on((change) => {
      if (change.kind === 'session') this.drop(change.tokenHash);
      else if (change.kind === 'subject') {
        this.generation += 1;
        for (const [hash, { row }] of this.heldByHash) if (row.role === change.role && row.subjectId === change.subjectId) this.heldByHash.delete(hash);
      }
    });
  }

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

  /**
   * The session of a token when it is held and needs nothing written (live, touched within the minute), with no read
   * and no promise; undefined otherwise (then ask `resolve`, which reads, touches or ends it).
   */
  held(token: string): Session | undefined {
    const tokenHash = sha256(token);
    const now = this.clock();
    const held = this.heldByHash.get(tokenHash);
    if (!held || now - held.at >= HOT_STATE_TTL_MS || now >= held.freshUntil) return undefined;
    return { role: held.row.role as SessionRole, subjectId: held.row.subjectId, tokenHash };
  }

  /** The live session for a token, or null when unknown, idle too long or past its lifetime. */
  async resolve(token: string): Promise<Session | null> {
    const tokenHash = sha256(token);
    const now = this.clock();
    const held = this.heldByHash.get(tokenHash);
    let row = held && now - held.at < HOT_STATE_TTL_MS ? held.row : undefined;
    if (!row) {
      const generation = this.generation;
      row = await this.sessions.find(tokenHash);
      if (!row) return null;
      if (generation === this.generation) {
        this.sweep(now);
        // Moved back by up to a quarter of the TTL, so sessions read together are not all read again together.
        this.heldByHash.set(tokenHash, { row, at: now - Math.random() * (HOT_STATE_TTL_MS / 4), freshUntil: freshUntil(row) });
      }
    }
    const lastSeen = Date.parse(row.lastSeenAt);
    if (now >= Date.parse(row.expiresAt) || now - lastSeen >= SESSION_IDLE_MS) {
      this.drop(tokenHash);
      await this.sessions.delete(tokenHash);
      return null;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      row.lastSeenAt = isoFromMs(now);
      const entry = this.heldByHash.get(tokenHash);
      if (entry?.row === row) entry.freshUntil = freshUntil(row);
      await this.sessions.touch(tokenHash, row.lastSeenAt);
    }
    return { role: row.role as SessionRole, subjectId: row.subjectId, tokenHash };
  }

  private drop(tokenHash: string): void {
    this.generation += 1;
    this.heldByHash.delete(tokenHash);
  }

  /** Drops what is past its time, at most once per HOT_STATE_TTL_MS, so the map holds only sessions in use. */
  private lastSweep = 0;
  private sweep(now: number): void {
    if (now - this.lastSweep < HOT_STATE_TTL_MS) return;
    this.lastSweep = now;
    for (const [hash, { at }] of this.heldByHash) if (now - at >= HOT_STATE_TTL_MS) this.heldByHash.delete(hash);
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.sessions.delete(tokenHash);
  }

  async revokeAllFor(role: SessionRole, subjectId: string): Promise<void> {
    await this.sessions.deleteFor(role, subjectId);
  }
}

import type { SessionRow } from '../db/types.ts';
import { NO_CHANGES, type ChangeSink } from './changes.ts';
import type { Executor } from './executor.ts';
import { WriteOffload } from './offload.ts';

/** The sessions table (tokens stored only as their hash): the only code that queries it. */
export class SessionRepository {
  constructor(
    private readonly db: Executor,
    private readonly changes: ChangeSink = NO_CHANGES,
    private readonly offload: WriteOffload = new WriteOffload(),
  ) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  find(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  }

  /** Records the session's last use, off the event loop where it can be (repositories/offload.ts). */
  async touch(tokenHash: string, lastSeenAt: string): Promise<void> {
    await this.offload.run(this.db.updateTable('sessions').set({ lastSeenAt }).where('tokenHash', '=', tokenHash));
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    this.changes.changed({ kind: 'session', tokenHash });
  }

  /** Ends every session of one admin or driver. */
  async deleteFor(role: string, subjectId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('role', '=', role).where('subjectId', '=', subjectId).execute();
    this.changes.changed({ kind: 'subject', role, subjectId });
  }
}

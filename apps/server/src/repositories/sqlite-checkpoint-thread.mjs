// The SQLite checkpoint thread (decision 084): its own connection to the server's database file copies what the WAL
// holds back into the file every CHECKPOINT_EVERY_MS (a PASSIVE checkpoint: it takes no lock a writer or a reader
// waits for). Writers then find the WAL copied back and start it again from the beginning, so it stays a few
// megabytes, instead of growing to the connections' automatic checkpoint (10,000 pages, about 40 MB) and having the
// fix writer's thread copy it back inside a commit: 30-40 ms during which every fix waited. The automatic checkpoint
// stays as it was, so the WAL is still bounded if this thread stops. The thread ends when its port closes.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { applySqlitePragmas } from './sqlite-fix-batch.mjs';

/** How often the WAL is copied back (a checkpoint with nothing to copy costs a few microseconds). */
const CHECKPOINT_EVERY_MS = 100;

// better-sqlite3 is CommonJS; resolved from the server's own folder (workerData.from), as the server resolves it.
const SQLite = createRequire(workerData.from)('better-sqlite3');
const sqlite = new SQLite(workerData.file);
applySqlitePragmas(sqlite);

const timer = setInterval(() => {
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // The file closed or unreadable for a moment: the next turn tries again, and the automatic checkpoint remains.
  }
}, CHECKPOINT_EVERY_MS);

parentPort.on('close', () => {
  clearInterval(timer);
  sqlite.close();
});

// The SQLite writer thread (decision 079): its own connection to the server's database file runs the fix writer's
// batches, so the inserts, the moves of the buffer and the WAL's checkpoints no longer hold the event loop that
// answers requests. Messages: { id, kind: 'batch', batch }, { id, kind: 'mergeAll' } and { id, kind: 'exec', sql, parameters } (a
// write of the retention job, decision 079, or of a request's bookkeeping, decision 085) in (as JSON text), { id, result } or
// { id, error: { message, code } } out; the thread ends when its port closes.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { applySqlitePragmas, SqliteFixBatcher } from './sqlite-fix-batch.mjs';

// better-sqlite3 is CommonJS; resolved from the server's own folder (workerData.from), as the server resolves it.
const SQLite = createRequire(workerData.from)('better-sqlite3');
const sqlite = new SQLite(workerData.file);
applySqlitePragmas(sqlite);
const batcher = new SqliteFixBatcher(sqlite);
/** The statements of 'exec' messages, prepared once each (a few kinds: bookkeeping writes, the retention job's deletes). */
const execStatements = new Map();
const execStatement = (text) => {
  let statement = execStatements.get(text);
  if (!statement) {
    if (execStatements.size >= 200) execStatements.clear();
    execStatements.set(text, (statement = sqlite.prepare(text)));
  }
  return statement;
};

parentPort.on('message', (text) => {
  const message = JSON.parse(text);
  try {
    const result =
      message.kind === 'batch'
        ? batcher.write(message.batch)
        : message.kind === 'exec'
          ? { won: [], statements: 1, changes: execStatement(message.sql).run(...message.parameters).changes }
          : { won: [], statements: batcher.mergeAll() };
    parentPort.postMessage({ id: message.id, result });
  } catch (err) {
    parentPort.postMessage({ id: message.id, error: { message: err instanceof Error ? err.message : String(err), code: err?.code } });
  }
});
parentPort.on('close', () => sqlite.close());

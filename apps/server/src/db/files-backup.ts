import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BackupError } from './backup.ts';

/**
 * The proof-of-delivery files folder in backups (decision 050): `npm run backup -- <file>` writes the database to
 * <file> and the files to the folder <file>.files beside it; `restore` brings both back. Files in S3-compatible
 * storage stay in their bucket (its own versioning or replication keeps them), so only the folder store is copied.
 */
export function filesBackupDir(file: string): string {
  return `${resolve(file)}.files`;
}

/** Copies the files folder beside the backup file; answers how many files were copied. */
export function backupFiles(filesDir: string, file: string, options: { force?: boolean } = {}): number {
  const target = filesBackupDir(file);
  if (existsSync(target)) {
    if (!options.force) throw new BackupError(`${target} already exists: choose another file, or add --force to overwrite it`);
    rmSync(target, { recursive: true, force: true });
  }
  if (!existsSync(filesDir)) return 0;
  const partial = join(dirname(target), `.${Date.now()}.files.partial`);
  try {
    // Files are written once under a new random name and never changed, so a copy while the server runs is consistent
    // for every file the database backup (taken just before) refers to.
    cpSync(filesDir, partial, { recursive: true, filter: (src) => !src.endsWith('.partial') });
    renameSync(partial, target);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return countFiles(target);
}

/** Puts the backup's files folder in place of the current one; answers how many files it holds (0 when none). */
export function restoreFiles(filesDir: string, file: string): number {
  const source = filesBackupDir(file);
  if (!existsSync(source)) return 0;
  const target = resolve(filesDir);
  const partial = `${target}.restoring`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(source, partial, { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  return countFiles(target);
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    n += statSync(path).isDirectory() ? countFiles(path) : 1;
  }
  return n;
}

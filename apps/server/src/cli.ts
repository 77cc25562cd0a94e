import { parseArgs } from 'node:util';
import pino from 'pino';
import { prepareDatabase } from './bootstrap.ts';
import { BackupError, backupDatabase, restoreDatabase } from './db/backup.ts';
import { backupFiles, filesBackupDir, restoreFiles } from './db/files-backup.ts';
import { filesDirFor } from './services/delivery-proof/file-store.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import { FIGURES_MSG, figuresQuerySchema } from '@cargo/shared';
import { FigureDaysRepository } from './repositories/figures.ts';
import { storedRequirements } from './services/delivery-proof/delivery-proof.ts';
import { FigureDays } from './services/figures/figure-days.ts';
import { SettingsService } from './services/settings.ts';
import { configureSecretHashing } from './lib/crypto.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { Repositories } from './repositories/index.ts';
import { AdminService, generatePassword } from './services/admins.ts';

const USAGE = `Usage: npm run admin -- <command> --email <email> [--password <password>]
Commands:
  create   add an admin (a password is generated and printed when none is given)
  reset    set a new password for an admin (generated when none is given) and end its sessions
  list     list admins
       npm run admin -- figures-rebuild [--from YYYY-MM-DD --to YYYY-MM-DD]
                                              compute the daily figures again from the raw rows (every day they hold, or the days given)
       npm run backup -- <file> [--force]     copy the whole database to <file> while the server runs (--force overwrites <file>)
       npm run restore -- <file> [--force]    replace the database with <file>; the server must be stopped (--force replaces a database that holds data)
Uses DATABASE_URL like the server does.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { email: { type: 'string' }, password: { type: 'string' }, force: { type: 'boolean' }, from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  const command = positionals[0];
  if (values.help || !command || !['create', 'reset', 'list', 'backup', 'restore', 'figures-rebuild'].includes(command)) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const env = loadEnv();
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, positionals[1], env, values.force === true);
  configureSecretHashing(env.PASSWORD_HASH_LOG_N);
  // The figures' rebuild reads a whole table's days at a time: no 5-second limit per query on PostgreSQL.
  const handle = await openDatabase(env.DATABASE_URL, command === 'figures-rebuild' ? { queryTimeoutMs: 0 } : {});
  try {
    await prepareDatabase(handle, { ...env, SEED_DEMO: false }, pino({ level: 'warn' }), { firstAdmin: false });
    if (command === 'figures-rebuild') return await rebuildFigures(handle, values.from, values.to);
    const admins = new AdminService(new Repositories(handle.db));
    if (command === 'list') {
      const rows = await admins.list();
      for (const r of rows) process.stdout.write(`${r.email}\t${r.isActive ? 'active' : 'inactive'}\t${r.createdAt}\n`);
      return 0;
    }
    const email = values.email?.trim().toLowerCase();
    if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      process.stderr.write('A valid --email is required\n');
      return 2;
    }
    if (values.password !== undefined && values.password.length < 6) {
      process.stderr.write('Password must be at least 6 characters\n');
      return 2;
    }
    const password = values.password ?? generatePassword();
    if (command === 'create') {
      if (await admins.findByEmail(email)) {
        process.stderr.write(`An admin with this email already exists: ${email} (use reset)\n`);
        return 1;
      }
      await admins.create(email, password);
      process.stdout.write(`Admin created: ${email}${values.password ? '' : ` with password ${password}`}\n`);
      return 0;
    }
    const admin = await admins.resetPassword(email, password);
    if (!admin) {
      process.stderr.write(`No admin with email ${email}\n`);
      return 1;
    }
    process.stdout.write(`Password reset for ${email}${values.password ? '' : `: new password ${password}`}\n`);
    return 0;
  } finally {
    await handle.close();
  }
}

/** Computes the daily figures again from the raw rows (decision 108): every day they hold, or `from`..`to`. */
async function rebuildFigures(handle: DatabaseHandle, from: string | undefined, to: string | undefined): Promise<number> {
  if ((from === undefined) !== (to === undefined)) {
    process.stderr.write('Give both --from and --to, or neither\n');
    return 2;
  }
  let range: { from: string; to: string } | undefined;
  if (from !== undefined && to !== undefined) {
    const parsed = figuresQuerySchema.safeParse({ from, to });
    if (!parsed.success && parsed.error.issues.some((i) => i.message !== FIGURES_MSG.periodTooLong)) {
      process.stderr.write(`${parsed.error.issues[0]?.message ?? 'Invalid period'}\n`);
      return 2;
    }
    range = { from, to };
  }
  const repos = new Repositories(handle.db);
  const settings = new SettingsService(repos);
  const days = new FigureDays(repos, new FigureDaysRepository(handle.db, handle.dialect), () => storedRequirements(settings));
  const started = Date.now();
  const result = await days.rebuild(range, (done, total) => {
    if (process.stdout.isTTY) process.stdout.write(`\r${done}/${total} days`);
  });
  if (process.stdout.isTTY) process.stdout.write('\n');
  process.stdout.write(result.from ? `Figures rebuilt: ${result.days} days, ${result.from} to ${result.to}, in ${((Date.now() - started) / 1000).toFixed(1)} s\n` : 'No figures to rebuild: no outcomes, ratings, payments or messages yet\n');
  return 0;
}

async function backupOrRestore(command: 'backup' | 'restore', file: string | undefined, env: Env, force: boolean): Promise<number> {
  const databaseUrl = env.DATABASE_URL;
  // Proof-of-delivery files: the folder store goes along (decision 050); a bucket keeps its own copies.
  const filesDir = env.S3_ENDPOINT ? null : filesDirFor(env);
  if (!file) {
    process.stderr.write(`Usage: npm run ${command} -- <file> [--force]\n`);
    return 2;
  }
  try {
    if (command === 'backup') {
      const { bytes } = await backupDatabase(databaseUrl, file, { force });
      process.stdout.write(`Backup written: ${file} (${bytes} bytes)\n`);
      const copied = filesDir ? backupFiles(filesDir, file, { force }) : 0;
      if (copied > 0) process.stdout.write(`Proof-of-delivery files: ${copied} copied to ${filesBackupDir(file)}\n`);
    } else {
      await restoreDatabase(databaseUrl, file, { force });
      const files = filesDir ? restoreFiles(filesDir, file) : 0;
      process.stdout.write(`Restored from ${file}: start the server (it applies any newer migrations)\n`);
      if (files > 0) process.stdout.write(`Proof-of-delivery files restored: ${files}\n`);
    }
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof EnvError ? err.message : `admin command failed: ${err instanceof Error ? err.message : String(err)}`}\n`);
    process.exit(1);
  },
);

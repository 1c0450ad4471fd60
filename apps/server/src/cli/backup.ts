/**
 * `npm run merchant -- backup <file>` and `restore <file>`: the operator's backups of a SQLite deployment (ADR 045,
 * docs/operations.md). Like `shops`, they read the server's own environment (DATABASE_URL, STORAGE_DRIVER,
 * UPLOAD_DIR), so run them on the server's host with its environment.
 *
 * A backup is one SQLite file: an online copy of the database (SQLite's backup API, while the server runs) with the
 * uploaded files of disk storage in one more table, `backup_files`, which a restore writes back and drops.
 */
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig, type Config } from '../config.js';
import { dialectOf } from '../db/database.js';

const FILES_TABLE = 'backup_files';
/** The keys disk storage makes (adapters/storage/disk.ts): nothing in a backup may write outside the upload folder. */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]{2,4}$/;

const POSTGRES =
  'DATABASE_URL is PostgreSQL: back it up with pg_dump and restore it with pg_restore (docs/operations.md, Backups)';

function sqliteFile(config: Config): string {
  if (dialectOf(config.DATABASE_URL) === 'postgres') throw new Error(POSTGRES);
  const file = config.DATABASE_URL.replace(/^sqlite:/, '');
  if (file === ':memory:') throw new Error('DATABASE_URL is an in-memory database: there is nothing to back up');
  return resolve(file);
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Every file under the upload folder, by storage key; files still being uploaded (`.part`) are left out. */
async function uploadedFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((key) => SAFE_KEY.test(key))
    .sort();
}

/** Whether a server has the database open: SQLite refuses an exclusive lock then, even to an idle server's connection. */
function inUse(file: string): boolean {
  const probe = new SQLite(file, { timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('begin exclusive');
    probe.exec('rollback');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    probe.close();
  }
}

async function backup(config: Config, target: string, out: (line: string) => void): Promise<void> {
  const source = sqliteFile(config);
  if (await exists(target))
    throw new Error(`${target} exists: give a new file name, a backup never writes over another`);
  const temp = `${target}.part`;
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    // Online: the server keeps reading and writing while the pages are copied.
    await database.backup(temp);
  } finally {
    database.close();
  }
  const copy = new SQLite(temp);
  let files = 0;
  try {
    copy.exec(`create table ${FILES_TABLE} (key text primary key, data blob not null)`);
    if (config.STORAGE_DRIVER === 'disk') {
      // After the database: a file deleted meanwhile belonged to rows being deleted; one added has no row yet.
      const insert = copy.prepare(`insert into ${FILES_TABLE} (key, data) values (?, ?)`);
      for (const key of await uploadedFiles(config.UPLOAD_DIR)) {
        const data = await readFile(join(config.UPLOAD_DIR, key)).catch(() => null);
        if (data) insert.run(key, data);
        if (data) files += 1;
      }
    }
  } finally {
    copy.close();
  }
  await rename(temp, target);
  out(`backed up ${source} and ${String(files)} uploaded files to ${target}`);
  if (config.STORAGE_DRIVER === 's3')
    out('uploaded files are in the S3 bucket, not in this backup: back the bucket up with its own tools');
}

async function restore(config: Config, from: string, out: (line: string) => void): Promise<void> {
  const target = sqliteFile(config);
  // Refused while a server has the database open: it would go on from what it holds in memory.
  if ((await exists(target)) && inUse(target))
    throw new Error(`${target} is in use by a running server: stop every instance, then restore`);
  const temp = `${target}.restoring`;
  await mkdir(dirname(target), { recursive: true });
  await copyFile(from, temp);
  let files = 0;
  try {
    const copy = new SQLite(temp);
    try {
      const isBackup = copy.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(FILES_TABLE);
      if (!isBackup) throw new Error(`${from} is not a backup made by \`backup\``);
      const rows = copy.prepare(`select key, data from ${FILES_TABLE} order by key`).iterate() as Iterable<{
        key: string;
        data: Buffer;
      }>;
      if (config.STORAGE_DRIVER === 'disk')
        for (const { key, data } of rows) {
          if (!SAFE_KEY.test(key)) throw new Error(`${from} holds a file outside the upload folder: ${key}`);
          const path = join(config.UPLOAD_DIR, key);
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, data);
          files += 1;
        }
      copy.exec(`drop table ${FILES_TABLE}`);
      copy.exec('vacuum');
    } finally {
      copy.close();
    }
    const restored = new SQLite(temp, { readonly: true });
    try {
      await restored.backup(target);
    } finally {
      restored.close();
    }
  } finally {
    await rm(temp, { force: true });
  }
  out(`restored ${target} and ${String(files)} uploaded files from ${from}`);
}

/** Runs `backup <file>` or `restore <file>`; answers the exit code. */
export async function runBackupCommand(
  command: 'backup' | 'restore',
  file: string | undefined,
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<number> {
  if (!file) throw new Error(`Give the backup file: \`${command} return-center.backup\``);
  const config = loadConfig(env);
  if (command === 'backup') await backup(config, resolve(file), out);
  else await restore(config, resolve(file), out);
  return 0;
}

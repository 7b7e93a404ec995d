import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { z } from 'zod';
import type { Config } from '../config/config';
import { migrations } from '../db/migrations/index';
import { CliError } from './commands';

/*
 * `npm run cli -- backup FILE` and `restore FILE` (decision 0029): the embedded default only, the
 * SQLite database and the uploads in DATA_DIR/files, in one gzipped tar with a manifest.
 *
 * Backup: the database is copied with VACUUM INTO, one read transaction in WAL mode, so the copy
 * is one consistent moment while the app keeps writing. Uploads are stored before their row is
 * inserted and deleted after their row is (files/service.ts, files/remove.ts), and a stored key
 * never changes its bytes, so the files are hard-linked into the staging folder once before the
 * copy (a removal after that cannot take them away) and once after (uploads committed meanwhile);
 * the archive keeps exactly the files the copied database names.
 *
 * Restore: into an empty DATA_DIR only; everything is unpacked into a hidden folder inside it,
 * checked against the manifest (sizes, SHA-256, nothing more, nothing less) and against this
 * install's migrations, and only then moved into place, so a refused archive leaves DATA_DIR empty.
 */

const DB_FILE = 'plansmith.sqlite';
const FILES_DIR = 'files';
const MANIFEST = 'manifest.json';
const FORMAT = 'plansmith-backup';

const digest = /^[0-9a-f]{64}$/;
const entrySchema = z.object({
  path: z.string(),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(digest),
});
const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  migration: z.object({ latest: z.string(), count: z.number().int().min(0) }),
  database: entrySchema,
  fileCount: z.number().int().min(0),
  files: z.array(entrySchema),
  /** Rows whose bytes were removed while the backup ran (their removal had not committed yet). */
  missingFiles: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** The same rule as the storage module's keys (files/storage.ts). */
const SAFE_KEY = /^[A-Za-z0-9._-]+$/;
const isArchivePath = (p: string) =>
  p === MANIFEST ||
  p === DB_FILE ||
  (p.startsWith(`${FILES_DIR}/`) &&
    SAFE_KEY.test(p.slice(FILES_DIR.length + 1)) &&
    !p.slice(FILES_DIR.length + 1).startsWith('.'));

const knownMigrations = Object.keys(migrations).sort();

function appVersion(): { name: string; version: string } {
  const pkg = JSON.parse(
    fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
  ) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** Refuses PostgreSQL and S3 installs, naming the tools that back those up. */
function embeddedOnly(config: Config, command: 'backup' | 'restore'): void {
  const elsewhere: string[] = [];
  if (config.databaseUrl)
    elsewhere.push(
      '- The database is PostgreSQL (DATABASE_URL): back it up with `pg_dump --format=custom` and bring it back with `pg_restore` into an empty database.',
    );
  if (config.s3)
    elsewhere.push(
      `- Files are in the S3 bucket "${config.s3.bucket}" (S3_BUCKET): turn on bucket versioning, or copy it with \`aws s3 sync s3://${config.s3.bucket} <folder or other bucket>\`.`,
    );
  if (elsewhere.length === 0) return;
  throw new CliError(
    [
      `The ${command} command covers only the embedded default: SQLite and files in DATA_DIR. This install keeps its data elsewhere:`,
      ...elsewhere,
      'See "Running several instances" in the README.',
    ].join('\n'),
  );
}

async function sha256Of(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

const errno = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** Hard-links (or, across file systems, copies) a stored upload; false when it is gone. */
function keep(from: string, to: string): boolean {
  try {
    fs.linkSync(from, to);
    return true;
  } catch (err) {
    if (errno(err) === 'ENOENT') return false;
    if (errno(err) === 'EEXIST') return true;
    if (errno(err) !== 'EXDEV' && errno(err) !== 'EPERM') throw err;
  }
  try {
    fs.copyFileSync(from, to);
    return true;
  } catch (err) {
    if (errno(err) === 'ENOENT') return false;
    throw err;
  }
}

function keepAll(filesDir: string, stagedFiles: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(filesDir);
  } catch (err) {
    if (errno(err) === 'ENOENT') return;
    throw err;
  }
  // Temporary files of a put in progress start with the key and end in .tmp: never a key.
  for (const name of names)
    if (SAFE_KEY.test(name) && !name.endsWith('.tmp'))
      keep(path.join(filesDir, name), path.join(stagedFiles, name));
}

function latestMigration(sqlite: SQLite.Database): { latest: string; count: number } {
  const rows = sqlite.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as {
    name: string;
  }[];
  return { latest: rows.at(-1)?.name ?? '', count: rows.length };
}

/** Writes FILE: a consistent copy of DATA_DIR's database and the uploads it names. */
export async function backup(config: Config, file: string | undefined, now = new Date()) {
  embeddedOnly(config, 'backup');
  if (!file) throw new CliError('Name the archive to write: npm run cli -- backup FILE');
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target)))
    throw new CliError(
      `The folder ${path.dirname(target)} does not exist: make it, or name another.`,
    );
  const dbPath = path.join(config.dataDir, DB_FILE);
  if (!fs.existsSync(dbPath))
    throw new CliError(`No database at ${dbPath}: nothing to back up (check DATA_DIR).`);
  const staging = path.join(config.dataDir, `.backup-${randomBytes(6).toString('hex')}`);
  const stagedFiles = path.join(staging, FILES_DIR);
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  const filesDir = path.join(config.dataDir, FILES_DIR);
  fs.mkdirSync(stagedFiles, { recursive: true, mode: 0o700 });
  try {
    keepAll(filesDir, stagedFiles);
    const source = new SQLite(dbPath, { fileMustExist: true });
    let keys: string[];
    let migration: { latest: string; count: number };
    try {
      source.pragma('busy_timeout = 5000');
      source.prepare('VACUUM INTO ?').run(path.join(staging, DB_FILE));
    } finally {
      source.close();
    }
    keepAll(filesDir, stagedFiles);
    const copy = new SQLite(path.join(staging, DB_FILE), { readonly: true });
    try {
      migration = latestMigration(copy);
      keys = (copy.prepare('SELECT storage_key FROM files').pluck().all() as string[]).sort();
    } finally {
      copy.close();
    }

    const named = new Set(keys);
    for (const name of fs.readdirSync(stagedFiles))
      if (!named.has(name)) fs.rmSync(path.join(stagedFiles, name));
    const files: BackupManifest['files'] = [];
    const missingFiles: string[] = [];
    for (const key of keys) {
      const staged = path.join(stagedFiles, key);
      if (!fs.existsSync(staged)) missingFiles.push(key);
      else files.push({ path: `${FILES_DIR}/${key}`, ...(await sha256Of(staged)) });
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: 1,
      createdAt: now.toISOString(),
      app: appVersion(),
      migration,
      database: { path: DB_FILE, ...(await sha256Of(path.join(staging, DB_FILE))) },
      fileCount: files.length,
      files,
      missingFiles,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    // The manifest first, so `tar -xzOf FILE manifest.json` reads it at once.
    await tar.create({ gzip: true, portable: true, file: partial, cwd: staging }, [
      MANIFEST,
      DB_FILE,
      ...files.map((f) => f.path),
    ]);
    const fd = fs.openSync(partial, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, target);
    const size = fs.statSync(target).size;
    return [
      `Backed up ${dbPath} (migration ${migration.latest}) and ${files.length} file${files.length === 1 ? '' : 's'} into ${target} (${size} bytes).`,
      ...(missingFiles.length
        ? [
            `${missingFiles.length} file(s) were removed while the backup ran and are not in it: ${missingFiles.join(', ')}`,
          ]
        : []),
      'The app secret is not in the archive: keep APP_SECRET (or DATA_DIR/secrets/app-secret) safe on its own; without it, mail waiting in the outbox cannot be sent after a restore.',
    ].join('\n');
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

function readManifest(dir: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    throw new CliError('This is not a Plansmith backup: it has no readable manifest.json.');
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new CliError(
      `This is not a Plansmith backup this version can read: manifest.json does not match (${parsed.error.issues[0]?.path.join('.') ?? 'format'}).`,
    );
  return parsed.data;
}

function checkMigration(manifest: BackupManifest): void {
  const { latest } = manifest.migration;
  if (knownMigrations.includes(latest)) return;
  const ours = knownMigrations.at(-1) ?? '';
  const newer = latest > ours;
  throw new CliError(
    newer
      ? `This backup comes from a newer Plansmith (${manifest.app.version}, migration ${latest}); this one knows migrations up to ${ours}. Install Plansmith ${manifest.app.version} or later, then restore.`
      : `This backup's migration ${latest} is not one this Plansmith knows (up to ${ours}); it cannot be restored here.`,
  );
}

async function checkEntry(dir: string, entry: z.infer<typeof entrySchema>): Promise<void> {
  const file = path.join(dir, entry.path);
  if (!fs.existsSync(file))
    throw new CliError(`The backup is damaged: ${entry.path} is listed but missing.`);
  const found = await sha256Of(file);
  if (found.bytes !== entry.bytes || found.sha256 !== entry.sha256)
    throw new CliError(
      `The backup is damaged: ${entry.path} does not match its checksum in the manifest.`,
    );
}

async function verify(dir: string, manifest: BackupManifest): Promise<void> {
  if (manifest.database.path !== DB_FILE || manifest.fileCount !== manifest.files.length)
    throw new CliError('The backup is damaged: its manifest does not add up.');
  await checkEntry(dir, manifest.database);
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const entry of manifest.files) await checkEntry(dir, entry);
  const filesDir = path.join(dir, FILES_DIR);
  const present = fs.existsSync(filesDir) ? fs.readdirSync(filesDir) : [];
  const extra = present.filter((name) => !listed.has(`${FILES_DIR}/${name}`));
  if (extra.length)
    throw new CliError(`The backup is damaged: ${extra[0]} is in it but not in its manifest.`);
  const sqlite = new SQLite(path.join(dir, DB_FILE), { readonly: true });
  try {
    const check = sqlite.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new CliError(`The backup's database is damaged: ${String(check)}`);
    const { latest } = latestMigration(sqlite);
    if (latest !== manifest.migration.latest)
      throw new CliError(
        `The backup is damaged: its database is at migration ${latest || 'none'}, its manifest says ${manifest.migration.latest}.`,
      );
  } finally {
    sqlite.close();
  }
}

/** Brings FILE back into an empty DATA_DIR. */
export async function restore(config: Config, file: string | undefined) {
  embeddedOnly(config, 'restore');
  if (!file) throw new CliError('Name the archive to restore: npm run cli -- restore FILE');
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile())
    throw new CliError(`No backup file at ${source}.`);
  const dataDir = config.dataDir;
  if (fs.existsSync(dataDir) && !fs.statSync(dataDir).isDirectory())
    throw new CliError(`DATA_DIR ${dataDir} is a file, not a directory.`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new CliError(
      `DATA_DIR ${dataDir} is not empty. A restore never overwrites data: point DATA_DIR at a new or empty directory (or move what is there away), then run restore again.`,
    );
  fs.mkdirSync(dataDir, { recursive: true });
  // Inside DATA_DIR: on the same file system, so the final moves are renames.
  const staging = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  fs.mkdirSync(staging, { mode: 0o700 });
  try {
    const unexpected: string[] = [];
    try {
      await tar.extract({
        file: source,
        cwd: staging,
        strict: true,
        filter: (p, entry) => {
          const ok =
            isArchivePath(p) ||
            (p.replace(/\/$/, '') === FILES_DIR && 'type' in entry && entry.type === 'Directory');
          const regular = !('type' in entry) || entry.type === 'File' || entry.type === 'Directory';
          if (!ok || !regular) unexpected.push(p);
          return ok && regular;
        },
      });
    } catch (err) {
      throw new CliError(
        `${source} is not a readable backup archive: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (unexpected.length)
      throw new CliError(
        `This is not a Plansmith backup: it holds ${unexpected[0]}, which a backup never does.`,
      );
    const manifest = readManifest(staging);
    checkMigration(manifest);
    await verify(staging, manifest);

    fs.renameSync(path.join(staging, DB_FILE), path.join(dataDir, DB_FILE));
    // An archive of an install with no uploads has no files folder; the app makes it anyway.
    const stagedFiles = path.join(staging, FILES_DIR);
    if (fs.existsSync(stagedFiles)) fs.renameSync(stagedFiles, path.join(dataDir, FILES_DIR));
    return [
      `Restored the database (migration ${manifest.migration.latest}, Plansmith ${manifest.app.version}, backed up ${manifest.createdAt}) and ${manifest.fileCount} file${manifest.fileCount === 1 ? '' : 's'} into ${dataDir}; every checksum matched.`,
      'Start the app on it (it runs any newer migrations). Set the APP_SECRET the backed-up install used, or copy its DATA_DIR/secrets/app-secret, so mail waiting in the outbox can still be sent.',
    ].join('\n');
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Backup and restore of the database and the stored files together (docs/DEPLOY.md "Backup and restore"):
 * `npm run backup -- <folder>` and `npm run restore -- <folder> [--force]` (server/scripts/backup.ts, restore.ts).
 *
 * A backup is a folder:
 * - `database.pgdump`: `pg_dump -Fc` of DATABASE_URL, or `database.pglite.tar.gz`: the embedded database's data
 *   folder (PGlite's dumpDataDir; the server stopped, as PGlite has one process);
 * - `files/<key>`: every object of the folder or the bucket, under its storage key;
 * - `manifest.json`, written last: the rows of every table at the snapshot, and the size and SHA-256 of the database
 *   file and of every stored file. A folder without it is an unfinished backup, and restore refuses it.
 *
 * The order is what makes the backup whole: the database's snapshot is taken first, the files copied after. A file
 * is stored before the row that names it is committed (services/stageSubmission.ts and every upload), so every row
 * in the snapshot, which is every row acknowledged before the backup began, has its file in the store when the copy
 * starts. Files stored after the snapshot are copied too when the copy meets them: files no row names, harmless.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { checkKey, mimeOf, type ObjectStorage } from '../adapters/storage';

export const MANIFEST = 'manifest.json';
export const FILES_FOLDER = 'files';
export const PG_DUMP_FILE = 'database.pgdump';
export const PGLITE_DUMP_FILE = 'database.pglite.tar.gz';
const FORMAT = 'neomi-backup/1';
/** files copied at once */
const PARALLEL = 8;

export interface Manifest {
  format: typeof FORMAT;
  created_at: string;
  database: {
    kind: 'postgres' | 'pglite';
    file: string;
    size: number;
    sha256: string;
    /** rows per table ("schema.table") in the snapshot */
    tables: Record<string, number>;
  };
  storage: {
    /** the driver the files were copied from (a restore may put them into either) */
    driver: 'local' | 's3';
    count: number;
    bytes: number;
    files: { key: string; size: number; sha256: string }[];
  };
}

/** Where the database is: a PostgreSQL server, or the embedded database's folder (DATA_DIR/db). */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

/** A backup or restore that cannot go on; its message is for the operator (the scripts print it). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type Progress = (line: string) => void;

// ---------------------------------------------------------------------------------------------------------------
// the database

/**
 * The URL without its password, and the password for PGPASSWORD: what a child process gets on its command line is
 * visible to every user of the machine (ps), its environment is not.
 */
function libpqTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // libpq reads %20 in a URL's parameters but not the `+` of a form-encoded one (`options=-c+TimeZone=UTC`)
  const query = [...parsed.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  parsed.search = query.length ? `?${query.join('&')}` : '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs pg_dump or pg_restore; rejects with its last lines of stderr. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', (error) => reject(new BackupError(`${tool} could not be started: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`));
    });
  });
}

/** Every table outside PostgreSQL's own schemas, as `schema.table`. */
const TABLES_SQL = `select table_schema as schema, table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
  order by 1, 2`;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function countTables(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<Record<string, number>> {
  const { rows } = await query(TABLES_SQL);
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const [schema, name] = [String(row.schema), String(row.name)];
    const result = await query(`select count(*)::int as n from ${quoteIdent(schema)}.${quoteIdent(name)}`);
    counts[`${schema}.${name}`] = Number(result.rows[0].n);
  }
  return counts;
}

/**
 * pg_dump of a PostgreSQL database at one snapshot: a repeatable-read transaction exports its snapshot, counts the
 * rows of every table in it, and pg_dump dumps that same snapshot (`--snapshot`), so the counts are the dump's.
 */
async function dumpPostgres(url: string, file: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const tables = await countTables((sql) => client.query(sql));
    const target = libpqTarget(url);
    await runTool(
      'pg_dump',
      ['-Fc', '--no-owner', '--no-privileges', `--snapshot=${rows[0].snapshot}`, '-f', file, '-d', target.url],
      target.env,
    );
    await client.query('commit');
    return tables;
  } finally {
    await client.end();
  }
}

async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

const pgliteQuery = (db: PGlite) => (sql: string) => db.query<Record<string, unknown>>(sql);

/** The embedded database's data folder as a gzipped tar (the server must be stopped: PGlite is one process's). */
async function dumpPglite(dir: string, file: string): Promise<Record<string, number>> {
  try {
    await fs.access(path.join(dir, 'PG_VERSION'));
  } catch {
    throw new BackupError(
      `there is no embedded database in ${dir} (set DATA_DIR, or DATABASE_URL for a PostgreSQL server)`,
    );
  }
  const db = await openPglite(dir);
  try {
    const tables = await countTables(pgliteQuery(db));
    const dump = await db.dumpDataDir('gzip');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return tables;
  } finally {
    await db.close();
  }
}

/** Whether a PostgreSQL database holds any table of its own (a restore target must not, unless forced). */
async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select 1 from (${TABLES_SQL}) t limit 1`);
    return rows.length === 0;
  } finally {
    await client.end();
  }
}

async function postgresCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countTables((sql) => client.query(sql));
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// files

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function sha256OfFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Runs `work` on every item, at most `limit` at once. */
async function inPool<T>(items: AsyncIterable<T> | T[], limit: number, work: (item: T) => Promise<void>) {
  const running = new Set<Promise<void>>();
  let failure: unknown;
  for await (const item of items) {
    if (failure) break;
    const task = work(item)
      .catch((error) => {
        failure ??= error;
      })
      .finally(() => running.delete(task));
    running.add(task);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure;
}

/** A key's place in the backup folder (keys are checked: no `..`, no hidden name). */
const fileOfKey = (folder: string, key: string) => path.join(folder, FILES_FOLDER, ...checkKey(key).split('/'));

/** Copies every stored object into `<folder>/files`, hashing it on the way. */
async function copyFilesOut(storage: ObjectStorage, folder: string): Promise<Manifest['storage']['files']> {
  const files: Manifest['storage']['files'] = [];
  await inPool(storage.list(''), PARALLEL, async ({ key }) => {
    const stored = await storage.get(key);
    if (!stored) return; // removed since it was listed (an erasure): nothing to keep
    const target = fileOfKey(folder, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(stored.body, tap, createWriteStream(target, { flags: 'wx' }));
    files.push({ key, size, sha256: hash.digest('hex') });
  });
  return files.sort((a, b) => (a.key < b.key ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------------------------
// backup

export interface BackupOptions {
  database: DatabaseTarget;
  storage: ObjectStorage;
  /** a folder that does not exist yet, or an empty one */
  folder: string;
  progress?: Progress;
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await fs.readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Takes a backup: the database's snapshot first, then the files (see the top of this file for why). */
export async function takeBackup({ database, storage, folder, progress = () => {} }: BackupOptions): Promise<Manifest> {
  if (!(await isEmptyFolder(folder))) throw new BackupError(`${folder} is not empty: give a new folder for the backup`);
  await fs.mkdir(folder, { recursive: true });
  const createdAt = new Date().toISOString();

  const dbFile = database.kind === 'postgres' ? PG_DUMP_FILE : PGLITE_DUMP_FILE;
  progress(`database: ${database.kind === 'postgres' ? 'pg_dump' : `embedded database in ${database.dir}`}`);
  const tables =
    database.kind === 'postgres'
      ? await dumpPostgres(database.url, path.join(folder, dbFile))
      : await dumpPglite(database.dir, path.join(folder, dbFile));
  const dbSum = await sha256OfFile(path.join(folder, dbFile));
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  progress(`database: ${Object.keys(tables).length} tables, ${rows} rows, ${dbSum.size} bytes`);

  progress(`files: copying from the ${storage.description}`);
  const files = await copyFilesOut(storage, folder);
  const bytes = files.reduce((a, f) => a + f.size, 0);
  progress(`files: ${files.length} files, ${bytes} bytes`);

  const manifest: Manifest = {
    format: FORMAT,
    created_at: createdAt,
    database: { kind: database.kind, file: dbFile, size: dbSum.size, sha256: dbSum.sha256, tables },
    storage: { driver: storage.driver, count: files.length, bytes, files },
  };
  // written last, under a temporary name and renamed: a folder with a manifest holds a whole backup
  const temp = path.join(folder, `.${MANIFEST}.tmp`);
  await fs.writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.rename(temp, path.join(folder, MANIFEST));
  return manifest;
}

// ---------------------------------------------------------------------------------------------------------------
// restore

export interface RestoreOptions extends BackupOptions {
  /** restore into a database or store that already holds data (the backup's rows and files replace theirs) */
  force?: boolean;
}

/** Reads the manifest and checks every file of the backup against it before anything is written anywhere. */
export async function verifyBackup(folder: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(folder, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${folder} has no readable ${MANIFEST}: not a backup, or an unfinished one`);
  }
  if (manifest.format !== FORMAT) throw new BackupError(`${folder}: unknown backup format ${String(manifest.format)}`);
  const expected = manifest.database?.kind === 'pglite' ? PGLITE_DUMP_FILE : PG_DUMP_FILE;
  if (manifest.database?.file !== expected || !Array.isArray(manifest.storage?.files))
    throw new BackupError(`${folder}/${MANIFEST} does not describe a backup of this kind`);
  const dbSum = await sha256OfFile(path.join(folder, manifest.database.file)).catch(() => null);
  if (!dbSum || dbSum.sha256 !== manifest.database.sha256 || dbSum.size !== manifest.database.size)
    throw new BackupError(`${manifest.database.file} is missing or does not match the manifest`);
  await inPool(manifest.storage.files, PARALLEL, async (file) => {
    const sum = await sha256OfFile(fileOfKey(folder, file.key)).catch(() => null);
    if (!sum || sum.sha256 !== file.sha256 || sum.size !== file.size)
      throw new BackupError(`files/${file.key} is missing or does not match the manifest`);
  });
  if (manifest.storage.files.length !== manifest.storage.count)
    throw new BackupError(
      `the manifest lists ${manifest.storage.files.length} files but counts ${manifest.storage.count}`,
    );
  return manifest;
}

async function storageIsEmpty(storage: ObjectStorage): Promise<boolean> {
  for await (const _ of storage.list('')) return false;
  return true;
}

/**
 * Restores a backup into a fresh database and a fresh folder or bucket: checks the backup whole first, refuses a
 * target that holds data (unless forced), restores the database, then the files, and compares the restored rows
 * of every table with the manifest. Forced, the target is replaced: its database first, and once the backup's
 * files are in, the files the backup does not hold are removed.
 */
export async function restoreBackup({
  database,
  storage,
  folder,
  force = false,
  progress = () => {},
}: RestoreOptions): Promise<Manifest> {
  const manifest = await verifyBackup(folder);
  progress(`backup of ${manifest.created_at}: ${manifest.storage.count} files, checksums match`);
  if (manifest.database.kind !== database.kind)
    throw new BackupError(
      `this backup holds ${manifest.database.kind === 'postgres' ? 'a PostgreSQL dump (set DATABASE_URL)' : 'an embedded database (unset DATABASE_URL)'}`,
    );

  if (!force) {
    const dbEmpty =
      database.kind === 'postgres' ? await postgresIsEmpty(database.url) : await isEmptyFolder(database.dir);
    if (!dbEmpty)
      throw new BackupError(
        `the target database is not empty (${database.kind === 'postgres' ? 'it has tables' : database.dir}): restore into a new one, or add --force to replace it`,
      );
    if (!(await storageIsEmpty(storage)))
      throw new BackupError(`the ${storage.description} is not empty: restore into a new one, or add --force`);
  }

  const dbFile = path.join(folder, manifest.database.file);
  let restored: Record<string, number>;
  if (database.kind === 'postgres') {
    progress('database: pg_restore');
    const target = libpqTarget(database.url);
    const clean = force ? ['--clean', '--if-exists'] : [];
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, '-d', target.url, dbFile],
      target.env,
    );
    restored = await postgresCounts(database.url);
  } else {
    progress(`database: embedded database into ${database.dir}`);
    if (force) await fs.rm(database.dir, { recursive: true, force: true });
    await fs.mkdir(database.dir, { recursive: true });
    const db = await openPglite(database.dir, new Blob([await fs.readFile(dbFile)]));
    try {
      restored = await countTables(pgliteQuery(db));
    } finally {
      await db.close();
    }
  }
  for (const [table, n] of Object.entries(manifest.database.tables))
    if (restored[table] !== n)
      throw new BackupError(`the restored table ${table} has ${restored[table] ?? 'no'} rows, the backup ${n}`);
  progress(`database: ${Object.keys(manifest.database.tables).length} tables restored, row counts match`);

  progress(`files: into the ${storage.description}`);
  await inPool(manifest.storage.files, PARALLEL, async (file) => {
    const data = await fs.readFile(fileOfKey(folder, file.key));
    if (sha256Of(data) !== file.sha256) throw new BackupError(`files/${file.key} changed during the restore`);
    await storage.put(file.key, data, { contentType: mimeOf(file.key) });
  });
  progress(`files: ${manifest.storage.count} files restored`);
  if (force) {
    // replaced, not merged: a file the target held that the backup does not (e.g. an upload made after the backup)
    // would belong to no row of the restored database
    const kept = new Set(manifest.storage.files.map((file) => file.key));
    const extra: string[] = [];
    for await (const object of storage.list('')) if (!kept.has(object.key)) extra.push(object.key);
    await inPool(extra, PARALLEL, (key) => storage.delete(key));
    progress(`files: ${extra.length} files that are not in the backup removed`);
  }
  return manifest;
}

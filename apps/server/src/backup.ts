/**
 * `npm run cli -- backup <file>` and `restore <file>` for the embedded database (PGlite in
 * `${DATA_DIR}/pglite`; docs/operations.md, "Backups"). A backup is one zip file holding
 * PGlite's data directory as a gzipped tarball (`dumpDataDir`, taken after a CHECKPOINT
 * between two queries: a consistent copy), the `auth-secret` of DATA_DIR (without it the
 * secrets sealed in the database, lib/secret-box.ts, and every session would be lost; not when
 * AUTH_SECRET comes from the environment) and a small manifest. It is as secret as DATA_DIR
 * (written 0600). While a server runs on the directory the CLI asks it for the tarball
 * (local-control.ts), since a second process must not open PGlite's files; a restore then
 * refuses, because it replaces the database under the server. PostgreSQL is backed up with its
 * own tools (pg_dump, base backups and WAL archiving), never through here.
 */
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { openDatabase } from './db/client.ts';
import { readLiveServer, requestBackupFromServer } from './local-control.ts';

export const BACKUP_USAGE = `Backups of the embedded database (DATA_DIR/pglite):
  backup FILE             write the whole database (and DATA_DIR/auth-secret) to FILE, a zip;
                          works while the server runs
  restore FILE            load FILE into an empty DATA_DIR (the server must be stopped)
  restore FILE --force    the same over an existing database, which is kept aside as
                          DATA_DIR/pglite.before-restore-<time>
On PostgreSQL (DATABASE_URL set) use pg_dump / pg_restore and WAL archiving: docs/operations.md.`;

export interface BackupResult {
  exitCode: number;
  output: string;
}

const fail = (output: string): BackupResult => ({ exitCode: 1, output });

const MANIFEST = 'tenantry-backup.json';
const DATABASE_ENTRY = 'pglite.tar.gz';
const SECRET_ENTRY = 'auth-secret';

interface Manifest {
  format: 'tenantry-backup';
  version: 1;
  createdAt: string;
  /** Whether DATA_DIR's auth-secret is in the file, or AUTH_SECRET came from the environment. */
  authSecret: 'included' | 'environment';
}

const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

function hasDatabase(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Writes `bytes` to `file` (0600) through a temporary name, so a half-written file never shows. */
function writeAtomically(file: string, bytes: Uint8Array): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

export interface BackupOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /** AUTH_SECRET was set in the environment: DATA_DIR has no auth-secret to keep. */
  authSecretFromEnv: boolean;
}

export async function runBackupCommand(
  opts: BackupOptions,
  argv: readonly string[],
): Promise<BackupResult> {
  const [command, file, ...flags] = argv;
  if (opts.databaseUrl) {
    return fail(
      `"${command}" is for the embedded database. This server uses PostgreSQL (DATABASE_URL): back it up with pg_dump (or base backups with WAL archiving for point-in-time recovery) and restore with pg_restore, as docs/operations.md describes.`,
    );
  }
  const force = flags.includes('--force');
  const unknown = flags.filter((f) => f !== '--force' || command !== 'restore');
  if (!file || file.startsWith('--') || unknown.length > 0) {
    return fail(
      `"${command}" needs one file name${command === 'restore' ? ' (and --force to replace a database)' : ''}.\n\n${BACKUP_USAGE}`,
    );
  }
  const target = path.resolve(process.cwd(), file);
  return command === 'backup' ? backup(opts, target) : restore(opts.dataDir, target, force);
}

async function backup(opts: BackupOptions, file: string): Promise<BackupResult> {
  const { dataDir } = opts;
  if (existsSync(file))
    return fail(`${file} already exists; choose another name (a backup never overwrites a file).`);
  if (!existsSync(path.dirname(file)))
    return fail(`The folder ${path.dirname(file)} does not exist.`);
  const server = readLiveServer(dataDir);
  let tarball: Blob;
  if (server) {
    // The running server owns the files: it takes the copy between two of its queries.
    tarball = await requestBackupFromServer(server);
  } else {
    const dir = pgliteDirOf(dataDir);
    if (!hasDatabase(dir)) return fail(`There is no database in ${dir} to back up.`);
    const database = await openDatabase({ pgliteDir: dir });
    try {
      tarball = await database.dumpDataDir!();
    } finally {
      await database.close();
    }
  }
  const secretFile = path.join(dataDir, SECRET_ENTRY);
  const withSecret = !opts.authSecretFromEnv && existsSync(secretFile);
  const manifest: Manifest = {
    format: 'tenantry-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    authSecret: withSecret ? 'included' : 'environment',
  };
  const bytes = zipSync(
    {
      [MANIFEST]: strToU8(JSON.stringify(manifest, null, 2)),
      // Already compressed: stored as it is.
      [DATABASE_ENTRY]: [new Uint8Array(await tarball.arrayBuffer()), { level: 0 }],
      ...(withSecret ? { [SECRET_ENTRY]: readFileSync(secretFile) } : {}),
    },
    { level: 6 },
  );
  writeAtomically(file, bytes);
  const how = server ? ` from the running server (pid ${server.pid})` : '';
  const secretNote = withSecret
    ? ' It holds DATA_DIR/auth-secret too: keep it as safe as DATA_DIR.'
    : ' AUTH_SECRET comes from the environment and is not in the file: keep it with the backup, or the secrets sealed in the database cannot be read after a restore.';
  return {
    exitCode: 0,
    output: `Backed up ${dataDir}${how} to ${file} (${megabytes(bytes.length)}).${secretNote}`,
  };
}

/** The entries of a backup file, or why it is not one. */
function readBackup(file: string): { database: Uint8Array; secret?: Uint8Array } | string {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(readFileSync(file));
  } catch {
    return 'not a zip file';
  }
  const manifestBytes = entries[MANIFEST];
  const database = entries[DATABASE_ENTRY];
  if (!manifestBytes || !database) return 'no Tenantry backup manifest or database in it';
  const manifest = JSON.parse(strFromU8(manifestBytes)) as Partial<Manifest>;
  if (manifest.format !== 'tenantry-backup' || manifest.version !== 1) {
    return `an unknown backup format (${String(manifest.format)} ${String(manifest.version)})`;
  }
  return { database, secret: entries[SECRET_ENTRY] };
}

async function restore(dataDir: string, file: string, force: boolean): Promise<BackupResult> {
  const server = readLiveServer(dataDir);
  if (server) {
    return fail(
      `A Tenantry server (pid ${server.pid}, port ${server.port}) is using ${dataDir}. Stop it first: a restore replaces the database under it. (A backup works while it runs.)`,
    );
  }
  if (!existsSync(file) || !statSync(file).isFile()) {
    return fail(`There is no backup file ${file}.`);
  }
  const dir = pgliteDirOf(dataDir);
  if (hasDatabase(dir) && !force) {
    return fail(
      `${dir} already holds a database. Restore into an empty DATA_DIR, or add --force to keep the current one aside (as pglite.before-restore-<time>) and restore over it.`,
    );
  }
  const content = readBackup(file);
  if (typeof content === 'string') {
    return fail(`${file} is not a Tenantry backup (${content}). Nothing was changed.`);
  }
  // Loaded into a directory of its own first: the current database is only moved once the
  // backup has opened and proven to be a Tenantry database.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const loading = `${dir}.restoring-${stamp}`;
  try {
    const pglite = await PGlite.create({
      dataDir: loading,
      loadDataDir: new Blob([content.database as Uint8Array<ArrayBuffer>]),
    });
    try {
      const res = await pglite.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      if (!(res.rows[0]?.n && res.rows[0].n > 0)) throw new Error('no migrations recorded');
    } finally {
      await pglite.close();
    }
  } catch (err) {
    rmSync(loading, { recursive: true, force: true });
    const why = err instanceof Error ? err.message : String(err);
    return fail(`${file} is not a backup of a Tenantry database (${why}). Nothing was changed.`);
  }
  let kept = '';
  if (existsSync(dir)) {
    kept = `${dir}.before-restore-${stamp}`;
    renameSync(dir, kept);
  }
  renameSync(loading, dir);
  // The secret the restored database's sealed values and sessions were made with.
  let secretNote =
    ' The file has no auth-secret: start the server with the AUTH_SECRET of the backed-up one.';
  if (content.secret) {
    const secretFile = path.join(dataDir, SECRET_ENTRY);
    const current = existsSync(secretFile) ? readFileSync(secretFile) : null;
    if (current && !current.equals(content.secret)) {
      renameSync(secretFile, `${secretFile}.before-restore-${stamp}`);
    }
    writeFileSync(secretFile, content.secret, { mode: 0o600 });
    secretNote = ' DATA_DIR/auth-secret is the backed-up one.';
  }
  return {
    exitCode: 0,
    output: `Restored ${file} into ${dir}.${kept ? ` The database it replaced is kept in ${kept}.` : ''}${secretNote} Start the server to use it (it applies newer migrations itself).`,
  };
}

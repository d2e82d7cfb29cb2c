/**
 * PGlite is one process's database: a second process must not open the same data directory.
 * A running server records itself in `${DATA_DIR}/server.json` (0600, with a random token);
 * the CLI then asks that server to run the command (POST /internal/cli) or to take a backup
 * (POST /internal/backup, backup.ts) instead of opening the database, and a second server
 * refuses to start.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './db/client.ts';
import { runCliCommand } from './modules/users/users.cli.ts';
import { Hono } from 'hono';

export interface ServerRecord {
  pid: number;
  port: number;
  host: string;
  token: string;
}

export const CLI_TOKEN_HEADER = 'x-tenantry-cli-token';
export const CLI_PATH = '/internal/cli';
export const BACKUP_PATH = '/internal/backup';

const recordPath = (dataDir: string) => path.join(dataDir, 'server.json');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server that is running on this data directory, if any. */
export function readLiveServer(dataDir: string): ServerRecord | null {
  try {
    const rec = JSON.parse(readFileSync(recordPath(dataDir), 'utf8')) as ServerRecord;
    if (typeof rec.pid === 'number' && rec.pid !== process.pid && alive(rec.pid)) return rec;
  } catch {
    // no record
  }
  return null;
}

export function newCliToken(): string {
  return randomBytes(32).toString('base64url');
}

export function writeServerRecord(dataDir: string, rec: ServerRecord): void {
  writeFileSync(recordPath(dataDir), JSON.stringify(rec), { mode: 0o600 });
}

export function removeServerRecord(dataDir: string): void {
  rmSync(recordPath(dataDir), { force: true });
}

/**
 * POST /internal/cli: runs a CLI command for the holder of the token; POST /internal/backup:
 * answers the database as a gzipped tarball (when `dumpDataDir` is given: PGlite).
 */
export function createCliRoute(database: DatabaseHandle, token: string) {
  const { db } = database;
  const dumpDataDir = database.dumpDataDir?.bind(database);
  const expected = Buffer.from(token);
  const allowed = (header: string | undefined) => {
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const route = new Hono();
  if (dumpDataDir) {
    route.post(BACKUP_PATH, async (c) => {
      if (!allowed(c.req.header(CLI_TOKEN_HEADER))) return c.text('Forbidden', 403);
      const tarball = await dumpDataDir();
      return c.body(tarball.stream(), 200, {
        'content-type': 'application/gzip',
        'cache-control': 'no-store',
      });
    });
  }
  route.post(CLI_PATH, async (c) => {
    if (!allowed(c.req.header(CLI_TOKEN_HEADER))) {
      return c.json({ exitCode: 1, output: 'Forbidden' }, 403);
    }
    const body = (await c.req.json().catch(() => null)) as { argv?: unknown } | null;
    const argv = Array.isArray(body?.argv) ? body.argv.map(String) : [];
    return c.json(await runCliCommand(db, argv));
  });
  return route;
}

function serverUrl(rec: ServerRecord, p: string): string {
  const host = rec.host === '0.0.0.0' || rec.host === '::' ? '127.0.0.1' : rec.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${rec.port}${p}`;
}

/** Asks the running server to run a CLI command. */
export async function runCliOnServer(
  rec: ServerRecord,
  argv: readonly string[],
): Promise<{ exitCode: number; output: string }> {
  const res = await fetch(serverUrl(rec, CLI_PATH), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLI_TOKEN_HEADER]: rec.token },
    body: JSON.stringify({ argv }),
  });
  return (await res.json()) as { exitCode: number; output: string };
}

/** Asks the running server for a backup of its database (a gzipped tarball). */
export async function requestBackupFromServer(rec: ServerRecord): Promise<Blob> {
  const res = await fetch(serverUrl(rec, BACKUP_PATH), {
    method: 'POST',
    headers: { [CLI_TOKEN_HEADER]: rec.token },
  });
  if (!res.ok) throw new Error(`the running server refused the backup: ${res.status}`);
  return res.blob();
}

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dumped, migrated PGlite data directory (PGlite mode). */
    pgliteTemplate: string;
    /** PostgreSQL URL of the server (PostgreSQL mode), '' otherwise. */
    postgresUrl: string;
    /** Name of the migrated template database (PostgreSQL mode). */
    postgresTemplate: string;
  }
}

/**
 * Databases of a run carry the runner's pid, so two runs on one server (two people, two
 * helpers) never drop each other's template; leftovers of dead runs are dropped at setup.
 */
const TEMPLATE_PREFIX = 'tenantry_tpl_';
export const TEST_DB_PREFIX = 'tenantry_test_';

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropDeadRunDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^tenantry_(tpl|test)_[0-9]+'",
  );
  for (const { datname } of rows) {
    const pid = Number(/^tenantry_(?:tpl|test)_(\d+)/.exec(datname)?.[1]);
    if (!Number.isInteger(pid) || pidAlive(pid)) continue;
    await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
  }
}

/** Hash of every migration file: a changed schema gets a fresh template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(entry.name).update(readFileSync(p));
    }
  };
  walk(MIGRATIONS_FOLDER);
  const pgliteDir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  hash.update(readFileSync(path.join(pgliteDir, '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL?.trim() ?? '';
  if (postgresUrl) {
    const template = `${TEMPLATE_PREFIX}${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await dropDeadRunDatabases(admin);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.query(`create database ${template}`);
    } finally {
      await admin.end();
    }
    const handle = await openDatabase({
      databaseUrl: withDatabase(postgresUrl, template),
      poolMax: 1,
    });
    await handle.migrate();
    await handle.close();
    project.provide('postgresUrl', postgresUrl);
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${template} with (force)`).catch(() => {});
      await c.end();
    };
  }

  const file = path.join(os.tmpdir(), `tenantry-pglite-template-${migrationsHash()}.tar.gz`);
  if (!existsSync(file)) {
    const pglite = await PGlite.create();
    const handle = await openDatabase({ pglite });
    await handle.migrate();
    const dump = await pglite.dumpDataDir('gzip');
    await pglite.close();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresUrl', '');
  project.provide('postgresTemplate', '');
}

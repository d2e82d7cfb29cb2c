import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const urls = new WeakMap<DatabaseHandle, string>();

/**
 * A second, independent connection pool to a PostgreSQL test database (as a second server
 * process would have); null on PGlite, which one process owns.
 */
export async function openSecondHandle(handle: DatabaseHandle): Promise<DatabaseHandle | null> {
  const url = urls.get(handle);
  return url ? openDatabase({ databaseUrl: url, poolMax: 5 }) : null;
}

/**
 * A fresh, migrated database for one test file: PGlite loaded from the dumped template, or a
 * PostgreSQL database created from the template database (dropped again on close()).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) {
    // The runner's pid (the template's suffix) lets a later run drop what a crashed one left.
    const runPid = inject('postgresTemplate').replace(/^\D+/, '');
    const name = `tenantry_test_${runPid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    } finally {
      await admin.end();
    }
    const url = withDatabase(postgresUrl, name);
    const handle = await openDatabase({ databaseUrl: url, poolMax: 5 });
    const wrapped: DatabaseHandle = {
      ...handle,
      async close() {
        await handle.close();
        const c = new pg.Client({ connectionString: postgresUrl });
        await c.connect();
        try {
          await c.query(`drop database if exists ${name} with (force)`);
        } finally {
          await c.end();
        }
      },
    };
    urls.set(wrapped, url);
    return wrapped;
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return openDatabase({ pglite });
}

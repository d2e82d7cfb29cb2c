/**
 * Backups restore to the same data (docs/operations.md, "Backups"): the embedded database
 * through `npm run cli -- backup` / `restore` (run as the operator runs them: a CLI process),
 * also while a server runs on the directory; PostgreSQL through pg_dump / pg_restore when the
 * run has a PostgreSQL server (TEST_DATABASE_URL) and the binaries. "The same" is a row count
 * and a checksum of the rows of every table of the application's schema and of the migrations.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type ExecuteSql } from './db/client.ts';
import { removeServerRecord, writeServerRecord } from './local-control.ts';
import { setupTestApp, tempDir, type TestApp } from './test/app.ts';
import { addTenant } from './test/data.ts';
import { createTestDatabase } from './test/db.ts';
import { signUpPerson } from './test/people.ts';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const temp = tempDir('tenantry-backup-');
afterAll(() => temp.remove());

/** Per table (`schema.name`): its row count and an md5 of its rows in a stable order. */
async function checksums(executeSql: ExecuteSql): Promise<Record<string, string>> {
  const { rows: tables } = await executeSql(
    `select table_schema || '.' || table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { t } of tables as Array<{ t: string }>) {
    const [schema, name] = t.split('.');
    const { rows } = await executeSql(
      `select count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as h
       from "${schema}"."${name}" r`,
    );
    const row = rows[0] as { n: number; h: string };
    out[t] = `${row.n}:${row.h}`;
  }
  return out;
}

/** Some of everything a person makes first: users, an account, a client tenant, audit rows. */
async function populate(t: TestApp): Promise<void> {
  for (const name of ['alpha', 'beta']) {
    const owner = await signUpPerson(t, `backup-${name}`);
    await addTenant(t, owner.tid, `Tenant ${name}`, ['backup']);
  }
}

/** `npm run cli -- …` on DATA_DIR `dataDir`, as a process of its own. */
function cli(dataDir: string, ...argv: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  delete env.AUTH_SECRET;
  return run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...argv], {
    cwd: SERVER_DIR,
    env,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      out: err.stdout + err.stderr,
    }),
  );
}

/** A PGlite data directory in `dataDir`, migrated (from this run's template when it has one). */
async function pgliteIn(dataDir: string): Promise<DatabaseHandle> {
  const template = inject('pgliteTemplate');
  mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
  const database = await openDatabase({ pglite });
  if (!template) await database.migrate();
  return database;
}

describe('the embedded database: npm run cli -- backup / restore', () => {
  it('restores what it backed up, with the auth secret, and refuses to overwrite', async () => {
    const source = path.join(temp.dir, 'source');
    const database = await pgliteIn(source);
    const t = await setupTestApp({ database, config: { dataDir: source } });
    await populate(t);
    const before = await checksums(database.executeSql);
    await t.close();
    expect(Object.keys(before).length).toBeGreaterThan(40);
    expect(before['public.users']).toMatch(/^2:/);

    const file = path.join(temp.dir, 'offline.zip');
    const backedUp = await cli(source, 'backup', file);
    expect(backedUp, backedUp.out).toMatchObject({ code: 0 });
    expect(backedUp.out).toMatch(/auth-secret too/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Never over an existing file.
    expect(await cli(source, 'backup', file)).toMatchObject({
      code: 1,
      out: expect.stringMatching(/already exists/),
    });

    const target = path.join(temp.dir, 'target');
    const restored = await cli(target, 'restore', file);
    expect(restored, restored.out).toMatchObject({ code: 0 });
    const back = await openDatabase({ pgliteDir: path.join(target, 'pglite') });
    try {
      expect(await checksums(back.executeSql)).toEqual(before);
    } finally {
      await back.close();
    }
    expect(readFileSync(path.join(target, 'auth-secret'), 'utf8')).toBe(
      readFileSync(path.join(source, 'auth-secret'), 'utf8'),
    );

    // A database is there now: not without --force, which keeps it aside.
    const again = await cli(target, 'restore', file);
    expect(again).toMatchObject({
      code: 1,
      out: expect.stringMatching(/already holds a database.*--force/s),
    });
    const forced = await cli(target, 'restore', file, '--force');
    expect(forced, forced.out).toMatchObject({
      code: 0,
      out: expect.stringMatching(/kept in .*pglite\.before-restore-/),
    });

    // Not a backup: nothing changes.
    const bogus = await cli(target, 'restore', path.join(SERVER_DIR, 'package.json'), '--force');
    expect(bogus).toMatchObject({ code: 1, out: expect.stringMatching(/not a Tenantry backup/) });
  }, 180_000);

  it('takes the backup from the running server, and refuses to restore under it', async () => {
    const live = path.join(temp.dir, 'live');
    const database = await pgliteIn(live);
    const token = 'cli-token-for-the-backup-test';
    const t = await setupTestApp({ database, config: { dataDir: live }, cliToken: token });
    await populate(t);
    const before = await checksums(database.executeSql);
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    // This test process is the "server" the CLI finds in DATA_DIR/server.json.
    writeServerRecord(live, { pid: process.pid, port, host: '127.0.0.1', token });
    try {
      const file = path.join(temp.dir, 'online.zip');
      const backedUp = await cli(live, 'backup', file);
      expect(backedUp, backedUp.out).toMatchObject({
        code: 0,
        out: expect.stringMatching(/from the running server/),
      });
      const refused = await cli(live, 'restore', file, '--force');
      expect(refused).toMatchObject({
        code: 1,
        out: expect.stringMatching(/is using .*Stop it first/s),
      });

      const target = path.join(temp.dir, 'from-live');
      expect(await cli(target, 'restore', file)).toMatchObject({ code: 0 });
      const back = await openDatabase({ pgliteDir: path.join(target, 'pglite') });
      try {
        expect(await checksums(back.executeSql)).toEqual(before);
      } finally {
        await back.close();
      }
    } finally {
      removeServerRecord(live);
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    }
  }, 180_000);

  it('points PostgreSQL to its own tools', async () => {
    const env = { ...process.env, DATABASE_URL: 'postgres://u@127.0.0.1:1/x', DATA_DIR: temp.dir };
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'backup', 'x.zip'], {
      cwd: SERVER_DIR,
      env,
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/pg_dump.*docs\/operations\.md/s);
  }, 60_000);
});

/** Why the PostgreSQL round trip cannot run here, or null when it can. */
function postgresSkipReason(): string | null {
  if (!inject('postgresUrl')) return 'this run is on PGlite (set TEST_DATABASE_URL for PostgreSQL)';
  const dump = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  const restore = spawnSync('pg_restore', ['--version'], { encoding: 'utf8' });
  if (dump.status !== 0 || restore.status !== 0) return 'pg_dump / pg_restore are not installed';
  return null;
}

const skipPostgres = postgresSkipReason();

describe.skipIf(skipPostgres !== null)(
  `PostgreSQL: pg_dump and pg_restore${skipPostgres ? ` (skipped: ${skipPostgres})` : ''}`,
  () => {
    it('restores a pg_dump into a new database with the same data', async () => {
      const database = await createTestDatabase();
      const t = await setupTestApp({ database });
      await populate(t);
      const before = await checksums(database.executeSql);
      const admin = inject('postgresUrl');
      const { rows } = await database.executeSql('select current_database() as name');
      const url = new URL(admin);
      url.pathname = `/${(rows[0] as { name: string }).name}`;
      const file = path.join(temp.dir, 'pg.dump');
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url.toString()]);
      expect(existsSync(file)).toBe(true);

      const restoredName = `tenantry_restore_${process.pid}_${Date.now()}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`create database ${restoredName}`);
        const target = new URL(admin);
        target.pathname = `/${restoredName}`;
        await run('pg_restore', [
          '--no-owner',
          '--exit-on-error',
          `--dbname=${target.toString()}`,
          file,
        ]);
        const back = await openDatabase({ databaseUrl: target.toString(), poolMax: 2 });
        try {
          expect(await checksums(back.executeSql)).toEqual(before);
        } finally {
          await back.close();
        }
      } finally {
        await client.query(`drop database if exists ${restoredName} with (force)`);
        await client.end();
        await t.close();
      }
    }, 120_000);
  },
);

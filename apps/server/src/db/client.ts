import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export { schema };
export type Schema = typeof schema;

/** The one database type used everywhere (PGlite and node-postgres both satisfy it). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction of `Database` (what `db.transaction(fn)` hands to `fn`). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

/** Raw SQL for libraries that bring their own SQL (pg-boss through the jobs module). */
export type ExecuteSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  executeSql: ExecuteSql;
  /** Applies the committed SQL migrations in apps/server/drizzle (idempotent). */
  migrate(): Promise<void>;
  /**
   * LISTENs on `channel`: `onPayload` gets each NOTIFY's payload, from every process on the
   * database (PostgreSQL: one dedicated connection that reconnects by itself and calls
   * `onReconnect`, since notifications sent while it was away are lost; PGlite: in-process).
   * Resolves to the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections now (GET /metrics); absent on PGlite. */
  poolStats?(): PoolStats;
  /**
   * PGlite only: the whole data directory as a gzipped tarball, taken between two queries
   * (PGlite runs one at a time), after a CHECKPOINT — a consistent copy (backup.ts).
   */
  dumpDataDir?(): Promise<Blob>;
}

export interface PoolStats {
  /** Open connections, idle or busy. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Arbitrary constant: serialises migrations of several processes on one PostgreSQL database. */
const MIGRATION_LOCK_ID = 727_110_001;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory (created when missing); ignored with databaseUrl or pglite. */
  pgliteDir?: string | undefined;
  /** An already opened PGlite instance (tests load it from a migrated template). */
  pglite?: PGlite | undefined;
  /** node-postgres pool size. */
  poolMax?: number | undefined;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax ?? 20);
  let client = opts.pglite;
  if (!client) {
    if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
    client = await PGlite.create(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {});
  }
  return wrapPglite(client);
}

function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const res = await client.query<Record<string, unknown>>(text, values);
        return { rows: res.rows };
      }
      // Without parameters the text may hold several statements (pg-boss does this).
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async dumpDataDir() {
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
  };
}

function openPostgres(connectionString: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it and the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    async executeSql(text, values) {
      const res = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement text answers an array of results; hand back the last one.
      const last = Array.isArray(res) ? (res as pg.QueryResult[]).at(-1) : res;
      return { rows: last?.rows ?? [] };
    },
    async migrate() {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migratePg(drizzlePg({ client: conn }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        conn.release();
      }
    },
    listen: (channel, onPayload, onReconnect) =>
      listenPostgres(connectionString, channel, onPayload, onReconnect, listeners),
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
  };
}

/**
 * One dedicated connection LISTENing on `channel` (a pooled one would be handed to other
 * queries). On a lost connection it reconnects with backoff (0.5 s doubling to 10 s) and calls
 * `onReconnect`, so subscribers re-read what they may have missed.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  registry: Set<() => Promise<void>>,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 500;
  let timer: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    c.on('error', () => retry());
    c.on('end', () => retry());
    client = c;
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    delay = 500;
    if (isReconnect) onReconnect?.();
  };
  const retry = () => {
    if (stopped || timer) return;
    const old = client;
    client = null;
    old?.removeAllListeners('end');
    old?.end().catch(() => {});
    timer = setTimeout(() => {
      timer = undefined;
      connect(true).catch(() => retry());
    }, delay);
    delay = Math.min(delay * 2, 10_000);
  };

  await connect(false);
  const stop = async () => {
    stopped = true;
    registry.delete(stop);
    clearTimeout(timer);
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
    }
  };
  registry.add(stop);
  return stop;
}

const statementNames = new Map<string, string>();

/**
 * A stable prepared-statement name for a SQL text (one name per query shape). node-postgres
 * prepares a named statement once per connection, so PostgreSQL parses and plans it once
 * instead of on every call: for the hot queries of every request, planning was most of their
 * database time (claims: 0.73 ms planning against 0.16 ms execution; see bench/README.md).
 */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
}

/** Executes a drizzle query builder as a named prepared statement (see statementName). */
export async function runPrepared<T>(query: {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}): Promise<T> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}

/**
 * Runs a raw SQL query and returns its rows (same shape on both drivers). `prepared` makes it
 * a named prepared statement on PostgreSQL (see statementName); PGlite runs it as it is.
 */
export async function queryRows<T>(
  db: Database,
  query: SQL,
  opts: { prepared?: boolean } = {},
): Promise<T[]> {
  const { $client: client, dialect } = db as unknown as { $client?: unknown; dialect: PgDialect };
  if (opts.prepared && client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const res = await client.query({ name: statementName(text), text, values: params });
    return res.rows as T[];
  }
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

interface ShapedStatement {
  text: string;
  name: string;
  params: unknown[];
}

const shapedStatements = new Map<string, ShapedStatement>();

/** What runs a statement with positional parameters: a pool, a pooled or PGlite transaction. */
interface Queryable {
  query(
    config: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a hot path's statement whose text depends only on its `shape`: `build` writes it once per
 * shape with `sql.placeholder(name)` for every value, and each call only fills in `values` by
 * name (a missing one throws). On PostgreSQL it is a named prepared statement (statementName);
 * inside a transaction it runs on the transaction's connection. This skips building the SQL
 * from its pieces on every request, which is most of what drizzle costs on such a path.
 */
export async function queryShaped<T>(
  db: Database,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  let statement = shapedStatements.get(shape);
  if (!statement) {
    const { dialect } = db as unknown as { dialect: PgDialect };
    const { sql: text, params } = dialect.sqlToQuery(build());
    statement = { text, name: statementName(text), params };
    shapedStatements.set(shape, statement);
  }
  const params = fillPlaceholders(statement.params, values);
  const client = (db as unknown as { session: { client: Queryable } }).session.client;
  const res =
    client instanceof pg.Pool || client instanceof pg.Client
      ? await client.query({ name: statement.name, text: statement.text, values: params })
      : await client.query(statement.text, params);
  return res.rows as T[];
}

/**
 * The service console's system tab (docs/service-console.md, "Service console: overview and
 * system"): version, database, job queues (pg-boss's tables in the `pgboss` schema of the
 * app's own database), mail failures, webhook delivery health, server processes and the
 * effective configuration (an allow-list: never a secret).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  SHOWN_CONFIG_KEYS,
  type JobState,
  type ServiceJob,
  type ServiceJobList,
  type ServiceSystem,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../../auth/context.ts';
import { MIGRATIONS_FOLDER, queryRows, type Database } from '../../../db/client.ts';
import { cursorPart, decodeCursor, encodeCursor, invalidCursor } from '../../../lib/cursor.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { recordSystemAudit } from '../../audit/audit.service.ts';
import { GONE_AFTER_MS } from '../../../db/process-monitor.ts';

/** pg-boss's schema (lib/jobs' default). */
const BOSS = 'pgboss';

/** Keeps a failed delivery attempt of an e-mail (lib/mail's `onFailure`). */
export async function recordMailFailure(
  db: Database,
  failure: { recipient: string; subject: string; error: string },
): Promise<void> {
  await db.execute(sql`insert into mail_failures (id, recipient, subject, error)
    values (${randomUUID()}, ${failure.recipient}, ${failure.subject}, ${failure.error})`);
}

/** Whether pg-boss's tables are installed (not in a test app on an inline queue). */
export async function hasJobTables(db: Database): Promise<boolean> {
  const r = await queryRows<{ ok: boolean }>(
    db,
    sql`select to_regclass(${`${BOSS}.job`}) is not null as ok`,
  );
  return Boolean(r[0]?.ok);
}

/** The committed migrations by their `when` (drizzle keeps only that and a hash). */
let journal: Map<number, string> | null = null;
function migrationTags(): Map<number, string> {
  if (!journal) {
    const file = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number; tag: string }[] };
    journal = new Map(file.entries.map((e) => [e.when, e.tag]));
  }
  return journal;
}

async function databaseStatus(deps: AppDeps): Promise<ServiceSystem['database']> {
  const { db, dbKind } = deps;
  const size = await queryRows<{ n: string }>(
    db,
    sql`select pg_database_size(current_database())::text as n`,
  )
    .then((r) => Number(r[0]?.n ?? NaN))
    .catch(() => NaN);
  const applied = await queryRows<{ n: number; last: string | null }>(
    db,
    sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )
    .then((r) => r[0])
    .catch(() => undefined);
  const connections =
    dbKind === 'postgres'
      ? await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`,
        ).then((r) => Number(r[0]?.n ?? 0))
      : null;
  const last = applied?.last ? (migrationTags().get(Number(applied.last)) ?? null) : null;
  return {
    kind: dbKind,
    sizeBytes: Number.isFinite(size) ? size : null,
    migrations: { applied: Number(applied?.n ?? 0), last },
    connections,
  };
}

async function queueCounts(db: Database): Promise<ServiceSystem['queues']> {
  if (!(await hasJobTables(db))) return [];
  const rows = await queryRows<{ name: string; state: string; n: number }>(
    db,
    sql`
    select q.name, j.state::text as state, count(j.id)::int as n
    from ${sql.raw(BOSS)}.queue q left join ${sql.raw(BOSS)}.job j on j.name = q.name
    group by q.name, j.state order by q.name`,
  );
  const byQueue = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const counts = byQueue.get(r.name) ?? {};
    if (r.state) counts[r.state] = Number(r.n);
    byQueue.set(r.name, counts);
  }
  return [...byQueue].map(([name, counts]) => ({ name, counts }));
}

/** How many jobs failed for good and are still kept (the overview's card). */
export async function failedJobCount(db: Database): Promise<number> {
  if (!(await hasJobTables(db))) return 0;
  const r = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.raw(BOSS)}.job where state = 'failed'`,
    // Prepared: planning over every queue's partition costs more than the count itself.
    { prepared: true },
  );
  return Number(r[0]?.n ?? 0);
}

const iso = (v: string | Date) => new Date(v).toISOString();

async function mailStatus(deps: AppDeps): Promise<ServiceSystem['mail']> {
  const { db } = deps;
  const [count, recent] = await Promise.all([
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from mail_failures where created_at >= now() - interval '24 hours'`,
    ),
    queryRows<{
      id: string;
      recipient: string;
      subject: string;
      error: string;
      created_at: string;
    }>(
      db,
      sql`select id, recipient, subject, error, created_at from mail_failures order by created_at desc limit 10`,
    ),
  ]);
  return {
    mode: deps.mailer.transport,
    failures24h: Number(count[0]?.n ?? 0),
    recentFailures: recent.map((r) => ({
      id: r.id,
      recipient: r.recipient,
      subject: r.subject,
      error: r.error,
      createdAt: iso(r.created_at),
    })),
  };
}

async function webhookStatus(db: Database): Promise<ServiceSystem['webhooks']> {
  // Index webhook_deliveries_created_idx: only the last day's deliveries are read.
  const [counts, failing] = await Promise.all([
    queryRows<{ ok: number; failed: number; pending: number }>(
      db,
      sql`
      select count(*) filter (where status = 'succeeded')::int as ok,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'pending')::int as pending
      from webhook_deliveries where created_at >= now() - interval '24 hours'`,
    ),
    queryRows<{ endpoint_id: string; url: string; account_name: string; n: number }>(
      db,
      sql`
      select d.endpoint_id, e.url, a.name as account_name, count(*)::int as n
      from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id
      join accounts a on a.id = d.account_id
      where d.created_at >= now() - interval '24 hours' and d.status = 'failed'
      group by d.endpoint_id, e.url, a.name
      order by n desc, d.endpoint_id limit 10`,
    ),
  ]);
  const c = counts[0];
  return {
    succeeded24h: Number(c?.ok ?? 0),
    failed24h: Number(c?.failed ?? 0),
    pending: Number(c?.pending ?? 0),
    failingEndpoints: failing.map((r) => ({
      endpointId: r.endpoint_id,
      url: r.url,
      accountName: r.account_name,
      failed24h: Number(r.n),
    })),
  };
}

async function processStatus(db: Database): Promise<ServiceSystem['processes']> {
  const rows = await queryRows<{
    id: string;
    host: string;
    pid: number;
    started_at: string;
    last_seen: string;
    live_connections: number;
    gone: boolean;
  }>(
    db,
    sql`
    select id, host, pid, started_at, last_seen, live_connections,
      last_seen < now() - ${`${GONE_AFTER_MS / 1000} seconds`}::interval as gone
    from server_processes order by gone, started_at desc limit 50`,
  );
  return rows.map((r) => ({
    id: r.id,
    host: r.host,
    pid: Number(r.pid),
    startedAt: iso(r.started_at),
    lastSeen: iso(r.last_seen),
    liveConnections: Number(r.live_connections),
    gone: Boolean(r.gone),
  }));
}

/** The allow-listed configuration (SHOWN_CONFIG_KEYS): no secret, no URL with credentials. */
export function shownConfig(deps: AppDeps): ServiceSystem['config'] {
  const c = deps.config;
  const values: Record<(typeof SHOWN_CONFIG_KEYS)[number], string> = {
    appEnv: c.appEnv,
    port: String(c.port),
    host: c.host,
    publicUrl: c.publicUrl,
    logLevel: c.logLevel,
    billingProvider: c.billingProvider,
    demoData: String(c.demoData),
    database: deps.dbKind,
    mail: deps.mailer.transport,
    smtpFrom: c.smtpFrom,
  };
  return SHOWN_CONFIG_KEYS.map((key) => ({ key, value: values[key] }));
}

export async function systemStatus(deps: AppDeps): Promise<ServiceSystem> {
  const [database, queues, mail, webhooks, processes] = await Promise.all([
    databaseStatus(deps),
    queueCounts(deps.db),
    mailStatus(deps),
    webhookStatus(deps.db),
    processStatus(deps.db),
  ]);
  return {
    version: { buildTimestamp: deps.versionTimestamp, node: process.version },
    database,
    queues,
    mail,
    webhooks,
    processes,
    config: shownConfig(deps),
  };
}

type JobRow = {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  created_on: string;
  completed_on: string | null;
  error: string | null;
  key: string;
};

function toJob(r: JobRow): ServiceJob {
  return {
    id: r.id,
    queue: r.name,
    state: r.state,
    retryCount: Number(r.retry_count),
    createdAt: iso(r.created_on),
    endedAt: r.completed_on ? iso(r.completed_on) : null,
    error: r.error ? r.error.slice(0, 2000) : null,
  };
}

const JobCursorSchema = z.tuple([z.string(), cursorPart.time, z.uuid()]);

/** Jobs in one state, newest first (by when they ended, else were created), keyset-paged. */
export async function listJobs(
  db: Database,
  query: { state: JobState; limit: number; cursor?: string | undefined },
): Promise<ServiceJobList> {
  if (!(await hasJobTables(db))) return { items: [], nextCursor: null };
  const after = query.cursor ? decodeCursor(query.cursor, JobCursorSchema) : null;
  if (after && after[0] !== query.state) throw invalidCursor();
  const key = sql`coalesce(completed_on, created_on)`;
  const rows = await queryRows<JobRow>(
    db,
    sql`
    select id::text as id, name, state::text as state, retry_count, created_on, completed_on,
      coalesce(output->>'message', output->>'value', case when output is null then null else output::text end) as error,
      to_char(${key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key
    from ${sql.raw(BOSS)}.job
    where state = ${query.state}::${sql.raw(BOSS)}.job_state
      ${after ? sql`and (${key}, id) < (${after[1]}::timestamptz, ${after[2]}::uuid)` : sql``}
    order by ${key} desc, id desc
    limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toJob),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor([query.state, last.key, last.id]) : null,
  };
}

type Actor = { userId: string; email: string | null };

async function jobState(
  db: Database,
  jobId: string,
): Promise<{ name: string; state: string } | null> {
  if (!(await hasJobTables(db))) return null;
  const r = await queryRows<{ name: string; state: string }>(
    db,
    sql`select name, state::text as state from ${sql.raw(BOSS)}.job where id = ${jobId}::uuid`,
  );
  return r[0] ?? null;
}

/**
 * Runs a failed job again (as pg-boss's retry does: back to `retry` with one more attempt
 * allowed); 404 when there is no such job, 409 with its state when it has not failed.
 */
export async function retryJob(db: Database, actor: Actor, jobId: string): Promise<ServiceJob> {
  const before = await jobState(db, jobId);
  if (!before) throw notFound('There is no such job.');
  const updated = await queryRows<JobRow>(
    db,
    sql`
    update ${sql.raw(BOSS)}.job set state = 'retry', retry_limit = retry_limit + 1,
      start_after = now(), completed_on = null
    where id = ${jobId}::uuid and name = ${before.name} and state = 'failed'
    returning id::text as id, name, state::text as state, retry_count, created_on, completed_on,
      null::text as error, '' as key`,
  );
  const row = updated[0];
  if (!row) {
    throw new AppError(
      'common.conflict',
      409,
      `Only a failed job can be retried; this one is ${before.state}.`,
      undefined,
      { state: before.state },
    );
  }
  await recordSystemAudit(db, actor, {
    action: 'service.job_retried',
    targetType: 'job',
    targetId: jobId,
    data: { queue: row.name },
  });
  return toJob(row);
}

/** Deletes a job that is not running; 404 when there is none, 409 while it runs. */
export async function deleteJob(db: Database, actor: Actor, jobId: string): Promise<void> {
  const before = await jobState(db, jobId);
  if (!before) throw notFound('There is no such job.');
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`
    delete from ${sql.raw(BOSS)}.job
    where id = ${jobId}::uuid and name = ${before.name} and state <> 'active'
    returning id::text as id`,
  );
  if (deleted.length === 0) {
    throw new AppError(
      'common.conflict',
      409,
      'A running job cannot be deleted; wait until it ends.',
      undefined,
      { state: before.state },
    );
  }
  await recordSystemAudit(db, actor, {
    action: 'service.job_deleted',
    targetType: 'job',
    targetId: jobId,
    data: { queue: before.name, state: before.state },
  });
}

/**
 * The overview's figures per UTC day (`service_daily`), kept by the `service.rollup` job every
 * few minutes (background-jobs.ts), so that GET /api/v1/service/overview reads a few rows of
 * the rollup instead of scanning accounts, users, assessments and answers.
 *
 * - Daily counts (DAILY_METRICS) are recomputed for today and yesterday on every run, and for
 *   every day of the last BACKFILL_DAYS that has no row yet (a new database, a stopped
 *   service), from the rows' own timestamps.
 * - Figures of a moment (SNAPSHOT_METRICS: totals, active accounts, MRR…) are only known now:
 *   each run stores them as today's value, so a past day keeps the value it ended with.
 */
import { TRIAL_DAYS } from '@tenantry/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import { listSubscriptions, type ServiceBillingScope } from '../subscriptions.service.ts';

/** Days back a missing day is filled in from the data. */
export const BACKFILL_DAYS = 90;
/** How often each process asks for a run. */
export const SERVICE_ROLLUP_MS = 5 * 60_000;

export const DAILY_METRICS = [
  'accounts_new',
  'signups',
  'signups_verified',
  'assessments_started',
  'assessments_completed',
  'answers',
] as const;
export const SNAPSHOT_METRICS = [
  'accounts_total',
  'accounts_active_7d',
  'accounts_active_30d',
  'mrr_cents',
  'trials_ending_7d',
  'past_due',
  'feedback_unhandled',
] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];
export type SnapshotMetric = (typeof SNAPSHOT_METRICS)[number];

/** `YYYY-MM-DD` of `at` (UTC), `back` days before. */
export function utcDay(at: Date, back = 0): string {
  return new Date(at.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** Each daily metric: the timestamps it counts (one row per event), as `select <ts> as at from …`. */
const SOURCES: Record<DailyMetric, SQL> = {
  accounts_new: sql`select created_at as at from accounts`,
  signups: sql`select created_at as at from users`,
  signups_verified: sql`select created_at as at from users where email_verified`,
  assessments_started: sql`select created_at as at from assessments`,
  assessments_completed: sql`select completed_at as at from assessments where completed_at is not null`,
  // Every answer written: the current ones and the earlier versions they replaced.
  answers: sql`select answered_at as at from assessment_answers
    union all select answered_at as at from answer_history`,
};

/** Recomputes the daily metrics of the days `from`…`to` (inclusive, `YYYY-MM-DD`). */
export async function rollUpDays(db: Database, from: string, to: string): Promise<void> {
  for (const metric of DAILY_METRICS) {
    await db.execute(sql`
      with counts as (
        select (s.at at time zone 'UTC')::date as day, count(*)::bigint as n
        from (${SOURCES[metric]}) s
        where s.at >= (${from}::date)::timestamp at time zone 'UTC'
          and s.at < ((${to}::date + 1)::timestamp at time zone 'UTC')
        group by 1
      ), days as (
        select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
      )
      insert into service_daily (day, metric, value, computed_at)
      select days.day, ${metric}, coalesce(counts.n, 0), now()
      from days left join counts on counts.day = days.day
      on conflict (metric, day) do update set value = excluded.value, computed_at = excluded.computed_at`);
  }
}

/** Stores the figures of this moment as `today`'s. */
export async function rollUpSnapshot(
  db: Database,
  scope: ServiceBillingScope,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const rows = await queryRows<{
    total: number;
    active7: number;
    active30: number;
    trials: number;
    feedback: number;
  }>(
    db,
    sql`
    select
      (select count(*) from accounts)::int as total,
      (select count(*) from accounts where last_active_at >= ${at}::timestamptz - interval '7 days')::int as active7,
      (select count(*) from accounts where last_active_at >= ${at}::timestamptz - interval '30 days')::int as active30,
      ((select count(*) from subscriptions where status = 'trialing'
          and trial_ends_at > ${at}::timestamptz and trial_ends_at <= ${at}::timestamptz + interval '7 days')
        + (select count(*) from accounts a
          where not exists (select 1 from subscriptions s where s.account_id = a.id)
            and a.created_at + ${sql.raw(`interval '${TRIAL_DAYS} days'`)} > ${at}::timestamptz
            and a.created_at + ${sql.raw(`interval '${TRIAL_DAYS} days'`)} <= ${at}::timestamptz + interval '7 days'))::int as trials,
      (select count(*) from feedback where handled_at is null)::int as feedback`,
  );
  const r = rows[0]!;
  const { totals } = await listSubscriptions(db, scope, { status: 'all', limit: 1 }, now);
  const values: Record<SnapshotMetric, number> = {
    accounts_total: Number(r.total),
    accounts_active_7d: Number(r.active7),
    accounts_active_30d: Number(r.active30),
    mrr_cents: totals.mrr,
    trials_ending_7d: Number(r.trials),
    past_due: totals.pastDue,
    feedback_unhandled: Number(r.feedback),
  };
  const day = utcDay(now);
  const list = Object.entries(values).map(
    ([metric, value]) => sql`(${day}::date, ${metric}, ${value}, now())`,
  );
  await db.execute(sql`
    insert into service_daily (day, metric, value, computed_at) values ${sql.join(list, sql`, `)}
    on conflict (metric, day) do update set value = excluded.value, computed_at = excluded.computed_at`);
}

/**
 * One run of the job: today and yesterday, every missing day of the last BACKFILL_DAYS, and
 * the figures of this moment.
 */
export async function rollUpService(
  db: Database,
  scope: ServiceBillingScope,
  now = new Date(),
): Promise<{ backfilled: number }> {
  const today = utcDay(now);
  const first = utcDay(now, BACKFILL_DAYS - 1);
  const missing = await queryRows<{ day: string | null }>(
    db,
    sql`
    select min(d)::date::text as day
    from generate_series(${first}::date, ${today}::date, interval '1 day') d
    where not exists (select 1 from service_daily s where s.metric = 'signups' and s.day = d::date)`,
  );
  const yesterday = utcDay(now, 1);
  const gap = missing[0]?.day ?? null;
  const from = gap !== null && gap < yesterday ? gap : yesterday;
  await rollUpDays(db, from, today);
  await rollUpSnapshot(db, scope, now);
  // Days filled in besides today and yesterday (logged when above zero).
  return {
    backfilled: Math.max(0, Math.round((Date.parse(yesterday) - Date.parse(from)) / 86_400_000)),
  };
}

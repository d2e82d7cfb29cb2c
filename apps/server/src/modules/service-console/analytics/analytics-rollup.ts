/**
 * The analytics rollups (docs/service-console.md, "Service console: analytics"): the periodic
 * job `analytics.rollup` turns a day of raw events (analytics_events, by receive time, UTC) into
 * the rows the analytics tab reads, so that no request ever scans the events:
 *
 * - analytics_daily: events per name, screen and tab, with the people behind them;
 * - analytics_daily_users: who was active that day;
 * - analytics_daily_metrics: daily and weekly active users, the day's events by name, and the
 *   activation funnel of the people who signed up that day (verified, first client tenant, first
 *   assessment, first completed, paid);
 * - analytics_retention: per sign-up week, how many were active each week after.
 *
 * Each run rolls up today and yesterday again (late events, funnels still moving), the
 * FUNNEL_REFRESH_DAYS before them for the funnel, and any day with no rollup yet since the first
 * event (a backfill, BACKFILL_DAYS_PER_RUN at a time). Every day is written in one transaction
 * (delete, then insert), so a reader sees a day before or after a run, never half of one; a
 * repeated run writes the same rows.
 */
import { sql } from 'drizzle-orm';
import { ANALYTICS_RETENTION_WEEKS } from '@tenantry/shared';
import { queryRows, type Database } from '../../../db/client.ts';

const DAY_MS = 86_400_000;
/** The funnel of people who signed up this many days back is recounted on every run. */
export const FUNNEL_REFRESH_DAYS = 35;
/** Days without a rollup filled per run (the rest on the next runs). */
export const BACKFILL_DAYS_PER_RUN = 120;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** The Monday (UTC) of the week holding `day`. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return addDays(day, -back);
}

/** Events, screens and active people of one day. */
async function rollUpEvents(tx: Database, day: string): Promise<void> {
  const start = `${day}T00:00:00Z`;
  const end = `${addDays(day, 1)}T00:00:00Z`;
  await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
  await tx.execute(sql`
    insert into analytics_daily (day, name, screen, tab, events, users)
    select ${day}::date, name, split_part(path, '/', 2), coalesce(tab, ''),
      count(*)::int, count(distinct user_id)::int
    from analytics_events
    where received_at >= ${start}::timestamptz and received_at < ${end}::timestamptz
    group by name, split_part(path, '/', 2), coalesce(tab, '')`);
  await tx.execute(sql`delete from analytics_daily_users where day = ${day}::date`);
  await tx.execute(sql`
    insert into analytics_daily_users (day, user_id)
    select distinct ${day}::date, user_id
    from analytics_events
    where received_at >= ${start}::timestamptz and received_at < ${end}::timestamptz
      and user_id is not null`);
}

/** The day `d`'s events named `name`, from its analytics_daily rows (rolled up before). */
const eventsOfDay = (name: string) =>
  sql`(select coalesce(sum(ad.events), 0)::int from analytics_daily ad
        where ad.day = d::date and ad.name = ${name})`;

/**
 * The metrics rows of `days`, and of the days since `since` that have one already: active users
 * (that day, the 7 days ending it), its events by name, and the funnel of the people who signed up that day. A step
 * counts when the account they own reached it. One statement for all of them. (A day gets its
 * first metrics row only with its events: the row says the day is rolled up.)
 */
async function rollUpMetrics(
  tx: Database,
  days: readonly string[],
  since: string | null,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into analytics_daily_metrics (day, daily_active, weekly_active, signups, verified,
      first_tenant, first_assessment, first_completed, paid, page_views, purchases, upgrades,
      downgrades, checkouts_cancelled, rolled_up_at)
    select d::date,
      (select count(*)::int from analytics_daily_users du where du.day = d::date),
      (select count(distinct du.user_id)::int from analytics_daily_users du
        where du.day > d::date - 7 and du.day <= d::date),
      count(u.id)::int,
      count(u.id) filter (where u.email_verified)::int,
      count(u.id) filter (where exists (
        select 1 from memberships m join tenants t on t.account_id = m.account_id
        where m.user_id = u.id and m.role = 'owner'))::int,
      count(u.id) filter (where exists (
        select 1 from memberships m join assessments a on a.account_id = m.account_id
        where m.user_id = u.id and m.role = 'owner'))::int,
      count(u.id) filter (where exists (
        select 1 from memberships m join assessments a on a.account_id = m.account_id
        where m.user_id = u.id and m.role = 'owner' and a.status = 'completed'))::int,
      count(u.id) filter (where exists (
        select 1 from memberships m join invoices i on i.account_id = m.account_id
        where m.user_id = u.id and m.role = 'owner' and i.status = 'paid'))::int,
      ${eventsOfDay('page_view')}, ${eventsOfDay('purchase')},
      ${eventsOfDay('upgrade_subscription')}, ${eventsOfDay('downgrade_subscription')},
      ${eventsOfDay('checkout_cancelled')},
      ${now.toISOString()}::timestamptz
    from (
      select unnest(string_to_array(${days.join(',')}, ',')::date[]) as d
      union
      select day from analytics_daily_metrics where ${since}::date is not null and day >= ${since}::date
    ) days
    left join users u on u.created_at >= (d::timestamp at time zone 'UTC')
      and u.created_at < ((d + 1)::timestamp at time zone 'UTC')
    group by d
    on conflict (day) do update set
      daily_active = excluded.daily_active, weekly_active = excluded.weekly_active,
      signups = excluded.signups, verified = excluded.verified,
      first_tenant = excluded.first_tenant, first_assessment = excluded.first_assessment,
      first_completed = excluded.first_completed, paid = excluded.paid,
      page_views = excluded.page_views, purchases = excluded.purchases,
      upgrades = excluded.upgrades, downgrades = excluded.downgrades,
      checkouts_cancelled = excluded.checkouts_cancelled,
      rolled_up_at = excluded.rolled_up_at`);
}

/** Retention of the last ANALYTICS_RETENTION_WEEKS sign-up weeks, from the active days. */
async function rollUpRetention(tx: Database, today: string): Promise<void> {
  const firstWeek = addDays(weekOf(today), -7 * (ANALYTICS_RETENTION_WEEKS - 1));
  await tx.execute(sql`delete from analytics_retention where week >= ${firstWeek}::date`);
  await tx.execute(sql`
    with cohort as (
      select u.id, date_trunc('week', u.created_at at time zone 'UTC')::date as week
      from users u
      where u.created_at >= ${`${firstWeek}T00:00:00Z`}::timestamptz
    ),
    sizes as (select week, count(*)::int as size from cohort group by week),
    offsets as (
      select s.week, s.size, o as "offset"
      from sizes s, generate_series(0, ${ANALYTICS_RETENTION_WEEKS - 1}::int) o
      where s.week + o * 7 <= ${today}::date
    )
    insert into analytics_retention (week, "offset", size, active)
    select o.week, o."offset", o.size,
      (select count(distinct c.id)::int
        from cohort c join analytics_daily_users d on d.user_id = c.id
        where c.week = o.week
          and d.day >= o.week + o."offset" * 7 and d.day < o.week + o."offset" * 7 + 7)
    from offsets o`);
}

/** Days since the first event (or sign-up) that have no metrics row yet, oldest first. */
async function missingDays(db: Database, today: string, limit: number): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`
      with first as (
        select least(
          (select min(received_at) from analytics_events),
          (select min(created_at) from users)
        ) at time zone 'UTC' as at
      )
      select to_char(d, 'YYYY-MM-DD') as day
      from first, generate_series(first.at::date, ${today}::date, interval '1 day') d
      where first.at is not null
        and not exists (select 1 from analytics_daily_metrics m where m.day = d::date)
      order by d
      limit ${limit}::int`,
  );
  return rows.map((r) => r.day);
}

/** Runs and a refresh asked for by hand write one at a time (a day is deleted, then written). */
const ROLLUP_LOCK_ID = 72_310_004;

async function exclusive(db: Database, work: (tx: Database) => Promise<void>): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
    await work(tx);
  });
}

/** Rolls up one day whole (events, then metrics), in one transaction. */
export async function rollUpDay(db: Database, day: string, now = new Date()): Promise<void> {
  await exclusive(db, async (tx) => {
    await rollUpEvents(tx, day);
    await rollUpMetrics(tx, [day], null, now);
  });
}

/**
 * The periodic run: the events of the days missing and of yesterday and today, then the
 * metrics of those days and of the last FUNNEL_REFRESH_DAYS already rolled up (funnels move for
 * weeks), then retention. Answers how many days' events it rolled up.
 */
export async function rollUpAnalytics(
  db: Database,
  now = new Date(),
): Promise<{ days: number; rolledUpAt: string }> {
  const today = isoDay(now);
  const backfill = await missingDays(db, today, BACKFILL_DAYS_PER_RUN);
  const days = [...new Set([...backfill, addDays(today, -1), today])].sort();
  for (const day of days) await exclusive(db, (tx) => rollUpEvents(tx, day));
  await exclusive(db, async (tx) => {
    await rollUpMetrics(tx, days, addDays(today, -FUNNEL_REFRESH_DAYS), now);
    await rollUpRetention(tx, today);
  });
  return { days: days.length, rolledUpAt: now.toISOString() };
}

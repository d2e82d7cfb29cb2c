/**
 * GET /api/v1/service/overview: the service at a glance, for a period of 7 or 30 days against
 * the period before. It reads the `service_daily` rollup (overview.rollup.ts: at most
 * 2 × 30 days × 13 metrics, by primary key) and a few cheap indexed reads: the support
 * queue's oldest waiting tickets (support_tickets_queue_idx), the kept failed jobs, and the
 * last two hours' error minutes (server_errors, at most 120 rows). Nothing is scanned.
 */
import type { ServiceOverview, TrendFigure } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import { failedJobCount } from '../system/system.service.ts';
import {
  DAILY_METRICS,
  SNAPSHOT_METRICS,
  utcDay,
  type DailyMetric,
  type SnapshotMetric,
} from './overview.rollup.ts';

export async function serviceOverview(
  db: Database,
  days: number,
  now = new Date(),
): Promise<ServiceOverview> {
  const today = utcDay(now);
  const start = utcDay(now, days - 1); // this period: start … today
  const prevStart = utcDay(now, 2 * days - 1); // the period before: prevStart … start − 1
  const prevEnd = utcDay(now, days); // a snapshot's value then: the day before this period
  const [rollup, tickets, failedJobs, errors] = await Promise.all([
    queryRows<{ day: string; metric: string; value: string; computed_at: string }>(
      db,
      sql`
      select day::text as day, metric, value::text as value, computed_at
      from service_daily
      where metric in (${sql.join(
        [...DAILY_METRICS, ...SNAPSHOT_METRICS].map((m) => sql`${m}`),
        sql`, `,
      )})
        and day >= ${prevStart}::date and day <= ${today}::date`,
    ),
    queryRows<{
      id: string;
      number: number;
      subject: string;
      account_name: string;
      awaiting_since: string;
    }>(
      db,
      sql`
      select t.id, t.number, t.subject, a.name as account_name, t.awaiting_since
      from support_tickets t join accounts a on a.id = t.account_id
      where t.status = 'open' and t.awaiting_since is not null
      order by t.awaiting_since asc, t.id limit 5`,
    ),
    failedJobCount(db),
    queryRows<{ now: number; before: number }>(
      db,
      sql`
      select coalesce(sum(count) filter (where minute >= now() - interval '1 hour'), 0)::int as now,
        coalesce(sum(count) filter (where minute < now() - interval '1 hour'), 0)::int as before
      from server_errors where minute >= now() - interval '2 hours'`,
    ),
  ]);

  const values = new Map<string, Map<string, number>>();
  let computedAt: string | null = null;
  for (const r of rollup) {
    const byDay = values.get(r.metric) ?? new Map<string, number>();
    byDay.set(r.day, Number(r.value));
    values.set(r.metric, byDay);
    const at = new Date(r.computed_at).toISOString();
    if (!computedAt || at > computedAt) computedAt = at;
  }
  const sum = (metric: DailyMetric, from: string, to: string): number | null => {
    const byDay = values.get(metric);
    if (!byDay) return null;
    let total = 0;
    let seen = false;
    for (const [day, v] of byDay) {
      if (day >= from && day <= to) {
        total += v;
        seen = true;
      }
    }
    return seen ? total : null;
  };
  const flow = (metric: DailyMetric): TrendFigure => ({
    value: sum(metric, start, today) ?? 0,
    previous: sum(metric, prevStart, prevEnd),
  });
  /** A snapshot's latest value in this period, against its last value before it. */
  const snapshot = (metric: SnapshotMetric): TrendFigure => {
    const byDay = values.get(metric);
    const latest = (from: string, to: string) => {
      let best: [string, number] | null = null;
      for (const [day, v] of byDay ?? []) {
        if (day >= from && day <= to && (!best || day > best[0])) best = [day, v];
      }
      return best ? best[1] : null;
    };
    return { value: latest(start, today) ?? 0, previous: latest(prevStart, prevEnd) };
  };
  const answersByDay = values.get('answers') ?? new Map<string, number>();
  const perDay: { day: string; value: number }[] = [];
  for (let back = days - 1; back >= 0; back--) {
    const day = utcDay(now, back);
    perDay.push({ day, value: answersByDay.get(day) ?? 0 });
  }
  const e = errors[0];
  return {
    days,
    computedAt,
    accounts: {
      total: snapshot('accounts_total'),
      new: flow('accounts_new'),
      active7d: snapshot('accounts_active_7d'),
      active30d: snapshot('accounts_active_30d'),
    },
    signups: { total: flow('signups'), verified: flow('signups_verified') },
    billing: {
      mrr: snapshot('mrr_cents'),
      trialsEnding7d: snapshot('trials_ending_7d'),
      pastDue: snapshot('past_due'),
    },
    assessments: { started: flow('assessments_started'), completed: flow('assessments_completed') },
    answers: { total: flow('answers'), perDay },
    support: {
      waitingLongest: tickets.map((t) => ({
        id: t.id,
        number: Number(t.number),
        subject: t.subject,
        accountName: t.account_name,
        awaitingSince: new Date(t.awaiting_since).toISOString(),
      })),
    },
    feedbackUnhandled: snapshot('feedback_unhandled'),
    failedJobs,
    errorsLastHour: { value: Number(e?.now ?? 0), previous: Number(e?.before ?? 0) },
  };
}

/**
 * The analytics tab's read side (docs/service-console.md, "Service console: analytics"): every
 * figure comes from the rollups (analytics-rollup.ts), by primary key ranges — a year of them is
 * a few thousand rows, whatever the number of raw events.
 */
import {
  ANALYTICS_RETENTION_WEEKS,
  type AnalyticsDay,
  type ServiceAnalytics,
  type ServiceAnalyticsQuery,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import { toCsv } from '../../../lib/csv.ts';

/** Screens listed in "Top screens and tabs". */
const TOP_SCREENS = 15;

type DayRow = AnalyticsDay;

export async function readServiceAnalytics(
  db: Database,
  q: ServiceAnalyticsQuery,
): Promise<ServiceAnalytics> {
  const { from, to } = q;
  const [days, screens, funnel, retention, rolled] = await Promise.all([
    queryRows<DayRow>(
      db,
      sql`
        select to_char(d, 'YYYY-MM-DD') as "day",
          coalesce(m.daily_active, 0) as "dailyActive",
          coalesce(m.weekly_active, 0) as "weeklyActive",
          coalesce(m.page_views, 0) as "pageViews",
          coalesce(m.signups, 0) as "signups",
          coalesce(m.purchases, 0) as "purchases",
          coalesce(m.upgrades, 0) as "upgrades",
          coalesce(m.downgrades, 0) as "downgrades",
          coalesce(m.checkouts_cancelled, 0) as "checkoutsCancelled"
        from generate_series(${from}::date, ${to}::date, interval '1 day') d
        left join analytics_daily_metrics m on m.day = d::date
        order by d`,
    ),
    queryRows<{ screen: string; tab: string; views: number }>(
      db,
      sql`
        select screen, tab, sum(events)::int as views
        from analytics_daily
        where day >= ${from}::date and day <= ${to}::date and name = 'page_view'
        group by screen, tab
        order by views desc, screen, tab
        limit ${TOP_SCREENS}`,
    ),
    queryRows<ServiceAnalytics['funnel']>(
      db,
      sql`
        select coalesce(sum(signups), 0)::int as "signups",
          coalesce(sum(verified), 0)::int as "verified",
          coalesce(sum(first_tenant), 0)::int as "firstTenant",
          coalesce(sum(first_assessment), 0)::int as "firstAssessment",
          coalesce(sum(first_completed), 0)::int as "firstCompleted",
          coalesce(sum(paid), 0)::int as "paid"
        from analytics_daily_metrics
        where day >= ${from}::date and day <= ${to}::date`,
    ),
    queryRows<{ week: string; offset: number; size: number; active: number }>(
      db,
      sql`
        select to_char(week, 'YYYY-MM-DD') as week, "offset", size, active
        from analytics_retention
        where week >= (select max(week) from analytics_retention) - ${7 * (ANALYTICS_RETENTION_WEEKS - 1)}::int
        order by week, "offset"`,
    ),
    queryRows<{ at: string | null }>(
      db,
      sql`select to_char(max(rolled_up_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
        from analytics_daily_metrics`,
    ),
  ]);
  const cohorts = new Map<string, { week: string; size: number; active: number[] }>();
  for (const r of retention) {
    const c = cohorts.get(r.week) ?? { week: r.week, size: r.size, active: [] };
    c.active[r.offset] = r.active;
    cohorts.set(r.week, c);
  }
  return {
    from,
    to,
    days,
    topScreens: screens.map((s) => ({
      screen: `/${s.screen}`,
      tab: s.tab || null,
      views: s.views,
    })),
    funnel: funnel[0] ?? {
      signups: 0,
      verified: 0,
      firstTenant: 0,
      firstAssessment: 0,
      firstCompleted: 0,
      paid: 0,
    },
    retention: [...cohorts.values()]
      .filter((c) => c.size > 0)
      .map((c) => ({ ...c, active: Array.from(c.active, (n) => n ?? 0) })),
    rolledUpAt: rolled[0]?.at ?? null,
  };
}

/** The CSV: one row a day, the columns of the daily series. */
export function analyticsCsv(a: ServiceAnalytics): string {
  return toCsv(
    [
      'day',
      'daily_active',
      'weekly_active',
      'page_views',
      'signups',
      'purchases',
      'upgrades',
      'downgrades',
      'checkouts_cancelled',
    ],
    a.days.map((d) => [
      d.day,
      d.dailyActive,
      d.weeklyActive,
      d.pageViews,
      d.signups,
      d.purchases,
      d.upgrades,
      d.downgrades,
      d.checkoutsCancelled,
    ]),
  );
}

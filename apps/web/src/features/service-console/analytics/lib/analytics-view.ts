import {
  ANALYTICS_MAX_RANGE_DAYS,
  ServiceAnalyticsQuerySchema,
  type AnalyticsFunnel,
  type ServiceAnalytics,
  type ServiceAnalyticsQuery,
} from '@tenantry/shared';
import { t } from '../../messages.ts';

const DAY_MS = 86_400_000;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The preset ranges, in days ending today. */
export const PRESETS = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;

/** The last `days` days, today included (UTC, as the rollups count). */
export function lastDays(days: number, now = new Date()): ServiceAnalyticsQuery {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: isoDay(now) };
}

/** The range in the URL (?from=&to=), or the last 30 days when it is missing or invalid. */
export function readRange(params: URLSearchParams, now = new Date()): ServiceAnalyticsQuery {
  const parsed = ServiceAnalyticsQuerySchema.safeParse({
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  });
  return parsed.success ? parsed.data : lastDays(DEFAULT_DAYS, now);
}

/** Which preset the range is (null for another range). */
export function presetOf(q: ServiceAnalyticsQuery, now = new Date()): number | null {
  return (
    PRESETS.find((d) => {
      const p = lastDays(d, now);
      return p.from === q.from && p.to === q.to;
    }) ?? null
  );
}

/** Why a range typed by hand cannot be shown (null when it can). */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return t('analytics.range.problem.both');
  if (from > to) return t('analytics.range.problem.reversed');
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= ANALYTICS_MAX_RANGE_DAYS) {
    return t('analytics.range.problem.tooLong', { max: ANALYTICS_MAX_RANGE_DAYS });
  }
  return null;
}

export const FUNNEL_STEPS = [
  { key: 'signups', labelKey: 'analytics.funnel.signups' },
  { key: 'verified', labelKey: 'analytics.funnel.verified' },
  { key: 'firstTenant', labelKey: 'analytics.funnel.firstTenant' },
  { key: 'firstAssessment', labelKey: 'analytics.funnel.firstAssessment' },
  { key: 'firstCompleted', labelKey: 'analytics.funnel.firstCompleted' },
  { key: 'paid', labelKey: 'analytics.funnel.paid' },
] as const satisfies readonly { key: keyof AnalyticsFunnel; labelKey: string }[];

/** A share as a whole percentage ("–" of nothing). */
export function pct(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)} %` : '–';
}

/** Each funnel step with its count and its share of the sign-ups. */
export function funnelRows(f: AnalyticsFunnel) {
  return FUNNEL_STEPS.map((s) => ({
    key: s.key,
    label: t(s.labelKey),
    count: f[s.key],
    share: pct(f[s.key], f.signups),
  }));
}

/** Whether the range holds nothing at all (no event, no sign-up). */
export function isEmpty(a: ServiceAnalytics): boolean {
  return a.funnel.signups === 0 && a.days.every((d) => d.pageViews === 0 && d.dailyActive === 0);
}

/** The range's totals, for the figures above the charts. */
export function totals(a: ServiceAnalytics) {
  const sum = (k: 'pageViews' | 'signups' | 'purchases' | 'checkoutsCancelled') =>
    a.days.reduce((n, d) => n + d[k], 0);
  const last = a.days.at(-1);
  return {
    dailyActive: last?.dailyActive ?? 0,
    weeklyActive: last?.weeklyActive ?? 0,
    pageViews: sum('pageViews'),
    signups: sum('signups'),
    purchases: sum('purchases'),
    checkoutsCancelled: sum('checkoutsCancelled'),
  };
}

/** "3 Mar": a short day label for chart axes. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** A sentence naming a series' figures, for a chart's accessible name. */
export function seriesSummary(label: string, values: number[]): string {
  if (values.length === 0) return t('analytics.chart.summary.empty', { label });
  const max = Math.max(...values);
  const total = values.reduce((n, v) => n + v, 0);
  return t('analytics.chart.summary', { label, days: values.length, total, max });
}

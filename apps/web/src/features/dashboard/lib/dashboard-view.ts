import { formatScore, type Dashboard } from '@tenantry/shared';
import { t } from '../messages.ts';

type TrendMonth = Dashboard['trend'][number];

/** "1 gap question", "3 gap questions". */
export function plural(n: number, one: string, many: string = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** A month (`YYYY-MM`) as that same month wherever the reader is: "March 2026", or "Mar". */
export function formatMonth(month: string, style: 'long' | 'short' = 'long'): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return month;
  let f = monthFormats.get(style);
  if (!f) {
    f = new Intl.DateTimeFormat(
      undefined,
      style === 'long'
        ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
        : { month: 'short', timeZone: 'UTC' },
    );
    monthFormats.set(style, f);
  }
  return f.format(d);
}

/** One point of the trend chart: the month's mean as a whole percentage (null: a gap). */
export interface TrendRow {
  month: string;
  /** "March 2026": the chart's key and its tooltip's title. */
  label: string;
  /** "Mar": the axis' tick. */
  short: string;
  // i18n-ignore: the chart's data key, not shown (TrendChart shows its label)
  'Average score': number | null;
  completed: number;
}

export function trendRows(trend: readonly TrendMonth[]): TrendRow[] {
  return trend.map((m) => ({
    month: m.month,
    label: formatMonth(m.month),
    short: formatMonth(m.month, 'short'),
    'Average score': m.averageScore === null ? null : Math.round(100 * m.averageScore),
    completed: m.completed,
  }));
}

/** Assessments completed over the trend's months (0: nothing to chart). */
export function completedInTrend(trend: readonly TrendMonth[]): number {
  return trend.reduce((n, m) => n + m.completed, 0);
}

/**
 * The trend chart in words, for its accessible name: every month with a completed assessment
 * and its mean, and how many months had none.
 */
export function trendSummary(trend: readonly TrendMonth[]): string {
  const scored = trend.filter((m) => m.averageScore !== null);
  const months = trend.length;
  if (scored.length === 0) return t('trend.summary.none', { months });
  const points = scored
    .map((m) =>
      t('trend.summary.point', {
        month: formatMonth(m.month),
        score: formatScore(m.averageScore),
        completed: m.completed,
      }),
    )
    .join('; ');
  const empty = trend.length - scored.length;
  return empty > 0
    ? t('trend.summary.someEmpty', { months, points, empty })
    : t('trend.summary', { months, points });
}

/** Today as `YYYY-MM-DD` in the reader's time zone. */
export function todayDate(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

let dayFormat: Intl.DateTimeFormat | null = null;

/** A calendar day (`YYYY-MM-DD`) as that same day wherever the reader is: "31 Dec 2026". */
export function formatDay(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  dayFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
  return dayFormat.format(d);
}

/** An open assessment's due date as shown, and whether it has passed. */
export function dueView(
  dueDate: string | null,
  today: string = todayDate(),
): { label: string; overdue: boolean } | null {
  if (!dueDate) return null;
  return { label: formatDay(dueDate), overdue: dueDate.slice(0, 10) < today };
}

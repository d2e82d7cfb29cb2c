/** How the app writes dates: one place, in the reader's locale (or the one given). */

type DateStyle = 'date' | 'dateTime' | 'day';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  day: { month: 'short', day: 'numeric' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
};

// Building an Intl.DateTimeFormat is slow; a table of a hundred rows reuses one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(iso: string, style: DateStyle, locale: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${style}|${locale ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, OPTIONS[style]);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** A day, e.g. "1 Mar 2026". A string that is not a date is returned as it is. */
export function formatDate(iso: string, locale?: string): string {
  return format(iso, 'date', locale);
}

/** A day without its year, for a short line, e.g. "1 Mar". */
export function formatDayShort(iso: string, locale?: string): string {
  return format(iso, 'day', locale);
}

/** A day and time, e.g. "1 Mar 2026, 10:00". A string that is not a date is returned as it is. */
export function formatDateTime(iso: string, locale?: string): string {
  return format(iso, 'dateTime', locale);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

/**
 * How long ago, for recent moments: "now", "5 minutes ago", "3 hours ago", "yesterday",
 * "4 days ago"; a week or more back (or in the future) is a day and time. A string that is not
 * a date is returned as it is.
 */
export function formatRelativeTime(iso: string, now: number = Date.now(), locale?: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const ago = now - time;
  if (ago < -MINUTE || ago >= 7 * DAY) return formatDateTime(iso, locale);
  const key = locale ?? '';
  let rtf = relativeFormatters.get(key);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormatters.set(key, rtf);
  }
  if (ago < MINUTE) return rtf.format(0, 'second');
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
  return rtf.format(-Math.floor(ago / DAY), 'day');
}

let calendarDayFormat: Intl.DateTimeFormat | null = null;

/**
 * A calendar day (`YYYY-MM-DD`, a due date) as that same day wherever the reader is, e.g.
 * "1 Mar 2026" (read as UTC, so no time zone moves it to the day before).
 */
export function formatCalendarDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  calendarDayFormat ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  return calendarDayFormat.format(date);
}

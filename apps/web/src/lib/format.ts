/** How the app writes dates: one place, in the reader's locale (or the one given). */

type DateStyle = 'date' | 'dateTime';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
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

/** A day and time, e.g. "1 Mar 2026, 10:00". A string that is not a date is returned as it is. */
export function formatDateTime(iso: string, locale?: string): string {
  return format(iso, 'dateTime', locale);
}

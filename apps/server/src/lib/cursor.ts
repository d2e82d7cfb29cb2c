/**
 * Keyset cursors of the list endpoints: the last row's sort key and id (and whatever the list
 * needs to recognise its own cursor) as a JSON array, base64url-encoded. A cursor comes back
 * from outside, so it is decoded and checked here, by one function, before any part of it
 * reaches a query: anything that is not a cursor of that list is one 400 `common.validation`
 * on the `cursor` field, never a database error.
 */
import { IdSchema, isStorableText, isStorableTime } from '@tenantry/shared';
import { z } from 'zod';
import { AppError } from './errors.ts';

/** The opaque cursor of `parts` (JSON values). */
export function encodeCursor(parts: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The one answer to a cursor this list did not give out (or not for this query). */
export const invalidCursor = () =>
  new AppError('common.validation', 400, 'The page cursor is not valid.', {
    cursor: 'Not a cursor this list gave out for this query. Start again from the first page.',
  });

/**
 * The parts of `cursor` as `shape` (a zod schema of the JSON array, usually a `z.tuple`) reads
 * them; throws `invalidCursor()` for anything else: not base64url JSON, another shape, text
 * the database cannot store, a time that is not a real instant in 1970–9999.
 */
export function decodeCursor<T extends z.ZodType>(cursor: string, shape: T): z.output<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = shape.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  return result.data;
}

/** `YYYY-MM-DDTHH:MM:SS[.f…]Z` with up to microseconds (what PostgreSQL keeps). */
const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/;

/** Whether `s` is a UTC time of the TIME form that names a real instant in 1970–9999. */
export function isCursorTime(s: string): boolean {
  const m = TIME.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, sec));
  // Date.UTC rolls 2024-02-30 over to March and 24:00 to the next day: refuse both.
  const real =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === sec;
  return real && isStorableTime(date.getTime());
}

/** Building blocks of cursor shapes. */
export const cursorPart = {
  /** A row id (the shared path id rules: storable text, 1–100 characters). */
  id: IdSchema,
  /** A text sort key of at most `max` characters the database can store. */
  text: (max: number) => z.string().max(max).refine(isStorableText),
  /** A time sort key (see isCursorTime); compare it in SQL as `${key}::timestamptz`. */
  time: z.string().refine(isCursorTime),
  /** A calendar day (`YYYY-MM-DD`, a real one); compare it in SQL as `${key}::date`. */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((d) => {
      const t = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
    }),
};

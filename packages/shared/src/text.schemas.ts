import { z } from 'zod';

/**
 * The building blocks of every string and time a request carries (path ids, query strings,
 * JSON fields). They refuse what PostgreSQL cannot store as sent, so bad input is a 400 naming
 * the field instead of a database error (a 500) or silently changed text:
 * - NUL (U+0000): `text` and `jsonb` refuse it;
 * - a lone UTF-16 surrogate (half of a pair, e.g. `"\ud800"` in JSON): not Unicode; a `text`
 *   column would store U+FFFD instead, `jsonb` refuses it;
 * - a time outside years 1970–9999 (PostgreSQL refuses year 0 and the `+275760-…` form of a
 *   JavaScript date; nothing the product records is older than 1970).
 */

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that cannot be stored.';

// A high half not followed by a low one, or a low half not after a high one (no lookbehind:
// browsers without isWellFormed lack it too).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL stores `s` exactly as sent: no NUL, no lone surrogate. */
export function isStorableText(s: string): boolean {
  if (s.includes('\u0000')) return false;
  const isWellFormed = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return isWellFormed ? isWellFormed.call(s) : !LONE_SURROGATE.test(s);
}

/**
 * A string the database can store. Every string of a request schema starts here (then
 * `.trim()`, `.min()`, `.max()`… as usual); the check runs first and stops the others.
 */
export function storableText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE, abort: true });
}

/** Earliest and latest instant a request may carry (inclusive), in ms since the epoch. */
export const STORABLE_TIME_RANGE = {
  min: Date.UTC(1970, 0, 1),
  max: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
} as const;

export const UNSTORABLE_TIME_MESSAGE = 'Use a time between the years 1970 and 9999.';

/** Whether `ms` (a Date's time) is a real instant within STORABLE_TIME_RANGE. */
export function isStorableTime(ms: number): boolean {
  return Number.isFinite(ms) && ms >= STORABLE_TIME_RANGE.min && ms <= STORABLE_TIME_RANGE.max;
}

/** An ISO 8601 UTC date-time (`2024-05-01T12:00:00.000Z`) within the storable range. */
export function storableDateTime() {
  return z.iso
    .datetime()
    .refine((s) => isStorableTime(Date.parse(s)), { error: UNSTORABLE_TIME_MESSAGE });
}

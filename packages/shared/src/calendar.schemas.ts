import { z } from 'zod';

/**
 * The calendar feed (docs/calendar.md): a person's secret `.ics` address for one account they
 * belong to, listing the due dates of the assessments they can reach and of the remediation
 * tasks assigned to them. The token is shown once; the server keeps its SHA-256 only. One feed
 * per person and account: creating another replaces it (the old address stops at once).
 */

export const CALENDAR_FEED_LIMITS = {
  /** Feed requests one token (or one client address, for unknown tokens) may make per window. */
  requestsPerWindow: 60,
  windowSeconds: 300,
  /** Open assessments whose due date is at most this many days past are still listed. */
  pastDays: 180,
  /** Events in one feed at most (the nearest due dates first). */
  maxEvents: 1000,
} as const;

/** The secret's shape in the address: 32 random bytes, URL-safe base64. */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const CALENDAR_ERROR_CODES = {
  /** 404: no live feed behind this address (never made, revoked, or its person left). */
  feedNotFound: 'calendar.feed_not_found',
} as const;

/** The caller's feed for the account they act in (never the token: it was shown once). */
export const CalendarFeedSchema = z.object({
  feed: z
    .object({
      createdAt: z.string(),
      /** When a calendar last fetched it (null: not yet). */
      lastFetchedAt: z.string().nullable(),
    })
    .nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** A new feed: its address, shown this once. */
export const CreatedCalendarFeedSchema = z.object({
  url: z.string(),
  createdAt: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof CreatedCalendarFeedSchema>;

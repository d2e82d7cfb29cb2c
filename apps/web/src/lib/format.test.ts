import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime } from './format.ts';

describe('date formatting', () => {
  it('writes a day, or a day and time, in the locale given', () => {
    expect(formatDate('2026-03-01T10:00:00.000Z', 'en-GB')).toBe('1 Mar 2026');
    expect(formatDateTime('2026-03-01T10:00:00.000Z', 'en-GB')).toMatch(/^1 Mar 2026, \d\d:\d\d$/);
  });

  it('returns a string that is not a date as it is', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('')).toBe('');
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-03-08T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says how long ago a recent moment was', () => {
    expect(formatRelativeTime(ago(20_000), now, 'en')).toBe('now');
    expect(formatRelativeTime(ago(5 * 60_000), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000 + 10), now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3_600_000), now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(ago(4 * 86_400_000), now, 'en')).toBe('4 days ago');
  });

  it('writes the day and time a week or more back, or ahead', () => {
    expect(formatRelativeTime('2026-03-01T10:00:00.000Z', now, 'en-GB')).toMatch(
      /^1 Mar 2026, \d\d:\d\d$/,
    );
    expect(formatRelativeTime('2026-03-09T10:00:00.000Z', now, 'en-GB')).toMatch(/^9 Mar 2026/);
  });

  it('returns a string that is not a date as it is', () => {
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });
});

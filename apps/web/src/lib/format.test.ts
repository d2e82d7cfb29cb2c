import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';

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

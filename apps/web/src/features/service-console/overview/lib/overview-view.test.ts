import { describe, expect, it } from 'vitest';
import { readDays, trendColor, trendLabel, trendOf } from './overview-view.ts';

describe('overview trends', () => {
  it('tells the direction against the period before', () => {
    expect(trendOf({ value: 5, previous: 3 })).toBe('up');
    expect(trendOf({ value: 2, previous: 3 })).toBe('down');
    expect(trendOf({ value: 3, previous: 3 })).toBe('flat');
    expect(trendOf({ value: 3, previous: null })).toBe('none');
  });

  it('labels and colours a trend', () => {
    expect(trendLabel({ value: 5, previous: 3 })).toBe('up from 3');
    expect(trendLabel({ value: 5, previous: null })).toBe('');
    expect(trendColor('up', false)).toBe('teal');
    expect(trendColor('up', true)).toBe('red');
    expect(trendColor('flat', true)).toBe('dimmed');
  });

  it('reads the period from the URL', () => {
    expect(readDays(new URLSearchParams('days=30'))).toBe(30);
    expect(readDays(new URLSearchParams('days=9'))).toBe(7);
  });
});

import { describe, expect, it } from 'vitest';
import { remember } from './bounded-map.ts';

describe('remember', () => {
  it('returns the value and keeps at most max entries, dropping the oldest', () => {
    const map = new Map<string, number>();
    expect(remember(map, 'a', 1, 2)).toBe(1);
    remember(map, 'b', 2, 2);
    remember(map, 'c', 3, 2);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('counts a key set again as new', () => {
    const map = new Map<string, number>();
    remember(map, 'a', 1, 2);
    remember(map, 'b', 2, 2);
    remember(map, 'a', 10, 2);
    remember(map, 'c', 3, 2);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { readUserFilters, userListQuery, writeUserFilters } from './users-view.ts';

describe('user filters in the URL', () => {
  it('reads known values and drops unknown ones', () => {
    const f = readUserFilters(new URLSearchParams('q= ann &role=owner&disabled=true&verified=x'));
    expect(f).toEqual({ q: 'ann', role: '', disabled: 'true', verified: '' });
  });

  it('writes only the filters that are set', () => {
    const next = writeUserFilters(new URLSearchParams('q=a&role=admin'), {
      role: '',
      verified: 'false',
    });
    expect(next.toString()).toBe('q=a&verified=false');
    expect(userListQuery({ q: '', role: 'developer', disabled: '', verified: '' }).toString()).toBe(
      'role=developer',
    );
  });
});

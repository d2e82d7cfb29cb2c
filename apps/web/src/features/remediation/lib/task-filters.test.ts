import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  hasFilters,
  readFilters,
  readView,
  toListQuery,
  writeParams,
} from './task-filters.ts';

const params = (s: string) => new URLSearchParams(s);

describe('task filters in the URL', () => {
  it('reads what it knows and ignores the rest', () => {
    expect(readFilters(params(''))).toEqual(NO_FILTERS);
    expect(readFilters(params('status=open&assignee=me&overdue=true'))).toEqual({
      status: 'open',
      assignee: 'me',
      overdue: true,
    });
    expect(readFilters(params('status=later&assignee=%20&overdue=yes'))).toEqual(NO_FILTERS);
    expect(readView(params('view=list'))).toBe('list');
    expect(readView(params('view=grid'))).toBe('board');
  });

  it('asks the API for the filters set only', () => {
    expect(toListQuery(NO_FILTERS)).toEqual({});
    expect(toListQuery({ status: 'risk_accepted', assignee: 'none', overdue: true })).toEqual({
      status: 'risk_accepted',
      assignee: 'none',
      overdue: 'true',
    });
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, overdue: true })).toBe(true);
  });

  it('writes changes, keeping the other params and leaving defaults out', () => {
    const before = params('status=todo&task=k1&compare=x');
    expect(writeParams(before, { status: null, overdue: true }).toString()).toBe(
      'task=k1&compare=x&overdue=true',
    );
    expect(writeParams(before, { view: 'list' }).get('view')).toBe('list');
    expect(writeParams(params('view=list'), { view: 'board' }).has('view')).toBe(false);
    expect(writeParams(before, { task: null }).has('task')).toBe(false);
    // The params given are left as they were.
    expect(before.toString()).toBe('status=todo&task=k1&compare=x');
  });
});

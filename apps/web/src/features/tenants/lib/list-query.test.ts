import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTROLS,
  parseSortChoice,
  tenantCsvHref,
  tenantListSearch,
  toListQuery,
} from './list-query.ts';

describe('tenant list query', () => {
  it('leaves out an empty search and tag and lists active tenants by default', () => {
    expect(toListQuery({ ...DEFAULT_CONTROLS, search: '   ' })).toEqual({
      status: 'active',
      sort: 'name',
      order: 'asc',
      limit: 25,
    });
  });

  it('trims the search, lower-cases the tag, and includes archived when asked', () => {
    const q = toListQuery({
      search: ' acme ',
      tag: 'EU',
      sort: 'updated',
      order: 'desc',
      showArchived: true,
    });
    expect(q).toMatchObject({ q: 'acme', tag: 'eu', status: 'all', sort: 'updated' });
    expect(tenantListSearch(q, 'abc')).toBe(
      'q=acme&tag=eu&status=all&sort=updated&order=desc&limit=25&cursor=abc',
    );
  });

  it('reads a sort choice, falling back to name A–Z', () => {
    expect(parseSortChoice('created:desc')).toEqual({ sort: 'created', order: 'desc' });
    expect(parseSortChoice('updated')).toEqual({ sort: 'updated', order: 'desc' });
    expect(parseSortChoice('bogus:asc')).toEqual({ sort: 'name', order: 'asc' });
    expect(parseSortChoice(null)).toEqual({ sort: 'name', order: 'asc' });
  });

  it('downloads every tenant matching the filters as CSV, without the page size', () => {
    const query = toListQuery({ ...DEFAULT_CONTROLS, search: ' acme ', showArchived: true });
    expect(tenantCsvHref(query)).toBe('/api/v1/tenants.csv?q=acme&status=all&sort=name&order=asc');
  });
});

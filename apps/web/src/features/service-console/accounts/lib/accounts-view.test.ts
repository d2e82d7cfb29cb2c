import { describe, expect, it } from 'vitest';
import { accountsApiQuery, readAccountFilters, writeAccountFilters } from './accounts-view.ts';

describe('the accounts tab’s filters', () => {
  it('reads the URL, leaving out what is not valid', () => {
    const f = readAccountFilters(
      new URLSearchParams(
        'q=%20acme%20&plan=pro&status=sleeping&suspended=true&createdFrom=2026-02-30&activeTo=2026-03-01',
      ),
    );
    expect(f).toMatchObject({
      q: 'acme',
      plan: 'pro',
      status: '',
      suspended: 'true',
      createdFrom: '',
      activeTo: '2026-03-01',
    });
  });

  it('writes only the filters that are set', () => {
    const next = writeAccountFilters(new URLSearchParams('q=a&plan=pro'), {
      plan: '',
      status: 'trialing',
    });
    expect(next.toString()).toBe('q=a&status=trialing');
  });

  it('turns days into instants, the end day included, and drops a reversed end', () => {
    const qs = accountsApiQuery({
      ...readAccountFilters(new URLSearchParams()),
      createdFrom: '2026-03-01',
      createdTo: '2026-03-01',
      activeFrom: '2026-03-05',
      activeTo: '2026-03-01',
    });
    const from = Date.parse(qs.get('createdFrom')!);
    const to = Date.parse(qs.get('createdTo')!);
    expect(to - from).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(qs.get('activeFrom')).not.toBeNull();
    expect(qs.get('activeTo')).toBeNull();
  });
});

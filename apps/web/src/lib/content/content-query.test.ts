import { describe, expect, it } from 'vitest';
import { listParams, nextOffset } from './content-query.ts';

describe('content list query', () => {
  it('builds the list request', () => {
    expect(listParams({ q: ' GV.OC ', scope: null, tag: 'NIST' }).toString()).toBe(
      'limit=30&offset=0&q=GV.OC&tag=nist',
    );
  });

  it('asks for the next page until every item is loaded', () => {
    const page = (n: number) => ({ items: Array.from({ length: n }, (_, i) => i) });
    expect(nextOffset({ total: 80, ...page(50) }, [page(50)])).toBe(50);
    expect(nextOffset({ total: 80, ...page(30) }, [page(50), page(30)])).toBeUndefined();
    // An empty page ends the list even if the total says more.
    expect(nextOffset({ total: 80, ...page(0) }, [page(50), page(0)])).toBeUndefined();
  });
});

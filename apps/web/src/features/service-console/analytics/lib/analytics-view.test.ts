import { describe, expect, it } from 'vitest';
import { funnelRows, lastDays, presetOf, rangeProblem, readRange } from './analytics-view.ts';

const now = new Date('2026-03-10T12:00:00Z');

describe('the analytics range', () => {
  it('reads a valid range from the URL, else the last 30 days', () => {
    expect(readRange(new URLSearchParams('from=2026-01-01&to=2026-01-31'), now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    for (const qs of ['', 'from=2026-02-01&to=2026-01-01', 'from=nope&to=2026-01-01']) {
      expect(readRange(new URLSearchParams(qs), now)).toEqual({
        from: '2026-02-09',
        to: '2026-03-10',
      });
    }
  });

  it('names its preset, and says why a typed range is refused', () => {
    expect(lastDays(7, now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetOf(lastDays(90, now), now)).toBe(90);
    expect(presetOf({ from: '2026-01-01', to: '2026-01-02' }, now)).toBeNull();
    expect(rangeProblem('2026-02-01', '2026-01-01')).toMatch(/before/);
    expect(rangeProblem('2025-01-01', '2026-01-02')).toMatch(/366/);
    expect(rangeProblem('', '2026-01-02')).toMatch(/both/);
    expect(rangeProblem('2026-01-01', '2026-01-02')).toBeNull();
  });

  it('gives each funnel step its share of the sign-ups', () => {
    const rows = funnelRows({
      signups: 8,
      verified: 6,
      firstTenant: 4,
      firstAssessment: 2,
      firstCompleted: 1,
      paid: 0,
    });
    expect(rows.map((r) => [r.label, r.count, r.share])).toEqual([
      ['Signed up', 8, '100 %'],
      ['Verified their address', 6, '75 %'],
      ['First client tenant', 4, '50 %'],
      ['First assessment', 2, '25 %'],
      ['First completed assessment', 1, '13 %'],
      ['Paid', 0, '0 %'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { cadenceText, dayText, previewDates, targetText } from './schedule-view.ts';

describe('schedule view', () => {
  it('names cadences and targets', () => {
    expect(cadenceText('quarterly', null)).toBe('Quarterly');
    expect(cadenceText('every_n_months', 5)).toBe('Every 5 months');
    expect(targetText({ tenant: { id: 't', name: 'Acme' }, tag: null, tenantCount: 1 })).toBe(
      'Acme',
    );
    expect(targetText({ tenant: null, tag: 'finance', tenantCount: 3 })).toBe(
      'Tenants tagged “finance” (3 now)',
    );
    expect(dayText('2027-03-31')).toBe('31 Mar 2027');
  });

  it('previews the next dates from the form, none while incomplete', () => {
    const v = {
      cadence: 'quarterly' as const,
      everyMonths: '' as const,
      anchorDueDate: '2027-01-31',
      leadDays: 14,
    };
    expect(previewDates(v, '2027-01-01').slice(0, 2)).toEqual([
      { dueDate: '2027-01-31', createOn: '2027-01-17' },
      { dueDate: '2027-04-30', createOn: '2027-04-16' },
    ]);
    expect(previewDates({ ...v, anchorDueDate: '' })).toEqual([]);
    expect(previewDates({ ...v, cadence: 'every_n_months' })).toEqual([]);
  });
});

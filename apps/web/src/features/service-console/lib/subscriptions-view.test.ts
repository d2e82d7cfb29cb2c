import type { SubscriptionRow } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import {
  CompFormSchema,
  ExtendTrialFormSchema,
  compChoices,
  compInput,
  planLabel,
  readFilters,
  rowEnds,
  totalFor,
  writeFilters,
} from './subscriptions-view.ts';

const row = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  accountId: 'a1',
  accountName: 'Acme',
  ownerEmail: 'owner@acme.test',
  plan: 'pro',
  subscribedPlan: 'pro',
  interval: 'month',
  status: 'active',
  provider: 'sandbox',
  comped: false,
  mrr: 4900,
  trialEndsAt: null,
  graceEndsAt: null,
  readOnly: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

describe('the subscriptions view', () => {
  it('reads the search and status from the URL (an unknown status is all) and writes only what differs', () => {
    expect(readFilters(new URLSearchParams('q=%20acme%20&status=past_due'))).toEqual({
      q: 'acme',
      status: 'past_due',
    });
    expect(readFilters(new URLSearchParams('status=lost'))).toEqual({ q: '', status: 'all' });
    const params = new URLSearchParams('status=trialing&tab=x');
    expect(writeFilters(params, { q: 'acme' }).toString()).toBe('status=trialing&tab=x&q=acme');
    expect(writeFilters(params, { status: 'all', q: '' }).toString()).toBe('tab=x');
  });

  it('counts the list of a filter from the totals', () => {
    const totals = { accounts: 9, mrr: 0, trialing: 2, active: 4, pastDue: 2, canceled: 1 };
    expect(totalFor('all', totals)).toBe(9);
    expect(totalFor('past_due', totals)).toBe(2);
    expect(totalFor('canceled', totals)).toBe(1);
  });

  it('names the end that matters and the plan', () => {
    expect(rowEnds(row())).toBeNull();
    expect(rowEnds(row({ trialEndsAt: '2026-04-01T00:00:00.000Z' }))).toEqual({
      label: 'Trial ends',
      at: '2026-04-01T00:00:00.000Z',
    });
    expect(rowEnds(row({ graceEndsAt: '2026-04-02T00:00:00.000Z' }))?.label).toBe('Grace ends');
    expect(planLabel(row({ interval: 'year' }))).toBe('Pro (yearly)');
    expect(planLabel(row({ interval: 'year', comped: true }))).toBe('Pro');
    expect(planLabel(row({ plan: 'free' }))).toBe('Free');
  });

  it('validates the two forms and offers “End comp” only while a comp is given', () => {
    expect(ExtendTrialFormSchema.safeParse({ days: 0 }).success).toBe(false);
    expect(ExtendTrialFormSchema.safeParse({ days: 91 }).success).toBe(false);
    expect(ExtendTrialFormSchema.safeParse({ days: 30 }).success).toBe(true);
    expect(CompFormSchema.safeParse({ plan: '', reason: 'x' }).success).toBe(false);
    expect(CompFormSchema.safeParse({ plan: 'pro', reason: '  ' }).success).toBe(false);
    expect(compInput(CompFormSchema.parse({ plan: 'end', reason: ' Done ' }))).toEqual({
      plan: null,
      reason: 'Done',
    });
    expect(compChoices(row()).map((c) => c.label)).toEqual(['Free', 'Pro', 'Business']);
    expect(compChoices(row({ comped: true })).at(-1)).toEqual({ value: 'end', label: 'End comp' });
  });
});

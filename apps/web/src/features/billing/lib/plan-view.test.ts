import { describe, expect, it } from 'vitest';
import { NOW, PAST_DUE, TRIAL, summary } from '../test/fixtures.ts';
import {
  storageRow,
  currentPlanView,
  daysUntil,
  differenceLines,
  planOptions,
  usageConflicts,
  usageRows,
} from './plan-view.ts';

const byPlan = (b: Parameters<typeof planOptions>[0], interval: 'month' | 'year' = 'month') =>
  Object.fromEntries(planOptions(b, interval).map((o) => [o.plan.id, o]));

describe('daysUntil', () => {
  it('rounds up, stops at zero and leaves a missing date out', () => {
    expect(daysUntil('2026-03-15T12:00:00.000Z', NOW)).toBe(5);
    expect(daysUntil('2026-03-10T13:00:00.000Z', NOW)).toBe(1);
    expect(daysUntil('2026-03-01T00:00:00.000Z', NOW)).toBe(0);
    expect(daysUntil(null, NOW)).toBeNull();
    expect(daysUntil('soon', NOW)).toBeNull();
  });
});

describe('currentPlanView', () => {
  it('says a trial with its days left', () => {
    const view = currentPlanView(TRIAL, NOW);
    expect(view.planName).toBe('Pro');
    expect(view.badges).toEqual([{ label: 'Trial: 5 days left', color: 'blue' }]);
    expect(view.lines[0]).toMatch(/^Your trial of Pro ends on .+ Then the account moves to Free/);
  });

  it('says an active paid plan, its price and renewal', () => {
    const view = currentPlanView(summary({ plan: 'pro' }), NOW);
    expect(view.badges.map((b) => b.label)).toEqual(['Active']);
    expect(view.lines[0]).toBe('Billed monthly: $49 per month.');
    expect(view.lines[1]).toMatch(/^Renews on /);
    expect(view.cancelsOn).toBeNull();
  });

  it('says when a canceled plan ends', () => {
    const view = currentPlanView(summary({ plan: 'pro', cancelAtPeriodEnd: true }), NOW);
    expect(view.cancelsOn).not.toBeNull();
    expect(view.badges.map((b) => b.label)).toEqual(['Active', `Cancels on ${view.cancelsOn}`]);
    expect(view.lines).toContain(
      `The plan ends on ${view.cancelsOn}; then the account moves to Free.`,
    );
  });

  it('says past due, read-only, canceled and complimentary', () => {
    const pastDue = currentPlanView(
      summary({ plan: 'pro', status: 'past_due', pastDue: PAST_DUE }),
    );
    expect(pastDue.badges[0]).toEqual({ label: 'Past due', color: 'red' });
    const readOnly = currentPlanView(
      summary({ plan: 'pro', status: 'past_due', pastDue: PAST_DUE, readOnly: true }),
    );
    expect(readOnly.lines.join(' ')).toContain('read-only');
    const canceled = currentPlanView(
      summary({ plan: 'free', subscribedPlan: 'pro', status: 'canceled' }),
    );
    expect(canceled.badges[0]!.label).toBe('Canceled');
    expect(canceled.lines[0]).toBe('The Pro subscription has ended; the account is on Free.');
    const comped = currentPlanView(
      summary({ plan: 'business', comped: true, hasSubscription: false }),
    );
    expect(comped.badges).toEqual([{ label: 'Complimentary', color: 'teal' }]);
  });
});

describe('usageRows', () => {
  it('marks each limit ok, at, over or unlimited', () => {
    const rows = usageRows({
      usage: { seats: 1, tenants: 3, activeAssessments: 5 },
      limits: { seats: 2, tenants: 3, activeAssessments: 3, respondentsPerAssessment: 5 },
      atLimit: ['tenants', 'activeAssessments'],
    });
    expect(rows.map((r) => [r.label, r.state, r.percent])).toEqual([
      ['Members', 'ok', 50],
      ['Client tenants', 'at', 100],
      ['Active assessments', 'over', 100],
    ]);
    const unlimited = usageRows({
      usage: { seats: 4, tenants: 300, activeAssessments: 90 },
      limits: { seats: 50, tenants: null, activeAssessments: null, respondentsPerAssessment: 500 },
      atLimit: [],
    });
    expect(unlimited.map((r) => [r.state, r.percent])).toEqual([
      ['ok', 8],
      ['unlimited', 0],
      ['unlimited', 0],
    ]);
  });

  it('believes the server when it says a limit is reached', () => {
    const [seats] = usageRows({
      usage: { seats: 1, tenants: 0, activeAssessments: 0 },
      limits: { seats: 2, tenants: 3, activeAssessments: 3, respondentsPerAssessment: 5 },
      atLimit: ['seats'], // a pending invitation holds the second seat
    });
    expect(seats!.state).toBe('at');
  });
});

describe('planOptions', () => {
  it('on Free, offers the paid plans as upgrades through checkout', () => {
    const o = byPlan(summary({ plan: 'free' }));
    expect(o.free).toMatchObject({ current: true, action: null, label: 'Current plan' });
    expect(o.pro).toMatchObject({ current: false, action: 'checkout', label: 'Upgrade' });
    expect(o.business).toMatchObject({ action: 'checkout', label: 'Upgrade', price: '$149' });
  });

  it('during a trial, the tried plan is chosen and Free is where it ends up', () => {
    const o = byPlan(TRIAL);
    expect(o.pro).toMatchObject({
      current: true,
      currentLabel: 'On trial',
      action: 'checkout',
      label: 'Choose',
    });
    expect(o.business).toMatchObject({ action: 'checkout', label: 'Upgrade' });
    expect(o.free).toMatchObject({ action: null, label: null });
    expect(o.free!.hint).toMatch(/after the trial/);
  });

  it('with a subscription, changes it: up, down, and the other billing period', () => {
    const pro = summary({ plan: 'pro' });
    const month = byPlan(pro);
    expect(month.pro).toMatchObject({ current: true, action: null, label: 'Current plan' });
    expect(month.business).toMatchObject({ action: 'change', label: 'Upgrade' });
    expect(month.free).toMatchObject({ action: 'change', label: 'Downgrade', kind: 'downgrade' });
    const year = byPlan(pro, 'year');
    expect(year.pro).toMatchObject({ current: false, action: 'change', label: 'Upgrade' });
    expect(year.pro!.hint).toBe('Your plan, billed yearly.');
    expect(year.pro!.price).toBe('$490');
    expect(year.pro!.note).toBe('$40.83 a month, $98 less than monthly');
    const yearly = byPlan(summary({ plan: 'pro', interval: 'year' }));
    expect(yearly.pro).toMatchObject({ action: 'change', label: 'Downgrade' });
  });

  it('gives admins and complimentary plans no buttons', () => {
    const admin = byPlan(summary({ plan: 'pro', canManage: false }));
    expect(Object.values(admin).map((o) => o.label)).toEqual([null, null, null]);
    expect(admin.pro!.current).toBe(true);
    const comped = byPlan(summary({ plan: 'business', comped: true, hasSubscription: false }));
    expect(Object.values(comped).map((o) => o.action)).toEqual([null, null, null]);
  });

  it('holds changes while read-only and marks a scheduled move to Free', () => {
    const readOnly = byPlan(summary({ plan: 'pro', status: 'past_due', readOnly: true }));
    expect(readOnly.business).toMatchObject({
      action: null,
      hint: 'Update the payment method first.',
    });
    const canceling = byPlan(summary({ plan: 'pro', cancelAtPeriodEnd: true }));
    expect(canceling.free).toMatchObject({ action: null, label: 'Scheduled' });
    expect(canceling.free!.hint).toMatch(/^From /);
  });
});

describe('storageRow', () => {
  const MB = 1024 * 1024;
  it('reads the stored bytes against the quota', () => {
    expect(storageRow({ usedBytes: 0, files: 0, quotaBytes: 250 * MB })).toEqual({
      text: '0 bytes of 250 MB',
      share: '0% used',
      percent: 0,
      state: 'empty',
      note: null,
    });
    expect(storageRow({ usedBytes: 1000, files: 1, quotaBytes: 250 * MB })).toMatchObject({
      text: '1000 bytes of 250 MB',
      share: 'Less than 1% used',
      state: 'ok',
    });
    expect(storageRow({ usedBytes: 225 * MB, files: 3, quotaBytes: 250 * MB })).toMatchObject({
      percent: 90,
      state: 'near',
      note: '25 MB left. Uploads that do not fit are refused.',
    });
    // Over the quota (uploads that finished together): full, the bar at 100.
    expect(storageRow({ usedBytes: 260 * MB, files: 3, quotaBytes: 250 * MB })).toMatchObject({
      percent: 100,
      share: '104% used',
      state: 'full',
    });
  });
});

describe('differenceLines and usageConflicts', () => {
  it('lists what a move changes, the worse ones marked', () => {
    expect(differenceLines('pro', 'free')).toEqual([
      { text: 'Members: 10 → 2', worse: true },
      { text: 'Client tenants: 100 → 3', worse: true },
      { text: 'Active assessments: 100 → 3', worse: true },
      { text: 'Respondents per assessment: 100 → 5', worse: true },
      { text: 'File storage: 10 GB → 250 MB', worse: true },
      { text: 'Loses: Share client tenants with outside people', worse: true },
      { text: 'Loses: Your own frameworks, playbooks and articles', worse: true },
      { text: 'Loses: Your brand on client pages, e-mails and reports', worse: true },
    ]);
    expect(differenceLines('pro', 'business')).toContainEqual({
      text: 'Client tenants: 100 → Unlimited',
      worse: false,
    });
    expect(differenceLines('pro', 'business')).toContainEqual({
      text: 'Adds: Developer API and webhooks',
      worse: false,
    });
  });

  it('names the usage a smaller plan would not fit', () => {
    const conflicts = usageConflicts({ seats: 2, tenants: 7, activeAssessments: 1 }, 'free');
    expect(conflicts.map((c) => [c.key, c.over])).toEqual([
      ['seats', false],
      ['tenants', true],
    ]);
    expect(conflicts[1]!.text).toBe(
      'Client tenants: you have 7, Free includes 3. Nothing is removed, but new ones are blocked until usage fits the plan.',
    );
    expect(usageConflicts({ seats: 40, tenants: 900, activeAssessments: 900 }, 'business')).toEqual(
      [],
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { PLANS, type BillingSummary } from '@tenantry/shared';
import { planLockOf, planRefusalOf } from './billing-errors.ts';

const err402 = (code: string, details?: Record<string, unknown>, message = 'Refused.') =>
  new ApiError(402, code, message, {}, 'r1', details);

describe('planRefusalOf', () => {
  it('reads a reached limit', () => {
    expect(
      planRefusalOf(
        err402('billing.limit_reached', { limit: 'tenants', allowed: 3, used: 3, plan: 'free' }),
      ),
    ).toEqual({
      kind: 'limit',
      limit: 'tenants',
      title: 'Your plan has no room for more client tenants',
      message: 'The Free plan includes 3 client tenants and this account has 3.',
    });
    expect(
      planRefusalOf(
        err402('billing.limit_reached', { limit: 'seats', allowed: 1, used: 1, plan: 'x' }),
      )?.message,
    ).toBe('The current plan includes 1 member and this account has 1.');
  });

  it('reads a locked feature', () => {
    expect(
      planRefusalOf(err402('billing.feature_locked', { feature: 'sharing', plan: 'free' })),
    ).toMatchObject({
      kind: 'feature',
      feature: 'sharing',
      title: 'Share client tenants with outside people: not in your plan',
    });
  });

  it('reads a read-only account with the server’s words', () => {
    expect(planRefusalOf(err402('billing.read_only', undefined, 'Pay first.'))).toEqual({
      kind: 'readOnly',
      title: 'The account is read-only',
      message: 'Pay first.',
    });
  });

  it('leaves other errors, and details it cannot read, to the error message', () => {
    expect(planRefusalOf(new ApiError(409, 'tenants.conflict', 'Taken.'))).toBeNull();
    expect(planRefusalOf(err402('billing.limit_reached', { limit: 'planets' }))).toBeNull();
    expect(planRefusalOf(err402('billing.feature_locked'))).toBeNull();
    expect(planRefusalOf(new Error('boom'))).toBeNull();
  });
});

const free = (over: Partial<BillingSummary> = {}): BillingSummary => ({
  plan: 'free',
  subscribedPlan: 'free',
  interval: 'month',
  status: 'active',
  provider: 'sandbox',
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  comped: false,
  hasSubscription: false,
  pastDue: null,
  readOnly: false,
  limits: { ...PLANS.free.limits },
  features: { ...PLANS.free.features },
  usage: { seats: 1, tenants: 2, activeAssessments: 0 },
  atLimit: [],
  storage: { usedBytes: 0, files: 0, quotaBytes: PLANS.free.storageBytes },
  canManage: true,
  ...over,
});

describe('planLockOf (the lock before a form)', () => {
  it('locks a feature the plan lacks, naming the first plan that has it', () => {
    expect(planLockOf(free(), { feature: 'sharing' })).toEqual({
      kind: 'feature',
      feature: 'sharing',
      title: 'Share client tenants with outside people: not in your plan',
      message: 'The Free plan does not include this. The Pro plan does.',
    });
    expect(planLockOf(free(), { feature: 'api' })?.message).toBe(
      'The Free plan does not include this. The Business plan does.',
    );
    expect(
      planLockOf(free({ plan: 'pro', features: { ...PLANS.pro.features } }), {
        feature: 'sharing',
      }),
    ).toBeNull();
  });

  it('locks a counted limit only at the limit, with the same words as the refusal', () => {
    expect(planLockOf(free(), { limit: 'tenants' })).toBeNull();
    const atLimit = free({
      usage: { seats: 1, tenants: 3, activeAssessments: 0 },
      atLimit: ['tenants'],
    });
    expect(planLockOf(atLimit, { limit: 'tenants' })).toEqual(
      planRefusalOf(
        err402('billing.limit_reached', { limit: 'tenants', allowed: 3, used: 3, plan: 'free' }),
      ),
    );
  });

  it('locks everything while the account is read-only', () => {
    expect(planLockOf(free({ readOnly: true }), { limit: 'tenants' })?.kind).toBe('readOnly');
    expect(planLockOf(free({ readOnly: true, plan: 'business' }), { feature: 'api' })?.kind).toBe(
      'readOnly',
    );
  });
});

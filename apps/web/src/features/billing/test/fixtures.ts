import {
  ACCOUNT_PERMISSION_NAMES,
  can,
  PLANS,
  type Account,
  type BillingSummary,
  type Invoice,
  type PlanId,
} from '@tenantry/shared';

export const NOW = Date.parse('2026-03-10T12:00:00.000Z');

/** A billing summary on `plan`; owners manage it. */
export function summary(over: Partial<BillingSummary> & { plan?: PlanId } = {}): BillingSummary {
  const plan = over.plan ?? 'free';
  return {
    plan,
    subscribedPlan: plan,
    interval: 'month',
    status: 'active',
    provider: 'sandbox',
    trialEndsAt: null,
    currentPeriodEnd: plan === 'free' ? null : '2026-04-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    comped: false,
    hasSubscription: plan !== 'free',
    pastDue: null,
    readOnly: false,
    limits: { ...PLANS[plan].limits },
    features: { ...PLANS[plan].features },
    usage: { seats: 1, tenants: 2, activeAssessments: 1 },
    atLimit: [],
    storage: { usedBytes: 0, files: 0, quotaBytes: PLANS[plan].storageBytes },
    canManage: true,
    ...over,
  };
}

export const TRIAL = summary({
  plan: 'pro',
  status: 'trialing',
  trialEndsAt: '2026-03-15T12:00:00.000Z',
  currentPeriodEnd: null,
  hasSubscription: false,
});

export const PAST_DUE = {
  amountDue: 4_900,
  currency: 'usd',
  since: '2026-03-05T00:00:00.000Z',
  graceEndsAt: '2026-03-12T12:00:00.000Z',
};

export function invoice(over: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in1',
    number: 'SBX-0001',
    status: 'paid',
    amountDue: 4_900,
    amountPaid: 4_900,
    currency: 'usd',
    issuedAt: '2026-03-01T10:00:00.000Z',
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    hostedUrl: null,
    pdfUrl: '/sandbox/billing/invoices/in1.pdf',
    ...over,
  };
}

const account = (role: Account['role']): Account => ({
  id: 'acc1',
  name: 'Northwind Consulting',
  logoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  role,
  permissions: ACCOUNT_PERMISSION_NAMES.filter((p) => can(role, p)),
  tenantAccessLimited: false,
});

export const OWNER_ACCOUNT = account('owner');
export const ADMIN_ACCOUNT = account('admin');
export const MEMBER_ACCOUNT = account('member');

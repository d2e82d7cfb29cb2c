/**
 * The plans of a subscription (docs/billing.md): ONE table, read by the server to enforce limits
 * and features at the point of use and by the UI to show prices, usage bars and upgrade prompts.
 * Prices are in the smallest unit of `PLAN_CURRENCY` (cents).
 */

export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Counted limits. `null` means unlimited. */
export const PLAN_LIMIT_KEYS = [
  'seats',
  'tenants',
  'activeAssessments',
  'respondentsPerAssessment',
] as const;
export type PlanLimitKey = (typeof PLAN_LIMIT_KEYS)[number];

/** Features a plan includes or not. */
export const PLAN_FEATURES = ['sharing', 'privateContent', 'api', 'brandedReports', 'sso'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Price per interval in cents; 0 for the free plan. */
  prices: Record<BillingInterval, number>;
  limits: Record<PlanLimitKey, number | null>;
  /**
   * Bytes of files the account may keep (evidence and other uploads; docs/storage.md). Sized
   * for ~100 MB of evidence per client tenant on Pro (100 tenants → 10 GB) and ten files of the
   * largest size on Free; account exports, which the system makes, do not count.
   */
  storageBytes: number;
  features: Record<PlanFeature, boolean>;
}

export const PLAN_CURRENCY = 'usd';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
/** How the plans' `storageBytes` is named on screen. */
export const PLAN_STORAGE_LABEL = 'File storage';

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    description: 'For a consultant trying Tenantry with a few clients.',
    prices: { month: 0, year: 0 },
    limits: { seats: 2, tenants: 3, activeAssessments: 3, respondentsPerAssessment: 5 },
    storageBytes: 250 * MiB,
    features: {
      sharing: false,
      privateContent: false,
      api: false,
      brandedReports: false,
      sso: false,
    },
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    description: 'For a growing practice: share tenants, author your own content.',
    prices: { month: 4_900, year: 49_000 },
    limits: { seats: 10, tenants: 100, activeAssessments: 100, respondentsPerAssessment: 100 },
    storageBytes: 10 * GiB,
    features: {
      sharing: true,
      privateContent: true,
      api: false,
      brandedReports: true,
      sso: false,
    },
  },
  business: {
    id: 'business',
    name: 'Business',
    description:
      'For managed-service providers at scale, with the API, webhooks and single sign-on.',
    prices: { month: 14_900, year: 149_000 },
    limits: { seats: null, tenants: null, activeAssessments: null, respondentsPerAssessment: 500 },
    storageBytes: 100 * GiB,
    features: {
      sharing: true,
      privateContent: true,
      api: true,
      brandedReports: true,
      sso: true,
    },
  },
};

/** A new account starts on a trial of this plan, then falls back to Free. */
export const TRIAL_PLAN: PlanId = 'pro';
export const TRIAL_DAYS = 14;
/** Days a past-due account keeps full access before it becomes read-only (never deleted). */
export const GRACE_DAYS = 7;
/** A dunning e-mail goes out this many days before the grace period ends. */
export const DUNNING_REMINDER_DAYS = 3;

export const PLAN_LIMIT_LABELS: Record<PlanLimitKey, string> = {
  seats: 'Members',
  tenants: 'Client tenants',
  activeAssessments: 'Active assessments',
  respondentsPerAssessment: 'Respondents per assessment',
};

export const PLAN_FEATURE_LABELS: Record<PlanFeature, string> = {
  sharing: 'Share client tenants with outside people',
  privateContent: 'Your own frameworks, playbooks and articles',
  api: 'Developer API and webhooks',
  brandedReports: 'Your brand on client pages, e-mails and reports',
  sso: 'Single sign-on (OpenID Connect)',
};

/** Order of the plans by price: a move to a later plan is an upgrade. */
export function planRank(plan: PlanId): number {
  return PLAN_IDS.indexOf(plan);
}

export type PlanChangeKind = 'upgrade' | 'downgrade' | 'same';

/**
 * Whether moving from one plan and interval to another is an upgrade or a downgrade: a higher
 * plan is an upgrade; on the same plan, monthly → yearly is an upgrade (a longer commitment).
 */
export function planChangeKind(
  from: { plan: PlanId; interval: BillingInterval },
  to: { plan: PlanId; interval: BillingInterval },
): PlanChangeKind {
  const d = planRank(to.plan) - planRank(from.plan);
  if (d > 0) return 'upgrade';
  if (d < 0) return 'downgrade';
  if (to.plan === 'free' || from.interval === to.interval) return 'same';
  return to.interval === 'year' ? 'upgrade' : 'downgrade';
}

export interface PlanDifference {
  kind: 'limit' | 'feature' | 'storage';
  key: PlanLimitKey | PlanFeature | 'storageBytes';
  label: string;
  from: number | null | boolean;
  to: number | null | boolean;
  /** True when the new plan gives less of it. */
  worse: boolean;
}

/** What changes between two plans: every limit and feature that differs, for a summary. */
export function planDifferences(from: PlanId, to: PlanId): PlanDifference[] {
  const a = PLANS[from];
  const b = PLANS[to];
  const out: PlanDifference[] = [];
  for (const key of PLAN_LIMIT_KEYS) {
    const x = a.limits[key];
    const y = b.limits[key];
    if (x === y) continue;
    const worse = y !== null && (x === null || y < x);
    out.push({ kind: 'limit', key, label: PLAN_LIMIT_LABELS[key], from: x, to: y, worse });
  }
  if (a.storageBytes !== b.storageBytes) {
    out.push({
      kind: 'storage',
      key: 'storageBytes',
      label: PLAN_STORAGE_LABEL,
      from: a.storageBytes,
      to: b.storageBytes,
      worse: b.storageBytes < a.storageBytes,
    });
  }
  for (const key of PLAN_FEATURES) {
    const x = a.features[key];
    const y = b.features[key];
    if (x === y) continue;
    out.push({ kind: 'feature', key, label: PLAN_FEATURE_LABELS[key], from: x, to: y, worse: !y });
  }
  return out;
}

/** Monthly recurring revenue of a plan and interval, in cents (a yearly price over 12). */
export function monthlyAmount(plan: PlanId, interval: BillingInterval): number {
  const price = PLANS[plan].prices[interval];
  return interval === 'year' ? Math.round(price / 12) : price;
}

/** "$49" or "$49.50" from cents. */
export function formatMoney(cents: number, currency: string = PLAN_CURRENCY): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

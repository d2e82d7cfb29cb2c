import {
  BILLING_ERROR_CODES,
  PLAN_FEATURE_LABELS,
  PLAN_FEATURES,
  PLAN_IDS,
  PLAN_LIMIT_KEYS,
  PLANS,
  type BillingSummary,
  type PlanFeature,
  type PlanLimitKey,
  type UsageKey,
} from '@tenantry/shared';
import { ApiError } from './api.ts';

/** Where the plans are chosen (admin/billing). */
export const PLANS_HREF = '/admin/billing';

/** The plan refused a request: what it was about, worded for an upgrade prompt. */
export type PlanRefusal =
  | { kind: 'limit'; limit: PlanLimitKey; title: string; message: string }
  | { kind: 'feature'; feature: PlanFeature; title: string; message: string }
  | { kind: 'readOnly'; title: string; message: string };

const LIMIT_TITLES: Record<PlanLimitKey, string> = {
  seats: 'Your plan has no room for more members',
  tenants: 'Your plan has no room for more client tenants',
  activeAssessments: 'Your plan has no room for more active assessments',
  respondentsPerAssessment: 'Your plan has no room for more respondents on this assessment',
};

const LIMIT_NOUNS: Record<PlanLimitKey, readonly [string, string]> = {
  seats: ['member', 'members'],
  tenants: ['client tenant', 'client tenants'],
  activeAssessments: ['active assessment', 'active assessments'],
  respondentsPerAssessment: ['respondent per assessment', 'respondents per assessment'],
};

const planName = (plan: unknown): string =>
  typeof plan === 'string' && (PLAN_IDS as readonly string[]).includes(plan)
    ? PLANS[plan as keyof typeof PLANS].name
    : 'current';

const isLimit = (v: unknown): v is PlanLimitKey =>
  typeof v === 'string' && (PLAN_LIMIT_KEYS as readonly string[]).includes(v);
const isFeature = (v: unknown): v is PlanFeature =>
  typeof v === 'string' && (PLAN_FEATURES as readonly string[]).includes(v);

function limitMessage(limit: PlanLimitKey, plan: unknown, allowed: number | null, used: unknown) {
  const [one, many] = LIMIT_NOUNS[limit];
  return allowed === null
    ? `The ${planName(plan)} plan has reached its limit of ${many}.`
    : `The ${planName(plan)} plan includes ${allowed} ${allowed === 1 ? one : many}` +
        (typeof used === 'number' ? ` and this account has ${used}.` : '.');
}

function featureRefusal(feature: PlanFeature, plan: unknown): PlanRefusal {
  const higher = PLAN_IDS.map((id) => PLANS[id]).find((p) => p.features[feature]);
  return {
    kind: 'feature',
    feature,
    title: `${PLAN_FEATURE_LABELS[feature]}: not in your plan`,
    message: `The ${planName(plan)} plan does not include this.${higher ? ` The ${higher.name} plan does.` : ' A higher plan does.'}`,
  };
}

const READ_ONLY: PlanRefusal = {
  kind: 'readOnly',
  title: 'The account is read-only',
  message:
    'A payment is overdue beyond its grace period: nothing can be changed until it goes through.',
};

/** What a form needs of the plan: a feature, or room under a counted limit. */
export type PlanNeed = { feature: PlanFeature } | { limit: UsageKey };

/**
 * The account's entitlements (GET /api/v1/billing) read BEFORE a form: the refusal the server
 * would give, so the lock and the way to the plans show instead of the form. Null when the plan
 * allows it. Same wording as a refusal after the fact (planRefusalOf).
 */
export function planLockOf(b: BillingSummary, need: PlanNeed): PlanRefusal | null {
  if (b.readOnly) return READ_ONLY;
  if ('feature' in need) {
    return b.features[need.feature] ? null : featureRefusal(need.feature, b.plan);
  }
  const limit = need.limit;
  if (!b.atLimit.includes(limit)) return null;
  return {
    kind: 'limit',
    limit,
    title: LIMIT_TITLES[limit],
    message: limitMessage(limit, b.plan, b.limits[limit], b.usage[limit]),
  };
}

/**
 * A 402 from the plan (docs/billing.md): `billing.limit_reached` (details `{limit, allowed,
 * used, plan}`), `billing.feature_locked` (`{feature, plan}`) or `billing.read_only`, read into
 * what an upgrade prompt says. Any other error (or details it cannot read) gives null.
 */
export function planRefusalOf(err: unknown): PlanRefusal | null {
  if (!(err instanceof ApiError)) return null;
  const details = err.details ?? {};
  if (err.code === BILLING_ERROR_CODES.limitReached && isLimit(details.limit)) {
    const limit = details.limit;
    const allowed = typeof details.allowed === 'number' ? details.allowed : null;
    const message = limitMessage(limit, details.plan, allowed, details.used);
    return { kind: 'limit', limit, title: LIMIT_TITLES[limit], message };
  }
  if (err.code === BILLING_ERROR_CODES.featureLocked && isFeature(details.feature)) {
    return featureRefusal(details.feature, details.plan);
  }
  if (err.code === BILLING_ERROR_CODES.readOnly) {
    return {
      kind: 'readOnly',
      title: 'The account is read-only',
      message:
        err.message ||
        'A payment is overdue beyond its grace period: nothing can be changed until it goes through.',
    };
  }
  return null;
}

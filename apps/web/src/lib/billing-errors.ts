import {
  BILLING_ERROR_CODES,
  PLAN_FEATURE_LABELS,
  PLAN_FEATURES,
  PLAN_IDS,
  PLAN_LIMIT_KEYS,
  PLANS,
  type PlanFeature,
  type PlanLimitKey,
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
    const [one, many] = LIMIT_NOUNS[limit];
    const message =
      allowed === null
        ? `The ${planName(details.plan)} plan has reached its limit of ${many}.`
        : `The ${planName(details.plan)} plan includes ${allowed} ${allowed === 1 ? one : many}` +
          (typeof details.used === 'number' ? ` and this account has ${details.used}.` : '.');
    return { kind: 'limit', limit, title: LIMIT_TITLES[limit], message };
  }
  if (err.code === BILLING_ERROR_CODES.featureLocked && isFeature(details.feature)) {
    const feature = details.feature;
    return {
      kind: 'feature',
      feature,
      title: `${PLAN_FEATURE_LABELS[feature]}: not in your plan`,
      message: `The ${planName(details.plan)} plan does not include this. A higher plan does.`,
    };
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

import {
  BILLING_ERROR_CODES,
  PLAN_FEATURES,
  PLAN_IDS,
  PLAN_LIMIT_KEYS,
  PLANS,
  type BillingSummary,
  type PlanFeature,
  type PlanLimitKey,
  type UsageKey,
} from '@tenantry/shared';
import { planFeatureLabel } from './labels.ts';
import { ApiError } from './api.ts';
import { t } from './messages.ts';

/** Where the plans are chosen (admin/billing). */
export const PLANS_HREF = '/admin/billing';

/** The plan refused a request: what it was about, worded for an upgrade prompt. */
export type PlanRefusal =
  | { kind: 'limit'; limit: PlanLimitKey; title: string; message: string }
  | { kind: 'feature'; feature: PlanFeature; title: string; message: string }
  | { kind: 'readOnly'; title: string; message: string };

const limitTitle = (limit: PlanLimitKey): string => t(`limit.title.${limit}`);

const planName = (plan: unknown): string =>
  typeof plan === 'string' && (PLAN_IDS as readonly string[]).includes(plan)
    ? PLANS[plan as keyof typeof PLANS].name
    : t('plan.current');

const isLimit = (v: unknown): v is PlanLimitKey =>
  typeof v === 'string' && (PLAN_LIMIT_KEYS as readonly string[]).includes(v);
const isFeature = (v: unknown): v is PlanFeature =>
  typeof v === 'string' && (PLAN_FEATURES as readonly string[]).includes(v);

function limitMessage(limit: PlanLimitKey, plan: unknown, allowed: number | null, used: unknown) {
  const name = planName(plan);
  if (allowed === null) return t(`limit.reached.${limit}`, { plan: name });
  return typeof used === 'number'
    ? t(`limit.includesUsed.${limit}`, { plan: name, allowed, used })
    : t(`limit.includes.${limit}`, { plan: name, allowed });
}

function featureRefusal(feature: PlanFeature, plan: unknown): PlanRefusal {
  const higher = PLAN_IDS.map((id) => PLANS[id]).find((p) => p.features[feature]);
  return {
    kind: 'feature',
    feature,
    title: t('feature.title', { feature: planFeatureLabel(feature) }),
    message: higher
      ? t('feature.higherPlan', { plan: planName(plan), higher: higher.name })
      : t('feature.anyHigherPlan', { plan: planName(plan) }),
  };
}

const readOnly = (): PlanRefusal => ({
  kind: 'readOnly',
  title: t('readOnly.title'),
  message: t('readOnly.message'),
});

/** What a form needs of the plan: a feature, or room under a counted limit. */
export type PlanNeed = { feature: PlanFeature } | { limit: UsageKey };

/**
 * The account's entitlements (GET /api/v1/billing) read BEFORE a form: the refusal the server
 * would give, so the lock and the way to the plans show instead of the form. Null when the plan
 * allows it. Same wording as a refusal after the fact (planRefusalOf).
 */
export function planLockOf(b: BillingSummary, need: PlanNeed): PlanRefusal | null {
  if (b.readOnly) return readOnly();
  if ('feature' in need) {
    return b.features[need.feature] ? null : featureRefusal(need.feature, b.plan);
  }
  const limit = need.limit;
  if (!b.atLimit.includes(limit)) return null;
  return {
    kind: 'limit',
    limit,
    title: limitTitle(limit),
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
    return { kind: 'limit', limit, title: limitTitle(limit), message };
  }
  if (err.code === BILLING_ERROR_CODES.featureLocked && isFeature(details.feature)) {
    return featureRefusal(details.feature, details.plan);
  }
  if (err.code === BILLING_ERROR_CODES.readOnly) {
    return { ...readOnly(), ...(err.message ? { message: err.message } : {}) };
  }
  return null;
}

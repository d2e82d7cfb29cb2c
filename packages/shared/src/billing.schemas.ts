import { z } from 'zod';
import {
  BILLING_INTERVALS,
  PLAN_FEATURES,
  PLAN_IDS,
  PLAN_LIMIT_KEYS,
  type PlanFeature,
  type PlanLimitKey,
} from './plans.ts';
import { StorageUsageSchema } from './storage.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * Billing (docs/billing.md): an account's subscription to a plan (plans.ts), paid through a
 * billing provider (`sandbox`, built in, or `stripe`). Owners manage it; admins read it.
 */

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};

export const BILLING_PROVIDERS = ['sandbox', 'stripe'] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const PlanIdSchema = z.enum(PLAN_IDS);
const IntervalSchema = z.enum(BILLING_INTERVALS);
const LimitsSchema = z.object(
  Object.fromEntries(PLAN_LIMIT_KEYS.map((k) => [k, z.number().int().nullable()])) as Record<
    PlanLimitKey,
    z.ZodNullable<z.ZodNumber>
  >,
);
const FeaturesSchema = z.object(
  Object.fromEntries(PLAN_FEATURES.map((k) => [k, z.boolean()])) as Record<
    PlanFeature,
    z.ZodBoolean
  >,
);

/** Counted usage of the limits an account holds (respondents are counted per assessment). */
export const BillingUsageSchema = z.object({
  seats: z.number().int(),
  tenants: z.number().int(),
  activeAssessments: z.number().int(),
});
export type BillingUsage = z.infer<typeof BillingUsageSchema>;
export type UsageKey = keyof BillingUsage;

/** GET /api/v1/billing: the account's subscription as its owners and admins see it. */
export const BillingSummarySchema = z.object({
  /** The plan whose limits and features apply now (Free once a trial ends or a plan is canceled). */
  plan: PlanIdSchema,
  /** The plan paid for or tried, which may differ from `plan` (a trial that ended). */
  subscribedPlan: PlanIdSchema,
  interval: IntervalSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.enum(BILLING_PROVIDERS),
  /** Set while trialing. */
  trialEndsAt: z.string().nullable(),
  /** End of the period paid for; the plan changes or ends then when `cancelAtPeriodEnd`. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Given by a system admin: no payment is taken. */
  comped: z.boolean(),
  /** Whether the account has a paid subscription at the provider (plan changes go there). */
  hasSubscription: z.boolean(),
  pastDue: z
    .object({
      amountDue: z.number().int(),
      currency: z.string(),
      since: z.string(),
      graceEndsAt: z.string(),
    })
    .nullable(),
  /** Past due beyond the grace period: the account can read but not change anything. */
  readOnly: z.boolean(),
  limits: LimitsSchema,
  features: FeaturesSchema,
  usage: BillingUsageSchema,
  /** Limits the usage is at or above: new items of that kind are refused until it fits. */
  atLimit: z.array(z.enum(['seats', 'tenants', 'activeAssessments'])),
  /** Stored files against the plan's storage quota (docs/storage.md). */
  storage: StorageUsageSchema,
  /** Whether the signed-in member may change the plan (owners). */
  canManage: z.boolean(),
});
export type BillingSummary = z.infer<typeof BillingSummarySchema>;

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  currency: z.string(),
  issuedAt: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** Where the provider shows or prints it; null when it gives none. */
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceListSchema = z.object({ items: z.array(InvoiceSchema) });

/** POST /api/v1/billing/checkout: the first purchase of a paid plan (or after a cancellation). */
export const CheckoutInputSchema = z.object({
  plan: z.enum(['pro', 'business']),
  interval: IntervalSchema,
});
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>;
/** Where to send the browser: the provider's checkout page. */
export const RedirectSchema = z.object({ url: z.string() });
export type Redirect = z.infer<typeof RedirectSchema>;

/** POST /api/v1/billing/change: move a paid subscription to another plan or interval. */
export const ChangePlanInputSchema = z.object({
  plan: PlanIdSchema,
  interval: IntervalSchema,
});
export type ChangePlanInput = z.infer<typeof ChangePlanInputSchema>;
export const ChangePlanResultSchema = z.object({
  kind: z.enum(['upgrade', 'downgrade']),
  billing: BillingSummarySchema,
});
export type ChangePlanResult = z.infer<typeof ChangePlanResultSchema>;

/** The service console's list of subscriptions (system admins). */
export const SubscriptionRowSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  ownerEmail: z.string().nullable(),
  plan: PlanIdSchema,
  subscribedPlan: PlanIdSchema,
  interval: IntervalSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.enum(BILLING_PROVIDERS),
  comped: z.boolean(),
  /** Monthly recurring revenue in cents (0 while trialing, comped or canceled). */
  mrr: z.number().int(),
  trialEndsAt: z.string().nullable(),
  graceEndsAt: z.string().nullable(),
  readOnly: z.boolean(),
  createdAt: z.string(),
});
export type SubscriptionRow = z.infer<typeof SubscriptionRowSchema>;

export const SUBSCRIPTION_FILTERS = ['all', ...SUBSCRIPTION_STATUSES] as const;
export const SubscriptionListQuerySchema = z.object({
  q: storableText().trim().max(200).optional(),
  status: z.enum(SUBSCRIPTION_FILTERS).default('all'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SubscriptionListQuery = z.input<typeof SubscriptionListQuerySchema>;
export const SubscriptionListSchema = z.object({
  items: z.array(SubscriptionRowSchema),
  nextCursor: z.string().nullable(),
  /**
   * Over every account matching `q`, whatever the `status` filter (so the counts per status
   * stay in view while one status is listed); `mrr` in cents, as per row.
   */
  totals: z.object({
    accounts: z.number().int(),
    mrr: z.number().int(),
    trialing: z.number().int(),
    active: z.number().int(),
    pastDue: z.number().int(),
    canceled: z.number().int(),
  }),
});
export type SubscriptionList = z.infer<typeof SubscriptionListSchema>;

export const BILLING_LIMITS = { trialExtensionDays: 90, reason: 500 } as const;

/** POST /api/v1/service/subscriptions/{accountId}/trial */
export const ExtendTrialInputSchema = z.object({
  days: z.number().int().min(1).max(BILLING_LIMITS.trialExtensionDays),
});
/** POST /api/v1/service/subscriptions/{accountId}/comp: give a plan free of charge, or end it. */
export const CompPlanInputSchema = z.object({
  plan: PlanIdSchema.nullable(),
  reason: storableText().trim().min(1, 'Say why.').max(BILLING_LIMITS.reason),
});

/**
 * Error codes of billing. `limit_reached` and `feature_locked` answer 402 at the point of use
 * with `details` naming the limit or feature (`{ limit, allowed, used, plan }` /
 * `{ feature, plan }`), so the UI shows an upgrade prompt there; `read_only` answers 402 on any
 * change while an account is past due beyond its grace period.
 */
export const BILLING_ERROR_CODES = {
  limitReached: 'billing.limit_reached',
  featureLocked: 'billing.feature_locked',
  readOnly: 'billing.read_only',
  noSubscription: 'billing.no_subscription',
  alreadySubscribed: 'billing.already_subscribed',
  providerError: 'billing.provider_error',
  badSignature: 'billing.bad_signature',
} as const;

/** What a 402 `billing.limit_reached` carries in `details`. */
export interface LimitReachedDetails {
  limit: PlanLimitKey;
  allowed: number;
  used: number;
  plan: string;
}
/** What a 402 `billing.feature_locked` carries in `details`. */
export interface FeatureLockedDetails {
  feature: PlanFeature;
  plan: string;
}

/**
 * The service console's subscriptions as the screen shows them: the search and status filter
 * read from and written to the URL, labels and colours, and the forms of the two actions.
 */
import {
  BILLING_LIMITS,
  CompPlanInputSchema,
  ExtendTrialInputSchema,
  PLAN_IDS,
  PLANS,
  SUBSCRIPTION_FILTERS,
  type PlanId,
  type SubscriptionList,
  type SubscriptionRow,
  type SubscriptionStatus,
} from '@tenantry/shared';
import { subscriptionStatusLabel } from '#web/lib/labels.ts';
import { z } from 'zod';
import { t } from '../messages.ts';

export type SubscriptionFilter = (typeof SUBSCRIPTION_FILTERS)[number];

export interface SubscriptionFilters {
  /** The search as sent (trimmed); '' for none. */
  q: string;
  status: SubscriptionFilter;
}

export const DEFAULT_FILTERS: SubscriptionFilters = { q: '', status: 'all' };

const isFilter = (s: string | null): s is SubscriptionFilter =>
  (SUBSCRIPTION_FILTERS as readonly (string | null)[]).includes(s);

/** `?q=…&status=…` of the screen; an unknown status is `all`. */
export function readFilters(params: URLSearchParams): SubscriptionFilters {
  const status = params.get('status');
  return { q: (params.get('q') ?? '').trim(), status: isFilter(status) ? status : 'all' };
}

/** `params` with the filters changed; defaults are left out of the URL. */
export function writeFilters(
  params: URLSearchParams,
  patch: Partial<SubscriptionFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (!value || value === DEFAULT_FILTERS[key as keyof SubscriptionFilters]) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export const filterLabel = (f: SubscriptionFilter): string =>
  f === 'all' ? t('subscriptions.status.all') : subscriptionStatusLabel(f);

export const STATUS_COLORS: Record<SubscriptionStatus, string> = {
  trialing: 'blue',
  active: 'teal',
  past_due: 'red',
  canceled: 'gray',
};

/** How many accounts the list holds under `filter` (the totals count every status). */
export function totalFor(filter: SubscriptionFilter, totals: SubscriptionList['totals']): number {
  switch (filter) {
    case 'all':
      return totals.accounts;
    case 'trialing':
      return totals.trialing;
    case 'active':
      return totals.active;
    case 'past_due':
      return totals.pastDue;
    case 'canceled':
      return totals.canceled;
  }
}

/** The end that matters for a row: its trial's, or its grace period's while past due. */
export function rowEnds(row: SubscriptionRow): { label: string; at: string } | null {
  if (row.graceEndsAt) return { label: t('subscriptions.ends.grace'), at: row.graceEndsAt };
  if (row.trialEndsAt) return { label: t('subscriptions.ends.trial'), at: row.trialEndsAt };
  return null;
}

/** "Pro", or "Pro (yearly)" for a paid plan billed yearly. */
export function planLabel(row: SubscriptionRow): string {
  const name = PLANS[row.plan].name;
  return row.interval === 'year' && !row.comped && row.plan !== 'free'
    ? t('subscriptions.plan.yearly', { plan: name })
    : name;
}

export const EXTEND_TRIAL_DEFAULT_DAYS = 14;

/** The extend-trial form: the shared input, with messages for a person. */
export const ExtendTrialFormSchema = ExtendTrialInputSchema.extend({
  days: z
    .number({ error: () => t('trial.days.required') })
    .int({ error: () => t('trial.days.whole') })
    .min(1, { error: () => t('trial.days.min') })
    .max(BILLING_LIMITS.trialExtensionDays, {
      error: () => t('trial.days.max', { max: BILLING_LIMITS.trialExtensionDays }),
    }),
});

/** The comp form's plan choice: a plan, or `end` (ends the comp). */
export const END_COMP = 'end';
export const CompFormSchema = z.object({
  plan: z.enum([...PLAN_IDS, END_COMP], { error: () => t('comp.plan.required') }),
  reason: CompPlanInputSchema.shape.reason,
});
export type CompFormValues = { plan: string; reason: string };

/** The request body of the comp form's values. */
export function compInput(values: z.output<typeof CompFormSchema>): {
  plan: PlanId | null;
  reason: string;
} {
  return { plan: values.plan === END_COMP ? null : values.plan, reason: values.reason };
}

/** The comp form's choices: every plan, and "End comp" while one is given. */
export function compChoices(row: SubscriptionRow): { value: string; label: string }[] {
  const plans = PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].name }));
  return row.comped ? [...plans, { value: END_COMP, label: t('comp.plan.end') }] : plans;
}

/**
 * The service console's accounts list as the screen shows it: the search and filters read from
 * and written to the URL (`?q=&plan=&status=&suspended=&created=&active=`), and turned into the
 * API's query.
 */
import {
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  type PlanId,
  type SubscriptionStatus,
} from '@tenantry/shared';

/** Periods of the "created" and "last active" filters, in days back from now. */
export const PERIODS = ['7', '30', '90', '365'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  '365': 'Last year',
};

export interface AccountFilters {
  /** The search as sent (trimmed); '' for none. */
  q: string;
  plan: PlanId | '';
  status: SubscriptionStatus | '';
  suspended: 'true' | 'false' | '';
  /** Created within the last N days. */
  created: Period | '';
  /** Last active within the last N days. */
  active: Period | '';
}

export const NO_FILTERS: AccountFilters = {
  q: '',
  plan: '',
  status: '',
  suspended: '',
  created: '',
  active: '',
};

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : '';

/** The filters in the URL; an unknown value is no filter. */
export function readFilters(params: URLSearchParams): AccountFilters {
  return {
    q: (params.get('q') ?? '').trim(),
    plan: oneOf(PLAN_IDS, params.get('plan')),
    status: oneOf(SUBSCRIPTION_STATUSES, params.get('status')),
    suspended: oneOf(['true', 'false'] as const, params.get('suspended')),
    created: oneOf(PERIODS, params.get('created')),
    active: oneOf(PERIODS, params.get('active')),
  };
}

/** `params` with the filters changed; empty ones are left out of the URL. */
export function writeFilters(
  params: URLSearchParams,
  patch: Partial<AccountFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export const hasFilters = (f: AccountFilters): boolean => Object.values(f).some((v) => v !== '');

const DAY = 24 * 3600 * 1000;

/** The API's query of the filters; periods count back from `now` (to the start of that day). */
export function apiQuery(f: AccountFilters, now = new Date()): URLSearchParams {
  const qs = new URLSearchParams();
  if (f.q) qs.set('q', f.q);
  if (f.plan) qs.set('plan', f.plan);
  if (f.status) qs.set('status', f.status);
  if (f.suspended) qs.set('suspended', f.suspended);
  const since = (days: Period) => {
    const d = new Date(now.getTime() - Number(days) * DAY);
    d.setUTCHours(0, 0, 0, 0);
    return d.toISOString();
  };
  if (f.created) qs.set('createdFrom', since(f.created));
  if (f.active) qs.set('activeFrom', since(f.active));
  return qs;
}

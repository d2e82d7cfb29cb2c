/**
 * The service console's accounts tab as the screen shows it: the search and filters read from
 * and written to the URL, turned into the API's query.
 */
import {
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  type PlanId,
  type SubscriptionStatus,
} from '@tenantry/shared';

export interface AccountFilters {
  /** The search as sent (trimmed); '' for none. */
  q: string;
  plan: PlanId | '';
  status: SubscriptionStatus | '';
  /** 'true' suspended only, 'false' not suspended; '' both. */
  suspended: 'true' | 'false' | '';
  /** Days `YYYY-MM-DD` (local), both included; '' for open. */
  createdFrom: string;
  createdTo: string;
  activeFrom: string;
  activeTo: string;
}

export const NO_ACCOUNT_FILTERS: AccountFilters = {
  q: '',
  plan: '',
  status: '',
  suspended: '',
  createdFrom: '',
  createdTo: '',
  activeFrom: '',
  activeTo: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

const oneOf = <T extends string>(list: readonly T[], v: string): T | '' =>
  (list as readonly string[]).includes(v) ? (v as T) : '';

/** `?q=…&plan=…&status=…&suspended=…&createdFrom=…`…; what is not valid is left out. */
export function readAccountFilters(params: URLSearchParams): AccountFilters {
  const get = (k: string) => (params.get(k) ?? '').trim();
  const day = (k: string) => (isDay(get(k)) ? get(k) : '');
  return {
    q: get('q').slice(0, 200),
    plan: oneOf(PLAN_IDS, get('plan')),
    status: oneOf(SUBSCRIPTION_STATUSES, get('status')),
    suspended: oneOf(['true', 'false'] as const, get('suspended')),
    createdFrom: day('createdFrom'),
    createdTo: day('createdTo'),
    activeFrom: day('activeFrom'),
    activeTo: day('activeTo'),
  };
}

/** `params` with the filters changed; empty ones are left out of the URL. */
export function writeAccountFilters(
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

export const hasAccountFilters = (f: AccountFilters): boolean =>
  Object.values(f).some((v) => v !== '');

const dayStart = (day: string) => new Date(`${day}T00:00:00`);
const nextDayStart = (day: string) => {
  const d = dayStart(day);
  d.setDate(d.getDate() + 1);
  return d;
};

/** A day range as instants of the browser's time zone (the end day included); null when empty or reversed. */
function range(from: string, to: string): [string | null, string | null] {
  const a = from ? dayStart(from) : null;
  const b = to ? nextDayStart(to) : null;
  if (a && b && b <= a) return [a.toISOString(), null];
  return [a?.toISOString() ?? null, b?.toISOString() ?? null];
}

/** The API's query of the filters. */
export function accountsApiQuery(f: AccountFilters): URLSearchParams {
  const qs = new URLSearchParams();
  if (f.q) qs.set('q', f.q);
  if (f.plan) qs.set('plan', f.plan);
  if (f.status) qs.set('status', f.status);
  if (f.suspended) qs.set('suspended', f.suspended);
  const [cf, ct] = range(f.createdFrom, f.createdTo);
  if (cf) qs.set('createdFrom', cf);
  if (ct) qs.set('createdTo', ct);
  const [af, at] = range(f.activeFrom, f.activeTo);
  if (af) qs.set('activeFrom', af);
  if (at) qs.set('activeTo', at);
  return qs;
}

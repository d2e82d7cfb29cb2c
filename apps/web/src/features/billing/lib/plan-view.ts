import {
  PLAN_IDS,
  PLANS,
  formatBytes,
  formatMoney,
  monthlyAmount,
  planChangeKind,
  planDifferences,
  type BillingInterval,
  type BillingSummary,
  type BillingUsage,
  type Plan,
  type PlanChangeKind,
  type PlanFeature,
  type PlanId,
  type PlanLimitKey,
  type StorageUsage,
  type UsageKey,
} from '@tenantry/shared';
import {
  planFeatureLabel,
  planLimitLabel,
  planStorageLabel,
  subscriptionStatusLabel,
} from '#web/lib/labels.ts';
import { formatDate } from '#web/lib/format.ts';
import { t } from '../messages.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Monthly", "Yearly". */
export const intervalLabel = (i: BillingInterval): string =>
  i === 'month' ? t('plans.interval.month') : t('plans.interval.year');
const per = (i: BillingInterval): string =>
  i === 'month' ? t('plans.per.month') : t('plans.per.year');

/** Whole days from `now` until `iso`, rounded up; 0 once it has passed; null without a date. */
export function daysUntil(iso: string | null, now: number): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / DAY_MS));
}

/** "Unlimited", or the number. */
export function limitText(limit: number | null): string {
  return limit === null ? t('plans.unlimited') : String(limit);
}

export interface StatusBadge {
  label: string;
  color: string;
}

export interface CurrentPlanView {
  planName: string;
  badges: StatusBadge[];
  /** What it means, one sentence each. */
  lines: string[];
  /** Set when the plan ends at the period's end (Resume undoes it). */
  cancelsOn: string | null;
}

/** The plan as the billing tab's first card says it: its name, status and what happens next. */
export function currentPlanView(b: BillingSummary, now: number = Date.now()): CurrentPlanView {
  const plan = PLANS[b.plan];
  const badges: StatusBadge[] = [];
  const lines: string[] = [];
  let cancelsOn: string | null = null;
  if (b.comped) {
    badges.push({ label: t('current.comped'), color: 'teal' });
    lines.push(t('current.comped.line'));
  } else {
    switch (b.status) {
      case 'trialing': {
        const left = daysUntil(b.trialEndsAt, now);
        badges.push({
          label: left === null ? t('current.trial') : t('current.trial.left', { count: left }),
          color: 'blue',
        });
        lines.push(
          b.trialEndsAt
            ? t('current.trial.endsOn', {
                plan: PLANS[b.subscribedPlan].name,
                date: formatDate(b.trialEndsAt),
              })
            : t('current.trial.trying', { plan: PLANS[b.subscribedPlan].name }),
        );
        break;
      }
      case 'active':
        badges.push({ label: subscriptionStatusLabel('active'), color: 'green' });
        break;
      case 'past_due':
        badges.push({ label: subscriptionStatusLabel('past_due'), color: 'red' });
        lines.push(b.readOnly ? t('current.pastDue.readOnly') : t('current.pastDue'));
        break;
      case 'canceled':
        badges.push({ label: subscriptionStatusLabel('canceled'), color: 'gray' });
        if (b.subscribedPlan !== 'free') {
          lines.push(t('current.canceled', { plan: PLANS[b.subscribedPlan].name }));
        }
        break;
    }
  }
  if (b.plan !== 'free' && b.hasSubscription && !b.comped) {
    const price = formatMoney(plan.prices[b.interval]);
    lines.unshift(
      b.interval === 'month'
        ? t('current.billed.month', { price })
        : t('current.billed.year', { price }),
    );
    if (b.cancelAtPeriodEnd && b.currentPeriodEnd) {
      cancelsOn = formatDate(b.currentPeriodEnd);
      badges.push({ label: t('current.cancelsOn', { date: cancelsOn }), color: 'orange' });
      lines.push(t('current.endsOn', { date: cancelsOn }));
    } else if (b.currentPeriodEnd && b.status === 'active') {
      lines.push(t('current.renewsOn', { date: formatDate(b.currentPeriodEnd) }));
    }
  }
  if (b.plan === 'free' && b.status !== 'trialing' && !b.comped) {
    lines.push(t('current.freeUpsell'));
  }
  return { planName: plan.name, badges, lines, cancelsOn };
}

export type UsageState = 'ok' | 'at' | 'over' | 'unlimited';

export interface UsageRow {
  key: UsageKey;
  label: string;
  used: number;
  limit: number | null;
  /** 0–100 for the bar. */
  percent: number;
  state: UsageState;
}

export const USAGE_KEYS = [
  'seats',
  'tenants',
  'activeAssessments',
] as const satisfies readonly UsageKey[];

/** The counted limits against the plan: at or over one, new items of that kind are refused. */
export function usageRows(b: Pick<BillingSummary, 'usage' | 'limits' | 'atLimit'>): UsageRow[] {
  return USAGE_KEYS.map((key) => {
    const used = b.usage[key];
    const limit = b.limits[key];
    let state: UsageState;
    if (limit === null) state = 'unlimited';
    else if (used > limit) state = 'over';
    else if (used === limit || b.atLimit.includes(key)) state = 'at';
    else state = 'ok';
    const percent =
      limit === null ? 0 : limit <= 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
    return { key, label: planLimitLabel(key), used, limit, percent, state };
  });
}

/** From this share of the quota on, the storage bar warns that it is nearly full. */
export const STORAGE_WARN_PERCENT = 90;

export interface StorageRow {
  /** "1.2 GB of 10 GB". */
  text: string;
  /** "12% used" (below 1%: "Less than 1% used"). */
  share: string;
  /** 0–100 for the bar. */
  percent: number;
  /** `empty`: no files yet; `near`: at STORAGE_WARN_PERCENT or more; `full`: nothing fits. */
  state: 'empty' | 'ok' | 'near' | 'full';
  /** What to do about it, for `near` and `full`. */
  note: string | null;
}

/** Stored files against the plan's storage quota (the billing tab). */
export function storageRow(s: StorageUsage): StorageRow {
  const exact = s.quotaBytes <= 0 ? 100 : (s.usedBytes / s.quotaBytes) * 100;
  const percent = Math.min(100, Math.round(exact));
  const state =
    s.files === 0 && s.usedBytes === 0
      ? 'empty'
      : s.usedBytes >= s.quotaBytes
        ? 'full'
        : exact >= STORAGE_WARN_PERCENT
          ? 'near'
          : 'ok';
  const note =
    state === 'full'
      ? t('storage.full')
      : state === 'near'
        ? t('storage.near', { left: formatBytes(s.quotaBytes - s.usedBytes) })
        : null;
  return {
    text: t('storage.text', { used: formatBytes(s.usedBytes), quota: formatBytes(s.quotaBytes) }),
    share:
      exact > 0 && exact < 1
        ? t('storage.share.tiny')
        : t('storage.share', { percent: Math.round(exact) }),
    percent,
    state,
    note,
  };
}

export type PlanAction = 'checkout' | 'change';

export interface PlanOption {
  plan: Plan;
  /** The price for the chosen interval, e.g. "$49". */
  price: string;
  per: string;
  /** For a yearly price: what it comes to a month, and what it saves. */
  note: string | null;
  /** The plan the account is on (at this interval, for a paid subscription). */
  current: boolean;
  /** How the current plan is marked: "Current plan", or "On trial". */
  currentLabel: string;
  kind: PlanChangeKind;
  /** What choosing it does; null when it cannot be chosen here. */
  action: PlanAction | null;
  /** The button's label; null for no button. */
  label: string | null;
  /** Why the button is missing or disabled. */
  hint: string | null;
}

function priceNote(plan: Plan, interval: BillingInterval): string | null {
  if (interval !== 'year' || plan.prices.year === 0) return null;
  const saved = plan.prices.month * 12 - plan.prices.year;
  const amount = formatMoney(monthlyAmount(plan.id, 'year'));
  return saved > 0
    ? t('plans.monthly.saved', { amount, saved: formatMoney(saved) })
    : t('plans.monthly', { amount });
}

/**
 * One card per plan at `interval`: its price, whether it is the current one, and what its
 * button does. With a paid subscription a change goes through `change` (Free cancels at the
 * period's end); without one a paid plan is bought through `checkout`. Admins, and a
 * complimentary plan, get no buttons.
 */
export function planOptions(b: BillingSummary, interval: BillingInterval): PlanOption[] {
  const from = { plan: b.plan, interval: b.interval };
  return PLAN_IDS.map((id): PlanOption => {
    const plan = PLANS[id];
    const kind = planChangeKind(from, { plan: id, interval });
    const current = id === b.plan && (id === 'free' || !b.hasSubscription || kind === 'same');
    const base = {
      plan,
      price: formatMoney(plan.prices[interval]),
      per: per(interval),
      note: priceNote(plan, interval),
      current,
      currentLabel:
        b.status === 'trialing' && !b.hasSubscription ? t('plans.onTrial') : t('plans.current'),
      kind,
    };
    const none = (label: string | null, hint: string | null = null): PlanOption => ({
      ...base,
      action: null,
      label,
      hint,
    });
    if (!b.canManage) return none(null);
    if (b.comped) return none(current ? t('plans.current') : null);
    if (b.hasSubscription) {
      if (kind === 'same') return none(t('plans.current'));
      if (id === 'free' && b.cancelAtPeriodEnd) {
        return none(
          t('plans.scheduled'),
          b.currentPeriodEnd
            ? t('plans.scheduled.from', { date: formatDate(b.currentPeriodEnd) })
            : null,
        );
      }
      if (b.readOnly) return none(null, t('plans.payFirst'));
      return {
        ...base,
        action: 'change',
        label: kind === 'upgrade' ? t('plans.upgrade') : t('plans.downgrade'),
        hint:
          id === b.plan
            ? interval === 'month'
              ? t('plans.yours.month')
              : t('plans.yours.year')
            : null,
      };
    }
    if (id === 'free') {
      if (b.plan === 'free') return none(t('plans.current'));
      return none(null, b.status === 'trialing' ? t('plans.afterTrial') : null);
    }
    const label =
      id === b.plan || kind === 'same'
        ? t('plans.choose')
        : kind === 'upgrade'
          ? t('plans.upgrade')
          : t('plans.downgrade');
    return { ...base, action: 'checkout', label, hint: null };
  });
}

export interface DifferenceLine {
  text: string;
  worse: boolean;
}

/** What a move from one plan to another changes, one line per limit or feature. */
export function differenceLines(from: PlanId, to: PlanId): DifferenceLine[] {
  return planDifferences(from, to).map((d) => {
    if (d.kind === 'feature') {
      const feature = planFeatureLabel(d.key as PlanFeature);
      return {
        text: d.to ? t('change.adds', { feature }) : t('change.loses', { feature }),
        worse: d.worse,
      };
    }
    if (d.kind === 'storage') {
      const [a, b] = [formatBytes(d.from as number), formatBytes(d.to as number)];
      return { text: `${planStorageLabel()}: ${a} → ${b}`, worse: d.worse };
    }
    const a = limitText(d.from as number | null);
    const b = limitText(d.to as number | null);
    return { text: `${planLimitLabel(d.key as PlanLimitKey)}: ${a} → ${b}`, worse: d.worse };
  });
}

export interface UsageConflict {
  key: UsageKey;
  label: string;
  used: number;
  allowed: number;
  over: boolean;
  text: string;
}

/**
 * The current usage a plan would not fit: over its limit (what exists stays, new ones are
 * blocked until usage fits) or exactly at it (no new ones).
 */
/**
 * The stored files a smaller plan's storage quota would not hold, as a line for the downgrade
 * summary; null when they fit. Nothing is deleted: new uploads are refused until they fit.
 */
export function storageConflict(storage: StorageUsage, to: PlanId): string | null {
  const plan = PLANS[to];
  if (storage.usedBytes <= plan.storageBytes) return null;
  return t('change.conflict.storage', {
    used: formatBytes(storage.usedBytes),
    plan: plan.name,
    quota: formatBytes(plan.storageBytes),
  });
}

export function usageConflicts(usage: BillingUsage, to: PlanId): UsageConflict[] {
  const plan = PLANS[to];
  const out: UsageConflict[] = [];
  for (const key of USAGE_KEYS) {
    const allowed = plan.limits[key];
    const used = usage[key];
    if (allowed === null || used < allowed) continue;
    const over = used > allowed;
    const label = planLimitLabel(key);
    const values = { label, used, plan: plan.name, allowed };
    const text = over ? t('change.conflict.over', values) : t('change.conflict.at', values);
    out.push({ key, label, used, allowed, over, text });
  }
  return out;
}

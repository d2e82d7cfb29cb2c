/**
 * An account's entitlements: its plan as it applies now, and the checks of its limits and
 * features at the point of use (docs/billing.md). The stored subscription is what the provider
 * last said; this file derives from it what applies at this moment (a trial that ended is Free,
 * a canceled plan is Free, a comp overrides everything, past due beyond grace is read-only), so
 * nothing has to run at midnight for a trial to end.
 */
import {
  PLANS,
  TRIAL_DAYS,
  TRIAL_PLAN,
  type BillingInterval,
  type BillingProviderName,
  type FeatureLockedDetails,
  type LimitReachedDetails,
  type PlanFeature,
  type PlanId,
  type SubscriptionStatus,
} from '@tenantry/shared';
import { and, count, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { accounts, invitations, memberships } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/errors.ts';

type Db = Pick<Database | Tx, 'select'>;
export type SubscriptionRecord = typeof subscriptions.$inferSelect;

export interface BillingState {
  /** The plan whose limits and features apply now. */
  plan: PlanId;
  subscribedPlan: PlanId;
  interval: BillingInterval;
  status: SubscriptionStatus;
  provider: BillingProviderName;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  comped: boolean;
  /** A subscription exists at the provider and is not canceled: plan changes go there. */
  hasSubscription: boolean;
  pastDue: { amountDue: number; currency: string; since: Date; graceEndsAt: Date } | null;
  readOnly: boolean;
  customerId: string | null;
  providerSubscriptionId: string | null;
}

const DAY_MS = 86_400_000;

/** What applies now to an account created at `createdAt` with this subscription row (or none). */
export function effectiveBilling(
  createdAt: Date,
  sub: SubscriptionRecord | null,
  defaultProvider: BillingProviderName,
  now = new Date(),
): BillingState {
  if (!sub) {
    const trialEndsAt = new Date(createdAt.getTime() + TRIAL_DAYS * DAY_MS);
    const trialing = trialEndsAt > now;
    return {
      plan: trialing ? TRIAL_PLAN : 'free',
      subscribedPlan: trialing ? TRIAL_PLAN : 'free',
      interval: 'month',
      status: trialing ? 'trialing' : 'active',
      provider: defaultProvider,
      trialEndsAt: trialing ? trialEndsAt : null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      comped: false,
      hasSubscription: false,
      pastDue: null,
      readOnly: false,
      customerId: null,
      providerSubscriptionId: null,
    };
  }
  const comped = sub.compedPlan !== null;
  const periodOver =
    sub.cancelAtPeriodEnd && sub.currentPeriodEnd !== null && sub.currentPeriodEnd <= now;
  const trialOver = sub.status === 'trialing' && (!sub.trialEndsAt || sub.trialEndsAt <= now);
  let status: SubscriptionStatus = sub.status;
  let subscribedPlan: PlanId = sub.plan;
  if (periodOver) status = 'canceled';
  if (trialOver) {
    // A trial that ended without a purchase falls back to Free.
    status = 'active';
    subscribedPlan = 'free';
  }
  const lapsed = status === 'canceled';
  const plan: PlanId = sub.compedPlan ?? (lapsed ? 'free' : subscribedPlan);
  const pastDue =
    status === 'past_due' && sub.pastDueSince && sub.graceEndsAt
      ? {
          amountDue: sub.amountDue,
          currency: sub.currency,
          since: sub.pastDueSince,
          graceEndsAt: sub.graceEndsAt,
        }
      : null;
  return {
    plan,
    subscribedPlan: lapsed ? 'free' : subscribedPlan,
    interval: sub.interval,
    status,
    // A row without a provider subscription (a trial an admin changed) takes the configured one.
    provider: sub.providerSubscriptionId ? sub.provider : defaultProvider,
    trialEndsAt: status === 'trialing' ? sub.trialEndsAt : null,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd && !lapsed,
    comped,
    hasSubscription: sub.providerSubscriptionId !== null && !lapsed && !trialOver,
    pastDue,
    readOnly: !comped && pastDue !== null && pastDue.graceEndsAt <= now,
    customerId: sub.customerId,
    providerSubscriptionId: sub.providerSubscriptionId,
  };
}

interface AccountBillingRow {
  createdAt: Date;
  tenantsActive: number;
  openAssessments: number;
  sub: SubscriptionRecord | null;
}

/** The account's counters and subscription in one query. */
async function accountBilling(db: Db, accountId: string): Promise<AccountBillingRow | undefined> {
  const [row] = await db
    .select({
      createdAt: accounts.createdAt,
      tenantsActive: accounts.tenantsActive,
      openAssessments: accounts.openAssessments,
      sub: subscriptions,
    })
    .from(accounts)
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return row;
}

export async function loadBillingState(
  db: Db,
  accountId: string,
  defaultProvider: BillingProviderName,
): Promise<BillingState & { usage: { tenants: number; activeAssessments: number } }> {
  const row = await accountBilling(db, accountId);
  if (!row) throw new AppError('common.not_found', 404, 'Account not found.');
  return {
    ...effectiveBilling(row.createdAt, row.sub, defaultProvider),
    usage: { tenants: row.tenantsActive, activeAssessments: row.openAssessments },
  };
}

/** Members plus pending invitations: the seats taken or promised. */
export async function seatsUsed(db: Db, accountId: string, withPending: boolean): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(memberships)
    .where(eq(memberships.accountId, accountId));
  if (!withPending) return members?.n ?? 0;
  const [pending] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.accountId, accountId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

const LIMIT_NOUNS = {
  seats: ['member', 'members'],
  tenants: ['client tenant', 'client tenants'],
  activeAssessments: ['active assessment', 'active assessments'],
  respondentsPerAssessment: ['respondent on one assessment', 'respondents on one assessment'],
} as const;

function limitReached(details: LimitReachedDetails): AppError {
  const [one, many] = LIMIT_NOUNS[details.limit];
  const planName = PLANS[details.plan as PlanId]?.name ?? details.plan;
  return new AppError(
    'billing.limit_reached',
    402,
    `The ${planName} plan includes ${details.allowed} ${details.allowed === 1 ? one : many}` +
      ` and this account has ${details.used}. Upgrade the plan to add more.`,
    undefined,
    { ...details },
  );
}

/**
 * Refuses (402 `billing.limit_reached`, naming the limit) when one more `limit` would go over
 * the plan. Counted from the account's rollups (tenants, active assessments) or by counting
 * (seats: members, plus pending invitations when `pendingInvitations`). Call it inside the
 * transaction that adds the item: a lock per account and limit, held to the end of it, makes a
 * concurrent addition wait and then count what this one added (an advisory lock, not the
 * account row, so that it never waits in the opposite order of the rollups' row locks).
 */
export async function assertLimit(
  tx: Tx,
  accountId: string,
  limit: 'tenants' | 'activeAssessments' | 'seats',
  opts: { pendingInvitations?: boolean } = {},
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`plan-limit:${accountId}:${limit}`}))`,
  );
  const row = await accountBilling(tx, accountId);
  if (!row) return;
  const { plan } = effectiveBilling(row.createdAt, row.sub, 'sandbox');
  const allowed = PLANS[plan].limits[limit];
  if (allowed === null) return;
  const used =
    limit === 'tenants'
      ? row.tenantsActive
      : limit === 'activeAssessments'
        ? row.openAssessments
        : await seatsUsed(tx, accountId, opts.pendingInvitations ?? false);
  if (used >= allowed) throw limitReached({ limit, allowed, used, plan });
}

/** Refuses one more respondent on an assessment that has `used` of them already. */
export async function assertRespondentLimit(
  db: Db,
  accountId: string,
  used: number,
): Promise<void> {
  const row = await accountBilling(db, accountId);
  if (!row) return;
  const { plan } = effectiveBilling(row.createdAt, row.sub, 'sandbox');
  const allowed = PLANS[plan].limits.respondentsPerAssessment;
  if (allowed !== null && used >= allowed) {
    throw limitReached({ limit: 'respondentsPerAssessment', allowed, used, plan });
  }
}

const FEATURE_MESSAGES: Record<PlanFeature, string> = {
  sharing: 'Sharing client tenants with outside people',
  privateContent: 'Authoring your own frameworks, playbooks and articles',
  api: 'The developer API and webhooks',
  brandedReports: 'Your brand on client pages, e-mails and reports',
  sso: 'Single sign-on',
};

/** The plan whose limits apply to the account now; null when there is no such account. */
export async function currentPlan(db: Db, accountId: string): Promise<PlanId | null> {
  const row = await accountBilling(db, accountId);
  return row ? effectiveBilling(row.createdAt, row.sub, 'sandbox').plan : null;
}

/** Whether the account's plan includes `feature` now. */
export async function hasFeature(db: Db, accountId: string, feature: PlanFeature) {
  const row = await accountBilling(db, accountId);
  if (!row) return false;
  const { plan } = effectiveBilling(row.createdAt, row.sub, 'sandbox');
  return { allowed: PLANS[plan].features[feature], plan };
}

/** 402 `billing.feature_locked`, naming the feature and the plan that lacks it. */
export function featureLockedError(feature: PlanFeature, plan: PlanId): AppError {
  const details: FeatureLockedDetails = { feature, plan };
  return new AppError(
    'billing.feature_locked',
    402,
    `${FEATURE_MESSAGES[feature]} is not part of the ${PLANS[plan].name} plan. Upgrade the plan to use it.`,
    undefined,
    { ...details },
  );
}

/** Refuses (402 `billing.feature_locked`, naming the feature) when the plan does not include it. */
export async function assertFeature(db: Db, accountId: string, feature: PlanFeature) {
  const result = await hasFeature(db, accountId, feature);
  if (!result || result.allowed) return;
  throw featureLockedError(feature, result.plan);
}

/** A `subscriptions` row read as `to_jsonb(…)` (snake_case, times as text) in the table's shape. */
export function subscriptionFromJson(
  json: Record<string, unknown> | null,
): SubscriptionRecord | null {
  if (!json) return null;
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(subscriptions))) {
    const value = json[column.name] ?? null;
    out[key] =
      value !== null && column.columnType === 'PgTimestamp' ? new Date(String(value)) : value;
  }
  return out as SubscriptionRecord;
}

/**
 * Whether API keys work for an account created at `createdAt` with this subscription row (as
 * `to_jsonb`): null when its plan includes the developer API, else the 402 to answer.
 */
export function apiAccessRefusal(
  createdAt: Date,
  subscription: Record<string, unknown> | null,
): AppError | null {
  const { plan } = effectiveBilling(createdAt, subscriptionFromJson(subscription), 'sandbox');
  return PLANS[plan].features.api ? null : featureLockedError('api', plan);
}

/**
 * Ends the first trial of the account `email` owns now (the operator command `end-trial`, for a
 * support request or a test of the Free plan): it falls back to Free. Answers the account id,
 * or why not.
 */
export async function endTrialOf(
  db: Database,
  email: string,
): Promise<{ accountId: string } | { error: string }> {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({
        accountId: memberships.accountId,
        createdAt: accounts.createdAt,
        sub: subscriptions,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .leftJoin(subscriptions, eq(subscriptions.accountId, memberships.accountId))
      .where(and(eq(users.email, email.trim().toLowerCase()), eq(memberships.role, 'owner')))
      .orderBy(memberships.createdAt)
      .limit(1);
    if (!own) return { error: `No account owned by ${email}.` };
    const state = effectiveBilling(own.createdAt, own.sub, 'sandbox');
    if (state.status !== 'trialing') return { error: 'That account is not on a trial.' };
    const now = new Date();
    await tx
      .insert(subscriptions)
      .values({
        accountId: own.accountId,
        plan: TRIAL_PLAN,
        status: 'trialing',
        provider: 'sandbox',
        trialEndsAt: now,
      })
      .onConflictDoUpdate({
        target: subscriptions.accountId,
        set: { trialEndsAt: now, updatedAt: now },
      });
    return { accountId: own.accountId };
  });
}

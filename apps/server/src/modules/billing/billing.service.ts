/**
 * The account's side of billing (docs/billing.md): what the plan is and how much of it is used,
 * its invoices, and the owner's actions, which go to the provider (checkout, plan change,
 * cancel, resume, portal). The stored subscription changes only through provider events
 * (billing.events.ts), whichever provider it is.
 */
import {
  PLANS,
  planChangeKind,
  type BillingProviderName,
  type BillingSummary,
  type ChangePlanInput,
  type ChangePlanResult,
  type CheckoutInput,
  type Invoice,
  type Redirect,
} from '@tenantry/shared';
import { desc, eq } from 'drizzle-orm';
import type { AccountContext } from '../../auth/types.ts';
import { can } from '@tenantry/shared';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/errors.ts';
import { syncSubscription, type BillingContext } from './billing.events.ts';
import { storageUsageOf } from '../storage/stored-files.service.ts';
import { loadBillingState, seatsUsed, type BillingState } from './entitlements.ts';

export type BillingDeps = BillingContext;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getBillingSummary(
  deps: BillingDeps,
  scope: AccountContext,
): Promise<BillingSummary> {
  return {
    ...(await billingSummaryOf(deps.db, deps.provider.name, scope.accountId)),
    canManage: can(scope.role, 'billing.manage'),
  };
}

/** The account's subscription, limits and usage against them (whoever asks). */
export async function billingSummaryOf(
  db: Database,
  provider: BillingProviderName,
  accountId: string,
): Promise<Omit<BillingSummary, 'canManage'>> {
  const state = await loadBillingState(db, accountId, provider);
  const seats = await seatsUsed(db, accountId, false);
  const plan = PLANS[state.plan];
  const usage = { seats, ...state.usage };
  const atLimit = (['seats', 'tenants', 'activeAssessments'] as const).filter((k) => {
    const allowed = plan.limits[k];
    return allowed !== null && usage[k] >= allowed;
  });
  return {
    plan: state.plan,
    subscribedPlan: state.subscribedPlan,
    interval: state.interval,
    status: state.status,
    provider: state.provider,
    trialEndsAt: iso(state.trialEndsAt),
    currentPeriodEnd: iso(state.currentPeriodEnd),
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    comped: state.comped,
    hasSubscription: state.hasSubscription,
    pastDue: state.pastDue
      ? {
          amountDue: state.pastDue.amountDue,
          currency: state.pastDue.currency,
          since: state.pastDue.since.toISOString(),
          graceEndsAt: state.pastDue.graceEndsAt.toISOString(),
        }
      : null,
    readOnly: state.readOnly,
    limits: plan.limits,
    features: plan.features,
    usage,
    atLimit,
    storage: await storageUsageOf(db, accountId, state.plan),
  };
}

export async function listInvoices(db: Database, scope: AccountContext): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.accountId, scope.accountId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    amountDue: r.amountDue,
    amountPaid: r.amountPaid,
    currency: r.currency,
    issuedAt: r.issuedAt.toISOString(),
    periodStart: iso(r.periodStart),
    periodEnd: iso(r.periodEnd),
    hostedUrl: r.hostedUrl,
    pdfUrl: r.pdfUrl,
  }));
}

/** The state of a subscription the provider can change; 409 when there is none. */
function mustHaveSubscription(state: BillingState): string {
  if (!state.hasSubscription || !state.providerSubscriptionId) {
    throw new AppError(
      'billing.no_subscription',
      409,
      'This account has no paid subscription yet: choose a plan to buy one.',
    );
  }
  if (state.comped) {
    throw new AppError(
      'billing.no_subscription',
      409,
      'This account has a complimentary plan; ask support to change it.',
    );
  }
  return state.providerSubscriptionId;
}

/** The first purchase (or a new one after a cancellation): the provider's checkout page. */
export async function startCheckout(
  deps: BillingDeps,
  scope: AccountContext,
  input: CheckoutInput,
): Promise<Redirect> {
  const state = await loadBillingState(deps.db, scope.accountId, deps.provider.name);
  if (state.hasSubscription) {
    throw new AppError(
      'billing.already_subscribed',
      409,
      'This account already has a subscription: change its plan instead.',
    );
  }
  return deps.provider.createCheckout({
    accountId: scope.accountId,
    userId: scope.userId,
    email: scope.email,
    customerId: state.customerId,
    plan: input.plan,
    interval: input.interval,
    successUrl: `${deps.publicUrl}/checkout-success`,
    cancelUrl: `${deps.publicUrl}/checkout-cancel`,
  });
}

/**
 * Moves the paid subscription to another plan or interval at the provider; Free means cancel at
 * the end of the period. Answers whether it was an upgrade or a downgrade and the new state (the
 * provider's event has been applied by then for the sandbox; Stripe's arrives by webhook).
 */
export async function changePlan(
  deps: BillingDeps,
  scope: AccountContext,
  input: ChangePlanInput,
): Promise<ChangePlanResult> {
  const state = await loadBillingState(deps.db, scope.accountId, deps.provider.name);
  const subscriptionId = mustHaveSubscription(state);
  const kind = planChangeKind(
    { plan: state.subscribedPlan, interval: state.interval },
    { plan: input.plan, interval: input.interval },
  );
  if (kind === 'same' && !(input.plan !== 'free' && state.cancelAtPeriodEnd)) {
    throw new AppError('common.conflict', 409, 'The account is on this plan already.');
  }
  if (input.plan === 'free') await deps.provider.setCancelAtPeriodEnd(subscriptionId, true);
  else await deps.provider.changePlan(subscriptionId, input.plan, input.interval);
  await syncSubscription(deps, scope.accountId, subscriptionId);
  return {
    kind: kind === 'same' ? 'upgrade' : kind,
    billing: await getBillingSummary(deps, scope),
  };
}

export async function setCancelAtPeriodEnd(
  deps: BillingDeps,
  scope: AccountContext,
  cancel: boolean,
): Promise<BillingSummary> {
  const state = await loadBillingState(deps.db, scope.accountId, deps.provider.name);
  const subscriptionId = mustHaveSubscription(state);
  if (state.cancelAtPeriodEnd !== cancel) {
    await deps.provider.setCancelAtPeriodEnd(subscriptionId, cancel);
    await syncSubscription(deps, scope.accountId, subscriptionId);
  }
  return getBillingSummary(deps, scope);
}

export async function openPortal(deps: BillingDeps, scope: AccountContext): Promise<Redirect> {
  const state = await loadBillingState(deps.db, scope.accountId, deps.provider.name);
  if (!state.customerId) {
    throw new AppError(
      'billing.no_subscription',
      409,
      'There is no payment method yet: choose a plan to add one.',
    );
  }
  return deps.provider.createPortal({
    accountId: scope.accountId,
    customerId: state.customerId,
    returnUrl: `${deps.publicUrl}/admin/billing`,
  });
}

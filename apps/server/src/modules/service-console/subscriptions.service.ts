/**
 * The service console's subscriptions (docs/service-console.md): every account's plan, status
 * and monthly recurring revenue for system admins, and the two things they may do to it —
 * extend a trial, comp (give) a plan. Each row is derived by `effectiveBilling`, the one place
 * that says what applies now; the status filter and the totals say the same in SQL
 * (`effectiveStatus`, `mrrCents`), so that a filtered page and its rows agree.
 */
import {
  BILLING_INTERVALS,
  PLAN_IDS,
  TRIAL_DAYS,
  TRIAL_PLAN,
  monthlyAmount,
  type BillingProviderName,
  type PlanId,
  type CompPlanInputSchema,
  type ExtendTrialInputSchema,
  type SubscriptionList,
  type SubscriptionListQuerySchema,
  type SubscriptionRow,
  type SubscriptionStatus,
} from '@tenantry/shared';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { cursorPart, decodeCursor, encodeCursor, invalidCursor } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { emailStartsOrEnds, escapeLike } from '../../lib/like.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { effectiveBilling, type BillingState } from '../billing/entitlements.ts';

type Db = Database | Tx;
export type SubscriptionListQuery = z.output<typeof SubscriptionListQuerySchema>;
export type ExtendTrialInput = z.output<typeof ExtendTrialInputSchema>;
export type CompPlanInput = z.output<typeof CompPlanInputSchema>;

/** The billing provider new subscription rows name (config BILLING_PROVIDER). */
export interface ServiceBillingScope {
  defaultProvider: BillingProviderName;
}

const HOUR_MS = 3_600_000;
/** What the past-due list sorts a row without a grace end by: after every real one. */
const NO_GRACE_END = '9999-12-31T23:59:59.999999Z';

const timeKey = (expr: SQL | typeof accounts.createdAt) =>
  sql<string>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * The status `effectiveBilling` derives, in SQL (keep the two alike): no row is the first trial
 * until created_at + TRIAL_DAYS (in hours: exact, whatever the session's time zone), then Free
 * (active); a trial whose end passed is active (on Free); a cancellation whose period ended is
 * canceled; otherwise the stored status.
 */
export function effectiveStatus(now: Date): SQL<SubscriptionStatus> {
  const trialSpan = sql.raw(`interval '${TRIAL_DAYS * 24} hours'`);
  return sql<SubscriptionStatus>`(case
    when ${subscriptions.accountId} is null then
      case when ${accounts.createdAt} + ${trialSpan} > ${at(now)} then 'trialing' else 'active' end
    when ${subscriptions.status} = 'trialing'
      and (${subscriptions.trialEndsAt} is null or ${subscriptions.trialEndsAt} <= ${at(now)})
      then 'active'
    when ${subscriptions.cancelAtPeriodEnd} and ${subscriptions.currentPeriodEnd} <= ${at(now)}
      then 'canceled'
    else ${subscriptions.status} end)`;
}

/**
 * The plan `effectiveBilling` says applies now, in SQL (keep the two alike): a comp wins; no
 * row is TRIAL_PLAN during the first trial, then Free; an ended trial or a canceled plan is Free.
 */
export function effectivePlan(now: Date): SQL<PlanId> {
  const status = effectiveStatus(now);
  return sql<PlanId>`(case
    when ${subscriptions.accountId} is null then
      case when ${status} = 'trialing' then ${TRIAL_PLAN} else 'free' end
    when ${subscriptions.compedPlan} is not null then ${subscriptions.compedPlan}
    when ${subscriptions.status} = 'trialing' and ${status} <> 'trialing' then 'free'
    when ${status} = 'canceled' then 'free'
    else ${subscriptions.plan} end)`;
}

/**
 * Monthly recurring revenue of a row in cents, in SQL (rowMrr's twin): the plan's monthly
 * amount while the stored and the effective status are active or past due and no comp is set;
 * 0 otherwise (a trial, an ended trial on Free, a comp, a cancellation, the free plan).
 */
function mrrCents(now: Date): SQL<number> {
  const prices = PLAN_IDS.flatMap((plan) =>
    BILLING_INTERVALS.map(
      (interval) =>
        sql`when ${subscriptions.plan} = ${sql.raw(`'${plan}'`)} and ${subscriptions.interval} = ${sql.raw(`'${interval}'`)} then ${sql.raw(String(monthlyAmount(plan, interval)))}`,
    ),
  );
  return sql<number>`(case
    when ${subscriptions.compedPlan} is null
      and ${subscriptions.status} in ('active', 'past_due')
      and ${effectiveStatus(now)} in ('active', 'past_due')
    then (case ${sql.join(prices, sql` `)} else 0 end)
    else 0 end)`;
}

/** The MRR of one row as effectiveBilling states it (mrrCents' twin). */
function rowMrr(state: BillingState): number {
  const paying = state.status === 'active' || state.status === 'past_due';
  return paying && !state.comped ? monthlyAmount(state.subscribedPlan, state.interval) : 0;
}

/** The e-mail of the account's first owner (by when they joined). */
/** An account's first owner by when they joined (per row, after the page's LIMIT). */
export const ownerEmail = sql<string | null>`(select u.email from memberships m
  join users u on u.id = m.user_id
  where m.account_id = ${accounts.id} and m.role = 'owner'
  order by m.created_at asc, m.user_id asc limit 1)`;

/**
 * The console's account search: a part of the account's name (case-insensitive, wildcards
 * literal: a scan of the accounts alone), or the start or the end of an owner's e-mail ("ana@",
 * "@acme.com": the users' e-mail indexes, never a read of every user).
 */
export function accountSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  return sql`(lower(${accounts.name}) like ${pattern} escape '\\'
    or ${accounts.id} in (select m.account_id from users u join memberships m on m.user_id = u.id
      where m.role = 'owner' and ${emailStartsOrEnds(sql`u.email`, q)}))`;
}

interface RowData {
  id: string;
  name: string;
  createdAt: Date;
  ownerEmail: string | null;
  sub: typeof subscriptions.$inferSelect | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRow(r: RowData, scope: ServiceBillingScope, now: Date): SubscriptionRow {
  const state = effectiveBilling(r.createdAt, r.sub, scope.defaultProvider, now);
  return {
    accountId: r.id,
    accountName: r.name,
    ownerEmail: r.ownerEmail,
    plan: state.plan,
    subscribedPlan: state.subscribedPlan,
    interval: state.interval,
    status: state.status,
    provider: state.provider,
    comped: state.comped,
    mrr: rowMrr(state),
    trialEndsAt: iso(state.trialEndsAt),
    graceEndsAt: iso(state.pastDue?.graceEndsAt ?? null),
    readOnly: state.readOnly,
    createdAt: r.createdAt.toISOString(),
  };
}

const rowColumns = {
  id: accounts.id,
  name: accounts.name,
  createdAt: accounts.createdAt,
  ownerEmail,
  sub: subscriptions,
};

/** `[status filter, sort key (a time with microseconds), account id]`. */
const ListCursorSchema = z.tuple([z.string(), cursorPart.time, cursorPart.id]);

/**
 * GET /service/subscriptions: a page of accounts (newest first; the past-due list by the end of
 * the grace period, soonest first), keyset-paged, and the totals of every account matching `q`
 * whatever the status filter (one aggregate query), so the cards count each status.
 */
export async function listSubscriptions(
  db: Database,
  scope: ServiceBillingScope,
  query: SubscriptionListQuery,
  now = new Date(),
): Promise<SubscriptionList> {
  const after = query.cursor ? decodeCursor(query.cursor, ListCursorSchema) : null;
  if (after && after[0] !== query.status) throw invalidCursor();
  const status = effectiveStatus(now);
  const search = accountSearch(query.q);
  const pastDueList = query.status === 'past_due';
  const sortExpr = pastDueList
    ? sql`coalesce(${subscriptions.graceEndsAt}, ${NO_GRACE_END}::timestamptz)`
    : sql`${accounts.createdAt}`;
  const keyset = after
    ? pastDueList
      ? sql`(${sortExpr}, ${accounts.id}) > (${after[1]}::timestamptz, ${after[2]}::text)`
      : sql`(${sortExpr}, ${accounts.id}) < (${after[1]}::timestamptz, ${after[2]}::text)`
    : undefined;

  const [rows, totalsRows] = await Promise.all([
    db
      .select({ ...rowColumns, key: timeKey(sortExpr) })
      .from(accounts)
      .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
      .where(
        and(search, query.status === 'all' ? undefined : sql`${status} = ${query.status}`, keyset),
      )
      .orderBy(
        ...(pastDueList
          ? [asc(sortExpr), asc(accounts.id)]
          : [desc(accounts.createdAt), desc(accounts.id)]),
      )
      .limit(query.limit + 1),
    db
      .select({
        accounts: sql<number>`count(*)::int`,
        mrr: sql<number>`coalesce(sum(${mrrCents(now)}), 0)::float8`,
        trialing: sql<number>`(count(*) filter (where ${status} = 'trialing'))::int`,
        active: sql<number>`(count(*) filter (where ${status} = 'active'))::int`,
        pastDue: sql<number>`(count(*) filter (where ${status} = 'past_due'))::int`,
        canceled: sql<number>`(count(*) filter (where ${status} = 'canceled'))::int`,
      })
      .from(accounts)
      .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
      .where(search),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const t = totalsRows[0];
  return {
    items: page.map((r) => toRow(r, scope, now)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor([query.status, last.key, last.id]) : null,
    totals: {
      accounts: Number(t?.accounts ?? 0),
      mrr: Math.round(Number(t?.mrr ?? 0)),
      trialing: Number(t?.trialing ?? 0),
      active: Number(t?.active ?? 0),
      pastDue: Number(t?.pastDue ?? 0),
      canceled: Number(t?.canceled ?? 0),
    },
  };
}

/** The account's row of the subscriptions list (404 when there is no such account). */
export async function readRow(
  db: Db,
  scope: ServiceBillingScope,
  accountId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await db
    .select(rowColumns)
    .from(accounts)
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!row) throw accountNotFound();
  return toRow(row, scope, now);
}

const accountNotFound = () => notFound('Account not found.');

/** The account (locked for the transaction, as billing events lock it) and its row. */
async function lockAccount(tx: Tx, accountId: string) {
  const [account] = await tx
    .select({ createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!account) throw accountNotFound();
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  return { createdAt: account.createdAt, sub: sub ?? null };
}

/**
 * POST /service/subscriptions/{accountId}/trial: the trial ends `days` later than it would
 * (from now when it has ended already): an account without a row gets one (a trial of
 * TRIAL_PLAN); a trial that ended starts again on TRIAL_PLAN. Refused (409) while the account
 * pays for a plan, and for any subscription its provider holds: the provider keeps that
 * subscription's own trial end and would charge on it.
 */
export async function extendTrial(
  db: Database,
  scope: ServiceBillingScope,
  actor: Actor,
  accountId: string,
  input: ExtendTrialInput,
  now = new Date(),
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const { createdAt, sub } = await lockAccount(tx, accountId);
    const state = effectiveBilling(createdAt, sub, scope.defaultProvider, now);
    const paying =
      (state.status === 'active' || state.status === 'past_due') && state.subscribedPlan !== 'free';
    if (sub?.providerSubscriptionId || paying) {
      throw new AppError(
        'common.conflict',
        409,
        'This account has a subscription with its billing provider, so its trial cannot be extended here. Comp a plan instead.',
      );
    }
    const currentEnd = sub
      ? sub.trialEndsAt
      : new Date(createdAt.getTime() + TRIAL_DAYS * 24 * HOUR_MS);
    const from = Math.max(now.getTime(), currentEnd?.getTime() ?? 0);
    const trialEndsAt = new Date(from + input.days * 24 * HOUR_MS);
    const values = {
      // A trial still running keeps its plan; an ended one starts again on the trial plan.
      plan: state.status === 'trialing' ? state.subscribedPlan : TRIAL_PLAN,
      status: 'trialing' as const,
      trialEndsAt,
      cancelAtPeriodEnd: false,
      updatedAt: now,
    };
    await tx
      .insert(subscriptions)
      .values({ accountId, provider: scope.defaultProvider, interval: 'month', ...values })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: values });
    await recordAudit(
      tx,
      { accountId, userId: actor.userId, email: actor.email },
      {
        action: 'billing.trial_extended',
        targetType: 'subscription',
        targetId: accountId,
        data: { days: input.days, trialEndsAt: trialEndsAt.toISOString() },
      },
    );
    return readRow(tx, scope, accountId, now);
  });
}

/**
 * POST /service/subscriptions/{accountId}/comp: gives `plan` free of charge (it overrides the
 * subscription while set) or, with `plan: null`, ends the comp so the subscription underneath
 * applies again. An account without a row gets one holding what applied before (its first
 * trial, or Free), so that ending the comp later leaves it where it was. 409 when there is no
 * comp to end.
 */
export async function compPlan(
  db: Database,
  scope: ServiceBillingScope,
  actor: Actor,
  accountId: string,
  input: CompPlanInput,
  now = new Date(),
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const { createdAt, sub } = await lockAccount(tx, accountId);
    if (input.plan === null && !sub?.compedPlan) {
      throw new AppError('common.conflict', 409, 'This account has no complimentary plan to end.');
    }
    const comp = {
      compedPlan: input.plan,
      compReason: input.plan === null ? null : input.reason,
      updatedAt: now,
    };
    if (sub) {
      await tx.update(subscriptions).set(comp).where(eq(subscriptions.accountId, accountId));
    } else {
      const state = effectiveBilling(createdAt, null, scope.defaultProvider, now);
      await tx
        .insert(subscriptions)
        .values({
          accountId,
          provider: scope.defaultProvider,
          plan: state.subscribedPlan,
          interval: state.interval,
          status: state.status,
          trialEndsAt: state.trialEndsAt,
          ...comp,
        })
        .onConflictDoUpdate({ target: subscriptions.accountId, set: comp });
    }
    await recordAudit(
      tx,
      { accountId, userId: actor.userId, email: actor.email },
      {
        action: 'billing.comped',
        targetType: 'subscription',
        targetId: accountId,
        data: { plan: input.plan, reason: input.reason },
      },
    );
    return readRow(tx, scope, accountId, now);
  });
}

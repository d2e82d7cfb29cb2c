/**
 * The service console's scale data (npm run seed:scale -- --service [--service-accounts 10000]
 * [--service-users 100000] [--events 10000000] [--audit 200000]): accounts, users with
 * memberships (each account's first user its owner), paid subscriptions for a fifth of the
 * accounts, analytics events spread evenly over the last year, and audit entries — written by
 * `generate_series` in SQL, a million rows a statement, then rolled up (analytics-rollup.ts and
 * the overview's overview.rollup.ts).
 * A system admin (SERVICE_ADMIN_EMAIL, SCALE_PASSWORD) signs in for the bench. Run it again
 * and it adds nothing.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authCredentials, users } from '../db/schema/index.ts';
import { rollUpAnalytics } from '../modules/service-console/analytics/analytics-rollup.ts';
import { rollUpService } from '../modules/service-console/overview/overview.rollup.ts';

export const SERVICE_DOMAIN = 'service.scale.tenantry.test';
export const SERVICE_ADMIN_EMAIL = `admin@${SERVICE_DOMAIN}`;

export interface SeedServiceOptions {
  accounts: number;
  users: number;
  events: number;
  /** Audit entries (default: two per user). */
  audit?: number;
  /** Rows per statement. */
  chunk?: number;
}

export const DEFAULT_SERVICE: SeedServiceOptions = {
  accounts: 10_000,
  users: 100_000,
  events: 10_000_000,
};

export interface SeedServiceResult {
  created: boolean;
  accounts: number;
  users: number;
  events: number;
  audit: number;
}

const YEAR_S = 365 * 86_400;

/** Runs `statement(from, to)` over 1…total in chunks (ranges both included). */
async function chunked(
  total: number,
  size: number,
  statement: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  for (let from = 1; from <= total; from += size) {
    await statement(from, Math.min(total, from + size - 1));
  }
}

export async function seedService(
  db: Database,
  opts: SeedServiceOptions,
  password: string,
): Promise<SeedServiceResult> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, SERVICE_ADMIN_EMAIL));
  if (existing) return { created: false, accounts: 0, users: 0, events: 0, audit: 0 };

  const A = Math.max(1, opts.accounts);
  const U = Math.max(A, opts.users);
  const E = opts.events;
  const audit = opts.audit ?? U * 2;
  const size = opts.chunk ?? 1_000_000;
  const passwordHash = await hashPassword(password);
  const adminId = randomUUID();

  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql`
      insert into accounts (id, name, created_at)
      select 'svc-acc-' || g, 'Scale Account ' || g,
             now() - ((g * 7919) % ${YEAR_S}) * interval '1 second'
        from generate_series(1, ${A}) g`);
    await chunked(U, size, (from, to) =>
      t.execute(sql`
        insert into users (id, name, email, email_verified, created_at, updated_at,
                           active_account_id)
        select 'svc-user-' || g, 'Scale User ' || g,
               'user-' || lpad(g::text, 6, '0') || '@' || ${SERVICE_DOMAIN},
               g % 5 <> 0,
               now() - ((g::bigint * 104729) % ${YEAR_S}) * interval '1 second', now(),
               'svc-acc-' || ((g - 1) % ${A} + 1)
          from generate_series(${from}::int, ${to}::int) g`),
    );
    await chunked(U, size, (from, to) =>
      t.execute(sql`
        insert into memberships (account_id, user_id, role, created_at)
        select 'svc-acc-' || ((g - 1) % ${A} + 1), 'svc-user-' || g,
               case when g <= ${A} then 'owner' when g % 4 = 0 then 'admin' else 'member' end,
               now()
          from generate_series(${from}::int, ${to}::int) g`),
    );
    await t.execute(sql`
      insert into subscriptions (account_id, plan, status, provider, current_period_end)
      select 'svc-acc-' || g, case when g % 10 = 0 then 'business' else 'pro' end,
             case when g % 25 = 0 then 'past_due' else 'active' end, 'sandbox',
             now() + interval '20 days'
        from generate_series(5, ${A}, 5) g`);
    // Events evenly over the year to now: mostly page views over a handful of screens and tabs.
    await chunked(E, size, (from, to) =>
      t.execute(sql`
        insert into analytics_events
          (id, name, path, tab, user_id, account_id, occurred_at, received_at)
        select 'svc-ev-' || g,
               case when g % 200 = 0 then 'purchase'
                    when g % 200 = 1 then 'checkout_cancelled'
                    when g % 400 = 2 then 'upgrade_subscription'
                    when g % 800 = 3 then 'downgrade_subscription'
                    else 'page_view' end,
               (array['/', '/tenants', '/service', '/settings', '/billing', '/library'])[g % 6 + 1],
               (array[null, 'list', 'overview', 'members', 'analytics'])[(g / 6) % 5 + 1],
               'svc-user-' || u, 'svc-acc-' || ((u - 1) % ${A} + 1), at, at
          from generate_series(${from}::int, ${to}::int) g,
               lateral (select ((g::bigint * 7919) % ${U}) + 1 as u,
                               now() - ((${E}::bigint - g) * ${YEAR_S} / ${E})
                                       * interval '1 second' as at) x`),
    );
    await chunked(audit, size, (from, to) =>
      t.execute(sql`
        insert into audit_log
          (id, account_id, actor_user_id, actor_email, action, target_type, target_id, data,
           created_at)
        select 'svc-audit-' || g, 'svc-acc-' || ((u - 1) % ${A} + 1), 'svc-user-' || u,
               'user-' || lpad(u::text, 6, '0') || '@' || ${SERVICE_DOMAIN},
               (array['tenants.created', 'members.invited', 'assessments.completed',
                      'settings.updated'])[g % 4 + 1],
               'tenant', 'svc-target-' || g, '{}'::jsonb,
               now() - ((${audit}::bigint - g) * ${YEAR_S} / greatest(${audit}, 1))
                       * interval '1 second'
          from generate_series(${from}::int, ${to}::int) g,
               lateral (select ((g::bigint * 104729) % ${U}) + 1 as u) x`),
    );
    const now = new Date();
    await t.insert(users).values({
      id: adminId,
      name: 'Service Admin',
      email: SERVICE_ADMIN_EMAIL,
      emailVerified: true,
      isSystemAdmin: true,
      createdAt: now,
      updatedAt: now,
    });
    await t.insert(authCredentials).values({
      id: randomUUID(),
      accountId: adminId,
      providerId: 'credential',
      userId: adminId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  });
  // The events were received over the past year: roll up every day of it.
  // Each run backfills BACKFILL_DAYS_PER_RUN days besides yesterday and today: run until none is left.
  while ((await rollUpAnalytics(db)).days > 2);
  // And the overview's daily metrics and snapshot, as the periodic job would.
  await rollUpService(db, { defaultProvider: 'sandbox' });
  // Fresh statistics for the planner, as autovacuum would take them a little later.
  await db.execute(sql`analyze`);
  return { created: true, accounts: A, users: U, events: E, audit };
}

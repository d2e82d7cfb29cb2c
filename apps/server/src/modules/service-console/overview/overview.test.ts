import { randomUUID } from 'node:crypto';
import { ServiceOverviewSchema, type ServiceOverview } from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, feedback, serviceDaily, users } from '../../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { expectStatus } from '../../../test/http.ts';
import { makeSystemAdmin, type Person, signUpPerson } from '../../../test/people.ts';
import { rollUpDays, rollUpService, utcDay } from './overview.rollup.ts';

const DAY = 86_400_000;
const OVERVIEW = '/api/v1/service/overview';

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'overview-admin');
  await makeSystemAdmin(t, admin);
});
afterAll(async () => {
  await t?.close();
});

async function metric(name: string, day: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ value: serviceDaily.value })
    .from(serviceDaily)
    .where(and(eq(serviceDaily.metric, name), eq(serviceDaily.day, day)));
  return row?.value;
}

async function person(createdAt: Date, verified: boolean) {
  await t.database.db.insert(users).values({
    id: randomUUID(),
    name: 'Seeded',
    email: uniqueEmail('overview-seed'),
    emailVerified: verified,
    createdAt,
  });
}

describe('the service.rollup job', () => {
  it('counts each day from the rows and matches a count by hand', async () => {
    const now = new Date();
    const threeDaysAgo = new Date(now.getTime() - 3 * DAY);
    const { db } = t.database;
    await person(threeDaysAgo, true);
    await person(threeDaysAgo, false);
    await person(new Date(now.getTime() - 4 * DAY), true);
    await db.insert(accounts).values({ id: randomUUID(), name: 'Old co', createdAt: threeDaysAgo });

    await rollUpService(db, { defaultProvider: 'sandbox' }, now);

    const day = utcDay(threeDaysAgo);
    const byHand = async (verifiedOnly: boolean) =>
      (await db.select().from(users)).filter(
        (u) => utcDay(u.createdAt) === day && (!verifiedOnly || u.emailVerified),
      ).length;
    // Three days back was missing: it was filled in (the backfill), like every day of the window.
    expect(await metric('signups', day)).toBe(await byHand(false));
    expect(await metric('signups_verified', day)).toBe(await byHand(true));
    expect(await metric('accounts_new', day)).toBe(1);
    expect(await metric('signups', utcDay(now, 89))).toBe(0);
    // Figures of the moment are stored as today's.
    const total = (await db.select().from(accounts)).length;
    expect(await metric('accounts_total', utcDay(now))).toBe(total);
  });

  it('recomputes a day again: a value is replaced, not added to', async () => {
    const now = new Date();
    const day = utcDay(now, 10);
    await person(new Date(now.getTime() - 10 * DAY), false);
    await rollUpDays(t.database.db, day, day);
    const first = await metric('signups', day);
    await rollUpDays(t.database.db, day, day);
    expect(await metric('signups', day)).toBe(first);
    expect(first).toBeGreaterThanOrEqual(1);
  });

  it('keeps the snapshot of unhandled feedback', async () => {
    const { db } = t.database;
    await db.insert(feedback).values({
      id: randomUUID(),
      rating: 4,
      comment: 'More charts',
      pagePath: '/dashboard',
      appVersion: '1',
    });
    await rollUpService(db, { defaultProvider: 'sandbox' });
    const unhandled = (await db.select().from(feedback)).filter((f) => !f.handledAt).length;
    expect(await metric('feedback_unhandled', utcDay(new Date()))).toBe(unhandled);
  });
});

describe('GET /api/v1/service/overview', () => {
  it('reads the rollup with the period before for a trend', async () => {
    await rollUpService(t.database.db, { defaultProvider: 'sandbox' });
    const res = await admin.client.get(OVERVIEW);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = ServiceOverviewSchema.parse(await res.json()) as ServiceOverview;
    expect(body.days).toBe(7);
    expect(body.computedAt).not.toBeNull();
    expect(body.accounts.total.value).toBe((await t.database.db.select().from(accounts)).length);
    // Seeded three and four days back: inside this week.
    expect(body.signups.total.value).toBeGreaterThanOrEqual(3);
    expect(body.signups.total.previous).not.toBeNull();
    expect(body.answers.perDay).toHaveLength(7);
    expect(body.failedJobs).toBe(0);

    const month = ServiceOverviewSchema.parse(
      await (await admin.client.get(`${OVERVIEW}?days=30`)).json(),
    );
    expect(month.answers.perDay).toHaveLength(30);
    expect(month.signups.total.value).toBeGreaterThanOrEqual(body.signups.total.value);
  });

  it('refuses a period other than 7 or 30', async () => {
    await expectStatus(admin.client.get(`${OVERVIEW}?days=12`), 400);
  });
});

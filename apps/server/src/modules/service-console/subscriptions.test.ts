import { randomBytes, randomUUID } from 'node:crypto';
import {
  ErrorBodySchema,
  SubscriptionListSchema,
  SubscriptionRowSchema,
  TRIAL_DAYS,
  TRIAL_PLAN,
  monthlyAmount,
  type SubscriptionList,
  type SubscriptionRow,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, memberships, subscriptions, users } from '../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import {
  addMember,
  errorCode,
  makeSystemAdmin,
  type Person,
  signUpPerson,
} from '../../test/people.ts';

const DAY = 86_400_000;
const LIST = '/api/v1/service/subscriptions';

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'sysadmin');
  await makeSystemAdmin(t, admin);
});
afterAll(async () => {
  await t?.close();
});

type SubValues = Partial<typeof subscriptions.$inferInsert>;

/**
 * An account with one owner, made straight in the database (billing states cannot be reached
 * through the API without a provider): `sub` is its subscription row, none when undefined.
 */
async function account(
  name: string,
  opts: { createdAt?: Date; sub?: SubValues; ownerEmail?: string } = {},
): Promise<{ id: string; ownerEmail: string }> {
  const { db } = t.database;
  const id = randomUUID();
  const userId = randomUUID();
  const ownerEmail = opts.ownerEmail ?? uniqueEmail('subs-owner');
  await db.insert(users).values({ id: userId, name: 'Owner', email: ownerEmail });
  await db.insert(accounts).values({ id, name, createdAt: opts.createdAt ?? new Date() });
  await db.insert(memberships).values({ accountId: id, userId, role: 'owner' });
  if (opts.sub) {
    await db.insert(subscriptions).values({
      accountId: id,
      plan: 'pro',
      status: 'active',
      provider: 'sandbox',
      ...opts.sub,
    });
  }
  return { id, ownerEmail };
}

async function list(qs: Record<string, string> = {}): Promise<SubscriptionList> {
  const res = await admin.client.get(`${LIST}?${new URLSearchParams(qs).toString()}`);
  await expectStatus(res, 200);
  return SubscriptionListSchema.parse(await res.json());
}

async function subRow(accountId: string) {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId));
  return row ?? null;
}

async function auditOf(accountId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.accountId, accountId));
}

const tag = () => `Subs${randomBytes(4).toString('hex')}`;
const byName = (items: SubscriptionRow[]) =>
  Object.fromEntries(items.map((i) => [i.accountName.replace(/^\S+ /, ''), i]));

describe('who may use the subscriptions console', () => {
  it('an account owner or member is refused (403), signed out 401, and nothing changes', async () => {
    const owner = await signUpPerson(t, 'owner');
    const member = await addMember(t, owner, 'member');
    const before = await auditOf(owner.tid);
    for (const who of [owner, member]) {
      expect((await who.client.get(LIST)).status).toBe(403);
      const trial = await who.client.post(`${LIST}/${owner.tid}/trial`, { days: 30 });
      expect(trial.status).toBe(403);
      expect(await errorCode(trial)).toBe('common.forbidden');
      const comp = await who.client.post(`${LIST}/${owner.tid}/comp`, {
        plan: 'business',
        reason: 'Because I said so',
      });
      expect(comp.status).toBe(403);
    }
    expect((await t.client().get(LIST)).status).toBe(401);
    expect((await t.client().post(`${LIST}/${owner.tid}/trial`, { days: 3 })).status).toBe(401);
    expect(await subRow(owner.tid)).toBeNull();
    expect(await auditOf(owner.tid)).toEqual(before);
  });
});

describe('the list', () => {
  it('shows every account’s effective plan, status, MRR, trial and grace ends, with totals', async () => {
    const k = tag();
    const now = Date.now();
    const grace = new Date(now + 3 * DAY);
    const old = new Date(now - 30 * DAY);
    const fresh = await account(`${k} Fresh`); // first trial, no row
    await account(`${k} Lapsed`, { createdAt: old }); // first trial over: Free
    await account(`${k} Monthly`, { sub: { plan: 'pro', interval: 'month' } });
    await account(`${k} Yearly`, { sub: { plan: 'business', interval: 'year' } });
    await account(`${k} Late`, {
      sub: {
        plan: 'pro',
        status: 'past_due',
        pastDueSince: new Date(now - 4 * DAY),
        graceEndsAt: grace,
        amountDue: 4900,
      },
    });
    await account(`${k} Overdue`, {
      sub: {
        plan: 'business',
        status: 'past_due',
        pastDueSince: new Date(now - 9 * DAY),
        graceEndsAt: new Date(now - 2 * DAY),
        amountDue: 14_900,
      },
    });
    await account(`${k} Ended`, {
      sub: { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(now - DAY) },
    });
    await account(`${k} Leaving`, {
      sub: { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(now + 5 * DAY) },
    });
    await account(`${k} Gift`, { sub: { plan: 'free', compedPlan: 'business', compReason: 'x' } });
    await account(`${k} TrialOver`, {
      sub: { plan: 'pro', status: 'trialing', trialEndsAt: new Date(now - DAY) },
    });

    const page = await list({ q: k });
    const rows = byName(page.items);
    expect(Object.keys(rows)).toHaveLength(10);
    expect(rows.Fresh).toMatchObject({
      accountId: fresh.id,
      ownerEmail: fresh.ownerEmail,
      plan: TRIAL_PLAN,
      status: 'trialing',
      mrr: 0,
      provider: 'sandbox',
    });
    expect(Date.parse(rows.Fresh!.trialEndsAt!)).toBeGreaterThan(now + (TRIAL_DAYS - 1) * DAY);
    expect(rows.Lapsed).toMatchObject({
      plan: 'free',
      status: 'active',
      mrr: 0,
      trialEndsAt: null,
    });
    expect(rows.Monthly).toMatchObject({ plan: 'pro', status: 'active', mrr: 4900 });
    expect(rows.Yearly).toMatchObject({
      plan: 'business',
      interval: 'year',
      mrr: monthlyAmount('business', 'year'),
    });
    expect(rows.Late).toMatchObject({
      status: 'past_due',
      mrr: 4900,
      graceEndsAt: grace.toISOString(),
      readOnly: false,
    });
    expect(rows.Overdue).toMatchObject({ status: 'past_due', readOnly: true, mrr: 14_900 });
    expect(rows.Ended).toMatchObject({ status: 'canceled', plan: 'free', mrr: 0 });
    expect(rows.Leaving).toMatchObject({ status: 'active', plan: 'pro', mrr: 4900 });
    expect(rows.Gift).toMatchObject({ plan: 'business', comped: true, mrr: 0 });
    expect(rows.TrialOver).toMatchObject({ status: 'active', plan: 'free', mrr: 0 });

    const mrr = page.items.reduce((sum, i) => sum + i.mrr, 0);
    expect(mrr).toBe(4900 + monthlyAmount('business', 'year') + 4900 + 14_900 + 4900);
    expect(page.totals).toEqual({
      accounts: 10,
      mrr,
      trialing: 1,
      active: 6,
      pastDue: 2,
      canceled: 1,
    });
    // Newest first.
    expect(page.items.map((i) => i.createdAt)).toEqual(
      [...page.items.map((i) => i.createdAt)].sort().reverse(),
    );

    // The status filter agrees with each row's status; the totals stay those of the search.
    for (const status of ['trialing', 'active', 'past_due', 'canceled'] as const) {
      const filtered = await list({ q: k, status });
      expect(filtered.items.length, status).toBeGreaterThan(0);
      expect(filtered.items.every((i) => i.status === status)).toBe(true);
      expect(filtered.totals).toEqual(page.totals);
    }
    // The past-due list: the grace period that ends soonest first.
    const pastDue = await list({ q: k, status: 'past_due' });
    expect(pastDue.items.map((i) => i.accountName)).toEqual([`${k} Overdue`, `${k} Late`]);
  });

  it('searches by account name or owner e-mail, case-insensitively, with % and _ literal', async () => {
    const k = tag();
    const email = `${k.toLowerCase()}-boss@example.test`;
    const a = await account(`${k} Acme 100%`);
    const b = await account(`Unrelated ${randomBytes(3).toString('hex')}`, { ownerEmail: email });
    await account(`${k} Acme 1000`);
    expect(
      (await list({ q: `${k.toUpperCase()} ACME 100%` })).items.map((i) => i.accountId),
    ).toEqual([a.id]);
    expect((await list({ q: `${k}-BOSS@` })).items.map((i) => i.accountId)).toEqual([b.id]);
    const underscore = await list({ q: `${k} Acme 10_0` });
    expect(underscore.items).toEqual([]);
    expect(underscore.totals.accounts).toBe(0);
    const all = await list();
    expect(all.totals.accounts).toBeGreaterThanOrEqual(4);
  });

  it('pages through every match with a keyset cursor, without duplicates, in both orders', async () => {
    const k = tag();
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      // Two share a creation time: the id breaks the tie.
      const createdAt = new Date(now - (i === 6 ? 5 : i) * 60_000);
      ids.push((await account(`${k} P${i}`, { createdAt })).id);
    }
    for (let i = 0; i < 5; i++) {
      ids.push(
        (
          await account(`${k} D${i}`, {
            sub: {
              status: 'past_due',
              pastDueSince: new Date(now - DAY),
              // Two without a grace end (last), two with the same one.
              graceEndsAt: i < 2 ? null : new Date(now + (i === 4 ? 3 : i) * DAY),
            },
          })
        ).id,
      );
    }
    for (const status of ['all', 'past_due'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: SubscriptionList = await list({
          q: k,
          status,
          limit: '2',
          ...(cursor ? { cursor } : {}),
        });
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((i) => i.accountId));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      const expected = status === 'all' ? 12 : 5;
      expect(seen, status).toHaveLength(expected);
      expect(new Set(seen).size).toBe(expected);
      if (status === 'past_due') {
        const graceEnds = (await list({ q: k, status, limit: '100' })).items.map(
          (i) => i.graceEndsAt,
        );
        expect(graceEnds.slice(3)).toEqual([null, null]);
        expect(graceEnds.slice(0, 3)).toEqual([...graceEnds.slice(0, 3)].sort());
      }
    }
  });

  it('refuses a cursor of another status filter, a forged cursor, a bad limit or status, a NUL in the search (400)', async () => {
    const k = tag();
    for (let i = 0; i < 3; i++) await account(`${k} C${i}`);
    const first = await list({ q: k, limit: '1' });
    expect(first.nextCursor).not.toBeNull();
    const queries: Record<string, string>[] = [
      { q: k, status: 'trialing', cursor: first.nextCursor! },
      { cursor: 'nonsense' },
      { limit: '0' },
      { status: 'lost' },
      { q: 'a\u0000b' },
    ];
    for (const qs of queries) {
      const res = await admin.client.get(`${LIST}?${new URLSearchParams(qs).toString()}`);
      expect(res.status).toBe(400);
      const body = ErrorBodySchema.parse(await res.json());
      expect(body.error.code).toBe('common.validation');
      expect(Object.keys(body.error.fields ?? {})).toHaveLength(1);
    }
  });
});

describe('extending a trial', () => {
  it('moves the first trial’s end by the days, writes the row and an audit entry as the admin', async () => {
    const { id, ownerEmail } = await account(`${tag()} Trial`);
    const created = (await list({ q: ownerEmail })).items[0]!;
    const res = await admin.client.post(`${LIST}/${id}/trial`, { days: 10 });
    await expectStatus(res, 200);
    const row = SubscriptionRowSchema.parse(await res.json());
    expect(row).toMatchObject({ accountId: id, status: 'trialing', plan: TRIAL_PLAN });
    expect(Date.parse(row.trialEndsAt!) - Date.parse(created.trialEndsAt!)).toBe(10 * DAY);
    expect(await subRow(id)).toMatchObject({
      status: 'trialing',
      plan: TRIAL_PLAN,
      provider: 'sandbox',
      trialEndsAt: new Date(row.trialEndsAt!),
    });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'billing.trial_extended',
      actorUserId: admin.uid,
      actorEmail: admin.email,
      targetId: id,
      data: { days: 10, trialEndsAt: row.trialEndsAt },
    });

    // Again: from the extended end.
    const again = SubscriptionRowSchema.parse(
      await (await admin.client.post(`${LIST}/${id}/trial`, { days: 5 })).json(),
    );
    expect(Date.parse(again.trialEndsAt!) - Date.parse(row.trialEndsAt!)).toBe(5 * DAY);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it('starts an ended trial again from now, on the trial plan', async () => {
    const lapsed = await account(`${tag()} Lapsed`, { createdAt: new Date(Date.now() - 60 * DAY) });
    const before = Date.now();
    const row = SubscriptionRowSchema.parse(
      await (await admin.client.post(`${LIST}/${lapsed.id}/trial`, { days: 7 })).json(),
    );
    expect(row).toMatchObject({ status: 'trialing', plan: TRIAL_PLAN });
    expect(Date.parse(row.trialEndsAt!)).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(Date.parse(row.trialEndsAt!)).toBeLessThan(Date.now() + 7 * DAY + 1000);
  });

  it('is refused (409) while the account pays or its provider holds a subscription; nothing changes', async () => {
    const paying = await account(`${tag()} Paying`, {
      sub: { providerSubscriptionId: `sub_${randomUUID()}` },
    });
    const providerTrial = await account(`${tag()} ProviderTrial`, {
      sub: {
        status: 'trialing',
        trialEndsAt: new Date(Date.now() + DAY),
        providerSubscriptionId: `sub_${randomUUID()}`,
      },
    });
    for (const { id } of [paying, providerTrial]) {
      const before = await subRow(id);
      const res = await admin.client.post(`${LIST}/${id}/trial`, { days: 7 });
      expect(res.status).toBe(409);
      expect(await errorCode(res)).toBe('common.conflict');
      expect(await subRow(id)).toEqual(before);
      expect(await auditOf(id)).toEqual([]);
    }
  });

  it('answers 404 for an unknown account and 400 for days out of 1–90', async () => {
    expect((await admin.client.post(`${LIST}/${randomUUID()}/trial`, { days: 7 })).status).toBe(
      404,
    );
    const { id } = await account(`${tag()} Bad`);
    for (const body of [{ days: 0 }, { days: 91 }, { days: 2.5 }, { days: '7' }, {}]) {
      const res = await admin.client.post(`${LIST}/${id}/trial`, body);
      expect(res.status).toBe(400);
      expect(ErrorBodySchema.parse(await res.json()).error.fields).toHaveProperty('days');
    }
    expect(await subRow(id)).toBeNull();
  });
});

describe('comping a plan', () => {
  it('gives a plan free of charge over the first trial, then ending it leaves the trial', async () => {
    const { id, ownerEmail } = await account(`${tag()} Comp`);
    const res = await admin.client.post(`${LIST}/${id}/comp`, {
      plan: 'business',
      reason: '  Partner programme  ',
    });
    await expectStatus(res, 200);
    expect(SubscriptionRowSchema.parse(await res.json())).toMatchObject({
      plan: 'business',
      comped: true,
      mrr: 0,
      status: 'trialing',
    });
    expect(await subRow(id)).toMatchObject({
      compedPlan: 'business',
      compReason: 'Partner programme',
      plan: TRIAL_PLAN,
      status: 'trialing',
    });
    // The list says the same (the effective plan).
    expect((await list({ q: ownerEmail })).items[0]).toMatchObject({
      plan: 'business',
      comped: true,
    });

    const end = await admin.client.post(`${LIST}/${id}/comp`, { plan: null, reason: 'Ended' });
    expect(end.status).toBe(200);
    expect(SubscriptionRowSchema.parse(await end.json())).toMatchObject({
      plan: TRIAL_PLAN,
      comped: false,
      status: 'trialing',
    });
    expect(await subRow(id)).toMatchObject({ compedPlan: null, compReason: null });
    const entries = (await auditOf(id)).filter((e) => e.action === 'billing.comped');
    expect(entries.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { plan: 'business', reason: 'Partner programme' },
        { plan: null, reason: 'Ended' },
      ]),
    );
    expect(entries.every((e) => e.actorUserId === admin.uid)).toBe(true);
  });

  it('overrides a paid plan and takes it out of the MRR; ending it puts both back', async () => {
    const { id } = await account(`${tag()} Paid`, {
      sub: { plan: 'pro', providerSubscriptionId: `sub_${randomUUID()}` },
    });
    const comped = SubscriptionRowSchema.parse(
      await (
        await admin.client.post(`${LIST}/${id}/comp`, { plan: 'free', reason: 'Test' })
      ).json(),
    );
    expect(comped).toMatchObject({ plan: 'free', subscribedPlan: 'pro', comped: true, mrr: 0 });
    const back = SubscriptionRowSchema.parse(
      await (await admin.client.post(`${LIST}/${id}/comp`, { plan: null, reason: 'Back' })).json(),
    );
    expect(back).toMatchObject({ plan: 'pro', comped: false, mrr: 4900 });
  });

  it('an account with an ended first trial keeps Free under its comp', async () => {
    const { id } = await account(`${tag()} Old`, { createdAt: new Date(Date.now() - 40 * DAY) });
    await admin.client.post(`${LIST}/${id}/comp`, { plan: 'pro', reason: 'Goodwill' });
    expect(await subRow(id)).toMatchObject({ plan: 'free', status: 'active', compedPlan: 'pro' });
    const end = SubscriptionRowSchema.parse(
      await (await admin.client.post(`${LIST}/${id}/comp`, { plan: null, reason: 'Done' })).json(),
    );
    expect(end).toMatchObject({ plan: 'free', status: 'active', comped: false });
  });

  it('ending a comp that is not there is 409; unknown account 404; bad input 400; nothing written', async () => {
    const { id } = await account(`${tag()} None`);
    const none = await admin.client.post(`${LIST}/${id}/comp`, { plan: null, reason: 'x' });
    expect(none.status).toBe(409);
    expect(
      (await admin.client.post(`${LIST}/${randomUUID()}/comp`, { plan: 'pro', reason: 'x' }))
        .status,
    ).toBe(404);
    for (const [body, field] of [
      [{ plan: 'pro', reason: '   ' }, 'reason'],
      [{ plan: 'pro', reason: 'x'.repeat(501) }, 'reason'],
      [{ plan: 'platinum', reason: 'x' }, 'plan'],
      [{ reason: 'x' }, 'plan'],
      [{ plan: 'pro', reason: 'a\u0000b' }, 'reason'],
    ] as const) {
      const res = await admin.client.post(`${LIST}/${id}/comp`, body);
      expect(res.status).toBe(400);
      expect(ErrorBodySchema.parse(await res.json()).error.fields).toHaveProperty(field);
    }
    expect(await subRow(id)).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.accountId, id), eq(auditLog.action, 'billing.comped'))),
    ).toEqual([]);
  });
});

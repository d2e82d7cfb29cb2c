import { randomBytes, randomUUID } from 'node:crypto';
import {
  ServiceAccountDetailSchema,
  ServiceAccountPageSchema,
  StaffNoteListSchema,
  StaffNoteSchema,
  type ServiceAccountPage,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  accounts,
  auditLog,
  memberships,
  subscriptions,
  users,
} from '../../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { expectStatus } from '../../../test/http.ts';
import {
  addMember,
  errorCode,
  makeSystemAdmin,
  type Person,
  signUpPerson,
} from '../../../test/people.ts';

const LIST = '/api/v1/service/accounts';
const DAY = 86_400_000;

let t: TestApp;
let admin: Person;
let otherAdmin: Person;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'sysadmin');
  await makeSystemAdmin(t, admin);
  otherAdmin = await signUpPerson(t, 'sysadmin2');
  await makeSystemAdmin(t, otherAdmin);
});
afterAll(async () => {
  await t?.close();
});

const tag = () => `Acc${randomBytes(4).toString('hex')}`;

/** An account with one owner, made straight in the database. */
async function account(
  name: string,
  opts: {
    createdAt?: Date;
    lastActiveAt?: Date;
    suspended?: boolean;
    sub?: Partial<typeof subscriptions.$inferInsert>;
  } = {},
) {
  const { db } = t.database;
  const id = randomUUID();
  const userId = randomUUID();
  const ownerEmail = uniqueEmail('acc-owner');
  await db.insert(users).values({ id: userId, name: 'Owner', email: ownerEmail });
  await db.insert(accounts).values({
    id,
    name,
    createdAt: opts.createdAt ?? new Date(),
    lastActiveAt: opts.lastActiveAt ?? null,
    suspendedAt: opts.suspended ? new Date() : null,
    suspendedReason: opts.suspended ? 'Test' : null,
  });
  await db.insert(memberships).values({ accountId: id, userId, role: 'owner' });
  if (opts.sub) {
    await db
      .insert(subscriptions)
      .values({ accountId: id, plan: 'pro', status: 'active', provider: 'sandbox', ...opts.sub });
  }
  return { id, ownerEmail };
}

async function list(qs: Record<string, string> = {}): Promise<ServiceAccountPage> {
  const res = await admin.client.get(`${LIST}?${new URLSearchParams(qs).toString()}`);
  await expectStatus(res, 200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ServiceAccountPageSchema.parse(await res.json());
}

async function detail(id: string, who: Person = admin) {
  const res = await who.client.get(`${LIST}/${id}`);
  await expectStatus(res, 200);
  return ServiceAccountDetailSchema.parse(await res.json());
}

describe('GET /service/accounts', () => {
  it('finds an account by its name, its owner’s e-mail and its id', async () => {
    const name = tag();
    const a = await account(`${name} Ltd`);
    await account(tag());
    expect((await list({ q: name.toLowerCase() })).items.map((r) => r.id)).toEqual([a.id]);
    const byEmail = await list({ q: a.ownerEmail.toUpperCase() });
    expect(byEmail.items.map((r) => r.id)).toEqual([a.id]);
    expect(byEmail.items[0]).toMatchObject({ name: `${name} Ltd`, ownerEmail: a.ownerEmail });
    expect((await list({ q: a.id })).items.map((r) => r.id)).toEqual([a.id]);
    expect((await list({ q: '%' + name })).items).toEqual([]);
  });

  it('finds every account whose owner is at a domain, by the end of the e-mail', async () => {
    const domain = `${tag().toLowerCase()}.example`;
    const a = await account(tag());
    const b = await account(tag());
    await account(tag());
    for (const [x, local] of [
      [a, 'ana'],
      [b, 'bo'],
    ] as const) {
      await t.database.db
        .update(users)
        .set({ email: `${local}@${domain}` })
        .where(eq(users.email, x.ownerEmail));
    }
    const found = await list({ q: `@${domain.toUpperCase()}` });
    expect(found.items.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect((await list({ q: `ana@${domain}` })).items.map((r) => r.id)).toEqual([a.id]);
  });

  it('filters by plan, status, suspension, creation and last activity', async () => {
    const name = tag();
    const old = new Date(Date.now() - 400 * DAY);
    const trial = await account(`${name} trial`);
    const pro = await account(`${name} pro`, { createdAt: old, sub: { plan: 'pro' } });
    const comped = await account(`${name} comp`, {
      createdAt: old,
      sub: { plan: 'free', compedPlan: 'business' },
    });
    const ended = await account(`${name} ended`, {
      createdAt: old,
      sub: { plan: 'pro', status: 'trialing', trialEndsAt: new Date(Date.now() - DAY) },
    });
    const suspended = await account(`${name} susp`, {
      createdAt: old,
      suspended: true,
      lastActiveAt: new Date(Date.now() - 2 * DAY),
    });
    const ids = async (qs: Record<string, string>) =>
      (await list({ q: name, ...qs })).items.map((r) => r.id).sort();
    expect(await ids({ plan: 'business' })).toEqual([comped.id]);
    expect(await ids({ plan: 'pro' })).toEqual([pro.id, trial.id].sort());
    expect(await ids({ plan: 'free' })).toEqual([ended.id, suspended.id].sort());
    expect(await ids({ status: 'trialing' })).toEqual([trial.id]);
    expect(await ids({ suspended: 'true' })).toEqual([suspended.id]);
    expect(await ids({ suspended: 'false' })).not.toContain(suspended.id);
    expect(await ids({ createdFrom: new Date(Date.now() - DAY).toISOString() })).toEqual([
      trial.id,
    ]);
    expect(await ids({ createdTo: new Date(Date.now() - DAY).toISOString() })).toHaveLength(4);
    expect(
      await ids({
        activeFrom: new Date(Date.now() - 3 * DAY).toISOString(),
        activeTo: new Date().toISOString(),
      }),
    ).toEqual([suspended.id]);
  });

  it('counts an account active from its first signed-in request', async () => {
    const owner = await signUpPerson(t, 'fresh');
    await t.database.db
      .update(accounts)
      .set({ lastActiveAt: null })
      .where(eq(accounts.id, owner.tid));
    await expectStatus(await owner.client.get('/api/v1/me'), 200);
    const [row] = await t.database.db
      .select({ at: accounts.lastActiveAt })
      .from(accounts)
      .where(eq(accounts.id, owner.tid));
    expect(row?.at).toBeInstanceOf(Date);
    expect(Date.now() - row!.at!.getTime()).toBeLessThan(60_000);
  });

  it('pages newest first with a keyset cursor, and refuses a forged one', async () => {
    const name = tag();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await account(`${name} ${i}`, { createdAt: new Date(Date.now() - i * DAY) })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ServiceAccountPage = await list({
        q: name,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made);
    const res = await admin.client.get(`${LIST}?cursor=bm90LWEtY3Vyc29y`);
    await expectStatus(res, 400);
    expect(await errorCode(res)).toBe('common.validation');
  });

  it('refuses bad filters with 400', async () => {
    for (const qs of [
      'plan=gold',
      'status=sleeping',
      'suspended=maybe',
      'createdFrom=yesterday',
      `createdFrom=${new Date().toISOString()}&createdTo=${new Date(Date.now() - DAY).toISOString()}`,
      'limit=500',
    ]) {
      const res = await admin.client.get(`${LIST}?${qs}`);
      await expectStatus(res, 400);
    }
  });

  it('is for system admins only', async () => {
    const person = await signUpPerson(t, 'not-staff');
    await expectStatus(await person.client.get(LIST), 403);
    await expectStatus(await t.client().get(LIST), 401);
  });
});

describe('an account’s page and what staff do to it', () => {
  it('shows members, tenants, plan and usage, audit, tickets and notes', async () => {
    const owner = await signUpPerson(t, 'page-owner');
    await addMember(t, owner, 'member', 'page-member');
    await expectStatus(await owner.client.post('/api/v1/tenants', { name: 'Client A' }), 201);
    const d = await detail(owner.tid);
    expect(d.members.map((m) => m.role).sort()).toEqual(['member', 'owner']);
    expect(d.tenants.active).toBe(1);
    expect(d.tenants.items.map((x) => x.name)).toEqual(['Client A']);
    expect(d.usage.usage).toMatchObject({ seats: 2, tenants: 1 });
    expect(d.subscription.accountId).toBe(owner.tid);
    expect(d.suspension).toBeNull();
    expect(d.recentAudit.every((e) => e.accountId === owner.tid)).toBe(true);
    expect(d.tickets.total).toBe(0);
    expect(d.notes).toEqual([]);
    await expectStatus(await admin.client.get(`${LIST}/${randomUUID()}`), 404);
  });

  it('suspends: members still read, every write gets 423; restore lets them write again', async () => {
    const owner = await signUpPerson(t, 'susp-owner');
    const member = await addMember(t, owner, 'member', 'susp-member');
    const none = await admin.client.post(`${LIST}/${owner.tid}/suspend`, { reason: ' ' });
    await expectStatus(none, 400);

    const res = await admin.client.post(`${LIST}/${owner.tid}/suspend`, {
      reason: 'Unpaid invoices',
    });
    await expectStatus(res, 200);
    const d = ServiceAccountDetailSchema.parse(await res.json());
    expect(d.suspension?.reason).toBe('Unpaid invoices');
    await expectStatus(
      await admin.client.post(`${LIST}/${owner.tid}/suspend`, { reason: 'Again' }),
      409,
    );

    const write = await member.client.post('/api/v1/tenants', { name: 'Refused' });
    await expectStatus(write, 423);
    expect(await errorCode(write)).toBe('account.suspended');
    await expectStatus(await member.client.get('/api/v1/tenants'), 200);
    const me = (await (await member.client.get('/api/v1/me')).json()) as {
      accountSuspension?: { reason: string } | null;
    };
    expect(me.accountSuspension?.reason).toBe('Unpaid invoices');

    await expectStatus(
      await admin.client.request(`${LIST}/${owner.tid}/restore`, { method: 'POST' }),
      200,
    );
    await expectStatus(
      await admin.client.request(`${LIST}/${owner.tid}/restore`, { method: 'POST' }),
      409,
    );
    await expectStatus(await member.client.post('/api/v1/tenants', { name: 'Allowed' }), 201);

    // The owners (not the members) are told both, with the reason.
    const subjects = (await t.mailTo(owner.email)).map((m) => `${m.subject} ${m.text}`);
    expect(subjects.some((x) => /is suspended/.test(x) && /Unpaid invoices/.test(x))).toBe(true);
    expect(subjects.some((x) => /is restored/.test(x))).toBe(true);
    expect((await t.mailTo(member.email)).some((m) => /suspended/.test(m.subject))).toBe(false);

    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.accountId, owner.tid))
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['service.account_suspended', 'service.account_restored']),
    );
  });

  it('refuses to restore while a deletion is scheduled', async () => {
    const a = await account(tag(), { suspended: true });
    await t.database.db.insert(accountDeletions).values({
      accountId: a.id,
      scheduledAt: new Date(),
      deleteAfter: new Date(Date.now() + 30 * DAY),
      reason: 'Asked to',
    });
    const res = await admin.client.request(`${LIST}/${a.id}/restore`, { method: 'POST' });
    await expectStatus(res, 409);
    expect(await errorCode(res)).toBe('common.conflict');
    expect((await detail(a.id)).deletionScheduled).toBe(true);
  });

  it('transfers ownership to a member; the old owner becomes admin', async () => {
    const owner = await signUpPerson(t, 'xfer-owner');
    const member = await addMember(t, owner, 'member', 'xfer-member');
    const stranger = await signUpPerson(t, 'xfer-stranger');
    const path = `${LIST}/${owner.tid}/transfer`;
    await expectStatus(await admin.client.post(path, { userId: stranger.uid }), 404);
    const res = await admin.client.post(path, { userId: member.uid });
    await expectStatus(res, 200);
    const d = ServiceAccountDetailSchema.parse(await res.json());
    const roleOf = (uid: string) => d.members.find((m) => m.userId === uid)?.role;
    expect(roleOf(member.uid)).toBe('owner');
    expect(roleOf(owner.uid)).toBe('admin');
    await expectStatus(await admin.client.post(path, { userId: member.uid }), 409);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.accountId, owner.tid),
          eq(auditLog.action, 'service.ownership_transferred'),
        ),
      );
    expect(entry?.data).toMatchObject({ toEmail: member.email, fromEmails: [owner.email] });
  });

  it('keeps internal notes: add, list, delete one’s own only', async () => {
    const owner = await signUpPerson(t, 'notes-owner');
    const path = `${LIST}/${owner.tid}/notes`;
    await expectStatus(await admin.client.post(path, { body: '' }), 400);
    await expectStatus(await admin.client.post(path, { body: 'x'.repeat(5001) }), 400);
    const res = await admin.client.post(path, { body: 'Called them about the invoice.' });
    await expectStatus(res, 201);
    const note = StaffNoteSchema.parse(await res.json());
    expect(note.mine).toBe(true);

    const theirs = StaffNoteListSchema.parse(await (await otherAdmin.client.get(path)).json());
    expect(theirs.notes).toMatchObject([{ id: note.id, mine: false }]);
    await expectStatus(
      await otherAdmin.client.request(`${path}/${note.id}`, { method: 'DELETE' }),
      403,
    );
    expect((await detail(owner.tid)).notes.map((n) => n.id)).toEqual([note.id]);

    // Never in the account's own log, which its admins read.
    const own = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.accountId, owner.tid));
    expect(own.map((e) => e.action)).not.toContain('service.note_added');

    await expectStatus(await admin.client.request(`${path}/${note.id}`, { method: 'DELETE' }), 204);
    await expectStatus(await admin.client.request(`${path}/${note.id}`, { method: 'DELETE' }), 404);
    expect((await detail(owner.tid)).notes).toEqual([]);
  });
});

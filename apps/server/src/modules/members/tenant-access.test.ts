/**
 * Members limited to some client tenants (docs/members.md): setting the access, and the one
 * predicate applied everywhere a member reaches tenants — the list and its search and CSV,
 * tenant pages, assessments and their answers, the dashboard, shares, live streams, tasks, API
 * keys and webhook endpoints they make. A tenant outside the access is a 404, as another
 * account's is; the outsider suite proves it on every route (test/outsider).
 */
import {
  ApiKeyListSchema,
  CreatedApiKeySchema,
  DashboardSchema,
  MemberListSchema,
  MemberSchema,
  TenantPageSchema,
  WebhookListSchema,
  WebhookSchema,
  type Member,
  type SetTenantAccessInput,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, tenants, webhookDeliveries } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { addTenant, assessed } from '../../test/data.ts';
import { publishPrivateFramework, WORKED_EXAMPLE_ANSWERS } from '../../test/frameworks.ts';
import { expectStatus, ok } from '../../test/http.ts';
import {
  addMember,
  compBusiness,
  errorCode,
  signUpPerson,
  type Person,
} from '../../test/people.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.events.ts';

let t: TestApp;
let owner: Person;
let other: Person;
/** T1 (tagged team-a) is what the limited people reach; T2 (team-b) is not. */
let t1: string;
let t2: string;
let otherTenant: string;
let frameworkId: string;

beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'access-owner', 'Olivia Owner');
  other = await signUpPerson(t, 'access-other', 'Oscar Other');
  await compBusiness(t, owner.tid);
  t1 = await addTenant(t, owner.tid, 'Acme', ['team-a']);
  t2 = await addTenant(t, owner.tid, 'Globex', ['team-b']);
  otherTenant = await addTenant(t, other.tid, 'Initech', ['team-a']);
  frameworkId = await publishPrivateFramework(owner.client);
});
afterAll(async () => {
  await t?.close();
});

async function memberOf(who: Person, userId: string): Promise<Member> {
  const { members } = MemberListSchema.parse(await ok(who.client.get('/api/v1/members')));
  const m = members.find((x) => x.userId === userId);
  if (!m) throw new Error(`no member ${userId}`);
  return m;
}

/** PUT the access as `who`, at the version read just before. */
function putAccess(who: Person, userId: string, body: SetTenantAccessInput) {
  return who.client.request(`/api/v1/members/${userId}/tenant-access`, {
    method: 'PUT',
    json: body,
  });
}

async function limit(
  userId: string,
  access: Omit<SetTenantAccessInput, 'version'>,
): Promise<Member> {
  const version = (await memberOf(owner, userId)).tenantAccess?.version ?? 0;
  return MemberSchema.parse(await ok(putAccess(owner, userId, { ...access, version })));
}

async function tenantIdsSeenBy(who: Person, query = ''): Promise<string[]> {
  const page = TenantPageSchema.parse(
    await ok(who.client.get(`/api/v1/tenants?status=all&limit=100${query}`)),
  );
  return page.tenants.map((x) => x.id);
}

async function accessRow(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, owner.tid), eq(memberships.userId, userId)));
  return row!;
}

describe('setting a member’s client-tenant access', () => {
  it('an owner limits a member to one tenant: shown, audited with before and after', async () => {
    const member = await addMember(t, owner, 'member', 'only-one');
    expect((await memberOf(owner, member.uid)).tenantAccess).toEqual({
      mode: 'all',
      tenants: [],
      tags: [],
      version: 0,
    });
    const changed = await limit(member.uid, { mode: 'only', tenantIds: [t1] });
    expect(changed.tenantAccess).toEqual({
      mode: 'only',
      tenants: [{ id: t1, name: 'Acme', archived: false }],
      tags: [],
      version: 1,
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.uid), eq(auditLog.action, 'members.access_changed')));
    expect(entry?.data).toMatchObject({
      email: member.email,
      from: { mode: 'all', tenantIds: [], tags: [] },
      to: { mode: 'only', tenantIds: [t1], tags: [] },
      fromText: 'all client tenants',
      toText: 'only 1 client tenant (Acme)',
    });
    expect(entry?.actorUserId).toBe(owner.uid);

    // The same access again changes nothing: no new version, no new entry.
    const again = await ok<Member>(
      putAccess(owner, member.uid, { mode: 'only', tenantIds: [t1], version: 1 }),
    );
    expect(again.tenantAccess?.version).toBe(1);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.uid), eq(auditLog.action, 'members.access_changed')));
    expect(entries).toHaveLength(1);
  });

  it('answers 409 with the access as it is now when it changed since it was read', async () => {
    const member = await addMember(t, owner, 'member', 'stale');
    await limit(member.uid, { mode: 'tags', tags: ['team-a'] });
    const res = await putAccess(owner, member.uid, { mode: 'all', version: 0 });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; details: { current: unknown } } };
    expect(body.error.code).toBe('members.access_conflict');
    expect(body.error.details.current).toEqual({
      mode: 'tags',
      tenants: [],
      tags: ['team-a'],
      version: 1,
    });
    expect((await accessRow(member.uid)).tenantAccess).toBe('tags');
  });

  it('refuses what is not an access: another account’s tenant (400), an empty list, mixed fields', async () => {
    const member = await addMember(t, owner, 'member', 'invalid');
    const foreign = await putAccess(owner, member.uid, {
      mode: 'only',
      tenantIds: [t1, otherTenant],
      version: 0,
    });
    expect([foreign.status, await errorCode(foreign)]).toEqual([400, 'members.unknown_tenant']);
    for (const body of [
      { mode: 'only', tenantIds: [], version: 0 },
      { mode: 'except', version: 0 },
      { mode: 'tags', tags: [], version: 0 },
      { mode: 'tags', tags: ['  '], version: 0 },
      { mode: 'all', tags: ['team-a'], version: 0 },
      { mode: 'everything', version: 0 },
      { mode: 'only', tenantIds: [t1] },
      { mode: 'tags', tags: Array.from({ length: 21 }, (_, i) => `tag-${i}`), version: 0 },
    ]) {
      const res = await putAccess(owner, member.uid, body as SetTenantAccessInput);
      expect([res.status, await errorCode(res)], JSON.stringify(body)).toEqual([
        400,
        'common.validation',
      ]);
    }
    const row = await accessRow(member.uid);
    expect([row.tenantAccess, row.tenantAccessVersion]).toEqual(['all', 0]);
  });

  it('an owner cannot be limited (409); a member cannot set access (403); another account gets 404', async () => {
    const coOwner = await addMember(t, owner, 'owner', 'co-owner');
    const ownerRes = await putAccess(owner, coOwner.uid, {
      mode: 'only',
      tenantIds: [t1],
      version: 0,
    });
    expect([ownerRes.status, await errorCode(ownerRes)]).toEqual([409, 'members.owner_access']);
    const member = await addMember(t, owner, 'member', 'not-allowed');
    const self = await putAccess(member, member.uid, { mode: 'all', version: 0 });
    expect(self.status).toBe(403);
    const outsider = await putAccess(other, member.uid, {
      mode: 'only',
      tenantIds: [t1],
      version: 0,
    });
    expect(outsider.status).toBe(404);
    expect((await accessRow(member.uid)).tenantAccess).toBe('all');
  });

  it('making someone an owner lifts their limit (audited); a limited admin cannot set access or invite', async () => {
    const admin = await addMember(t, owner, 'admin', 'limited-admin');
    await limit(admin.uid, { mode: 'only', tenantIds: [t1] });
    const member = await addMember(t, owner, 'member', 'target');
    const res = await putAccess(admin, member.uid, { mode: 'all', version: 0 });
    expect([res.status, await errorCode(res)]).toEqual([403, 'members.access_restricted']);
    const ownSelf = await putAccess(admin, admin.uid, { mode: 'all', version: 1 });
    expect([ownSelf.status, await errorCode(ownSelf)]).toEqual([403, 'members.access_restricted']);
    const invite = await admin.client.post('/api/v1/invitations', {
      email: 'friend@example.com',
      role: 'member',
    });
    expect([invite.status, await errorCode(invite)]).toEqual([403, 'members.access_restricted']);
    const audit = await admin.client.get('/api/v1/audit');
    expect([audit.status, await errorCode(audit)]).toEqual([403, 'members.access_restricted']);
    const account = (await ok(admin.client.get('/api/v1/account'))) as {
      permissions: string[];
      tenantAccessLimited: boolean;
    };
    expect(account.tenantAccessLimited).toBe(true);
    expect(account.permissions).not.toContain('audit.read');
    expect(account.permissions).not.toContain('members.invite');

    await ok(
      owner.client.request(`/api/v1/members/${admin.uid}`, {
        method: 'PATCH',
        json: { role: 'owner' },
      }),
    );
    expect((await memberOf(owner, admin.uid)).tenantAccess).toMatchObject({ mode: 'all' });
    expect(await tenantIdsSeenBy(admin)).toEqual(expect.arrayContaining([t1, t2]));
  });

  it('a limited member sees their own access only, never the others’', async () => {
    const member = await addMember(t, owner, 'member', 'sees-own');
    await limit(member.uid, { mode: 'only', tenantIds: [t1] });
    const { members } = MemberListSchema.parse(await ok(member.client.get('/api/v1/members')));
    for (const m of members) {
      if (m.userId === member.uid) expect(m.tenantAccess?.mode).toBe('only');
      else expect(m.tenantAccess).toBeNull();
    }
  });
});

describe('what a limited member reaches', () => {
  let member: Person;
  let t1Assessment: string;
  let t2Assessment: string;
  let t2Task: string;

  beforeAll(async () => {
    member = await addMember(t, owner, 'member', 'reach');
    t1Assessment = (
      await assessed(WORKED_EXAMPLE_ANSWERS, {
        client: owner.client,
        tenantId: t1,
        frameworkId,
        name: 'Acme review',
      })
    ).id;
    t2Assessment = (
      await assessed(WORKED_EXAMPLE_ANSWERS, {
        client: owner.client,
        tenantId: t2,
        frameworkId,
        name: 'Globex review',
        complete: false,
      })
    ).id;
    t2Task = (
      await ok<{ id: string }>(
        owner.client.post(`/api/v1/tenants/${t2}/tasks`, { title: 'Globex patching' }),
        201,
      )
    ).id;
    // Opened before the limit: it must not stay their ttid.
    await ok(member.client.get(`/api/v1/tenants/${t2}`));
    await limit(member.uid, { mode: 'only', tenantIds: [t1] });
  });

  it('lists, searches and exports only their tenants; the claims forget a tenant outside', async () => {
    expect(await tenantIdsSeenBy(member)).toEqual([t1]);
    expect(await tenantIdsSeenBy(member, '&q=globex')).toEqual([]);
    expect(await tenantIdsSeenBy(member, '&tag=team-b')).toEqual([]);
    const csv = await (await expectStatus(member.client.get('/api/v1/tenants.csv'), 200)).text();
    expect(csv).toContain('Acme');
    expect(csv).not.toContain('Globex');
    const me = (await ok(member.client.get('/api/v1/me'))) as { ttid: string | null };
    expect(me.ttid).toBeNull();
  });

  it('a tenant outside is a 404 on every kind of page, as another account’s; nothing changes', async () => {
    const before = await t.database.db.select().from(tenants).where(eq(tenants.id, t2));
    const a = `/api/v1/tenants/${t2}/assessments/${t2Assessment}`;
    for (const [method, path, json] of [
      ['GET', `/api/v1/tenants/${t2}`],
      ['PATCH', `/api/v1/tenants/${t2}`, { name: 'Taken' }],
      ['GET', `/api/v1/tenants/${t2}/assessments`],
      ['GET', a],
      ['GET', `${a}/answers.csv`],
      ['PUT', `${a}/answers/Q1`, { value: 'no' }],
      ['GET', `/api/v1/tenants/${t2}/baseline`],
      ['GET', `/api/v1/tenants/${t2}/tasks`],
      ['GET', `/api/v1/tenants/${t2}/tasks.csv`],
      ['GET', `/api/v1/tenants/${t2}/tasks/${t2Task}`],
      ['GET', `/api/v1/tenants/${t2}/live`],
      ['GET', `/api/v1/tenants/${t2}/shares`],
      ['POST', `${a}/reports`, {}],
      // Archiving needs an admin: the tenant is still not found before the role is checked.
      ['POST', `/api/v1/tenants/${t2}/archive`, {}],
    ] as const) {
      const res = await member.client.request(path, { method, ...(json ? { json } : {}) });
      const code = await errorCode(res);
      expect([res.status, code], `${method} ${path}`).toEqual([404, 'tenants.not_found']);
    }
    expect(await t.database.db.select().from(tenants).where(eq(tenants.id, t2))).toEqual(before);
  });

  it('reaches T1 as before: its page, assessment, answers CSV and live stream', async () => {
    await ok(member.client.get(`/api/v1/tenants/${t1}`));
    await ok(member.client.get(`/api/v1/tenants/${t1}/assessments/${t1Assessment}`));
    await expectStatus(
      member.client.get(`/api/v1/tenants/${t1}/assessments/${t1Assessment}/answers.csv`),
      200,
    );
    const controller = new AbortController();
    const live = await member.client.get(`/api/v1/tenants/${t1}/live`, {
      signal: controller.signal,
    });
    expect(live.status).toBe(200);
    controller.abort();
    await live.body?.cancel().catch(() => {});
  });

  it('the dashboard sums and lists only their tenants', async () => {
    const mine = DashboardSchema.parse(await ok(member.client.get('/api/v1/dashboard')));
    const all = DashboardSchema.parse(await ok(owner.client.get('/api/v1/dashboard')));
    expect(all.assessments.open).toBeGreaterThanOrEqual(1);
    expect(mine.tenants).toEqual({ active: 1, archived: 0, assessed: 1 });
    expect(mine.assessments.open).toBe(0);
    expect(mine.assessments.completed).toBe(1);
    expect(mine.remediation.open).toBe(0);
    expect(mine.trend.at(-1)).toMatchObject({ completed: 1 });
    expect(mine.largestGaps.map((g) => g.tenantId)).toEqual([t1]);
    const text = JSON.stringify(mine);
    expect(text).not.toContain(t2);
    expect(text).not.toContain('Globex');
  });

  it('a task of T1 cannot be assigned to someone who does not reach T1', async () => {
    const outside = await addMember(t, owner, 'member', 'outside');
    await limit(outside.uid, { mode: 'only', tenantIds: [t2] });
    const res = await owner.client.post(`/api/v1/tenants/${t1}/tasks`, {
      title: 'For someone else',
      assigneeId: outside.uid,
    });
    expect([res.status, await errorCode(res)]).toEqual([400, 'tasks.invalid_assignee']);
    const list = (await ok(owner.client.get(`/api/v1/tenants/${t1}/tasks`))) as {
      assignees: { id: string }[];
    };
    expect(list.assignees.map((a) => a.id)).toContain(member.uid);
    expect(list.assignees.map((a) => a.id)).not.toContain(outside.uid);
  });

  it('a change of the access applies on the very next request', async () => {
    await limit(member.uid, { mode: 'except', tenantIds: [t1] });
    expect(await tenantIdsSeenBy(member)).not.toContain(t1);
    expect(await tenantIdsSeenBy(member)).toContain(t2);
    expect((await member.client.get(`/api/v1/tenants/${t1}`)).status).toBe(404);
    await limit(member.uid, { mode: 'only', tenantIds: [t1] });
    expect(await tenantIdsSeenBy(member)).toEqual([t1]);
  });
});

describe('tags: read at every request', () => {
  it('a new tenant tagged for a team reaches the team at once; untagging takes it away', async () => {
    const member = await addMember(t, owner, 'member', 'team-b');
    await limit(member.uid, { mode: 'tags', tags: ['team-b'] });
    expect(await tenantIdsSeenBy(member)).toEqual([t2]);
    const fresh = await ok<{ id: string }>(
      owner.client.post('/api/v1/tenants', { name: 'Hooli', tags: ['Team-B'] }),
      201,
    );
    expect(await tenantIdsSeenBy(member)).toEqual(expect.arrayContaining([t2, fresh.id]));
    await ok(member.client.get(`/api/v1/tenants/${fresh.id}`));
    await ok(
      owner.client.request(`/api/v1/tenants/${fresh.id}`, { method: 'PATCH', json: { tags: [] } }),
    );
    expect((await member.client.get(`/api/v1/tenants/${fresh.id}`)).status).toBe(404);
  });

  it('a tag with quotes, a backslash, commas and braces is matched as it is', async () => {
    const odd = 'say "hi" \\ {a,b}';
    const member = await addMember(t, owner, 'member', 'odd-tag');
    const tagged = await addTenant(t, owner.tid, 'Odd Co', [odd]);
    await addTenant(t, owner.tid, 'Near Co', ['say "hi"']);
    await limit(member.uid, { mode: 'tags', tags: [odd] });
    expect(await tenantIdsSeenBy(member)).toEqual([tagged]);
  });

  it('a tag-limited member makes tenants with one of their tags, and cannot retag one away (400)', async () => {
    const member = await addMember(t, owner, 'member', 'tagger');
    await limit(member.uid, { mode: 'tags', tags: ['team-c'] });
    const untagged = await member.client.post('/api/v1/tenants', { name: 'Untagged Ltd' });
    expect([untagged.status, await errorCode(untagged)]).toEqual([400, 'tenants.outside_access']);
    const [none] = await t.database.db
      .select()
      .from(tenants)
      .where(and(eq(tenants.accountId, owner.tid), eq(tenants.name, 'Untagged Ltd')));
    expect(none).toBeUndefined();
    const tagged = await ok<{ id: string }>(
      member.client.post('/api/v1/tenants', { name: 'Tagged Ltd', tags: ['team-c'] }),
      201,
    );
    const away = await member.client.request(`/api/v1/tenants/${tagged.id}`, {
      method: 'PATCH',
      json: { tags: ['team-z'] },
    });
    expect([away.status, await errorCode(away)]).toEqual([400, 'tenants.outside_access']);
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, tagged.id));
    expect(row?.tags).toEqual(['team-c']);
  });

  it('a member limited to `only` some tenants keeps reaching a tenant they create (audited)', async () => {
    const member = await addMember(t, owner, 'member', 'creator');
    await limit(member.uid, { mode: 'only', tenantIds: [t1] });
    const made = await ok<{ id: string }>(
      member.client.post('/api/v1/tenants', { name: 'Made by a member' }),
      201,
    );
    expect(await tenantIdsSeenBy(member)).toEqual(expect.arrayContaining([t1, made.id]));
    expect((await accessRow(member.uid)).tenantAccessIds).toEqual([t1, made.id]);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.uid), eq(auditLog.action, 'members.access_changed')));
    expect(entries.at(-1)?.data).toMatchObject({ reason: 'created the client tenant' });
  });
});

describe('shares, API keys and webhook endpoints of a limited admin', () => {
  let admin: Person;

  beforeAll(async () => {
    admin = await addMember(t, owner, 'admin', 'keys-admin');
    await limit(admin.uid, { mode: 'only', tenantIds: [t1] });
  });

  it('sees and changes only the shares of their tenants', async () => {
    const s1 = await ok<{ id: string }>(
      owner.client.post(`/api/v1/tenants/${t1}/shares`, { email: 'a@example.com', role: 'viewer' }),
      201,
    );
    const s2 = await ok<{ id: string }>(
      owner.client.post(`/api/v1/tenants/${t2}/shares`, { email: 'b@example.com', role: 'viewer' }),
      201,
    );
    const { shares } = (await ok(admin.client.get('/api/v1/shares'))) as {
      shares: { id: string }[];
    };
    expect(shares.map((s) => s.id)).toContain(s1.id);
    expect(shares.map((s) => s.id)).not.toContain(s2.id);
    const change = await admin.client.request(`/api/v1/shares/${s2.id}`, {
      method: 'PATCH',
      json: { role: 'contributor' },
    });
    expect(change.status).toBe(404);
    expect(
      (await admin.client.request(`/api/v1/shares/${s2.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    await ok(
      admin.client.request(`/api/v1/shares/${s1.id}`, {
        method: 'PATCH',
        json: { role: 'contributor' },
      }),
    );
  });

  it('their API key acts within their access, as it is at each request', async () => {
    const refused = await admin.client.post('/api/v1/api-keys', {
      name: 'For Globex',
      scopes: ['tenants:read'],
      tenantId: t2,
    });
    expect(refused.status).toBe(400);
    const { secret, key } = CreatedApiKeySchema.parse(
      await ok(
        admin.client.post('/api/v1/api-keys', {
          name: 'Sync',
          scopes: ['tenants:read', 'assessments:read'],
        }),
        201,
      ),
    );
    const asKey = (path: string) =>
      t.app.request(path, { headers: { authorization: `Bearer ${secret}` } });
    const listed = async () =>
      TenantPageSchema.parse(await ok(asKey('/api/v1/tenants?limit=100'))).tenants.map((x) => x.id);
    expect(await listed()).toEqual([t1]);
    expect((await asKey(`/api/v1/tenants/${t2}/assessments`)).status).toBe(404);
    await ok(asKey(`/api/v1/tenants/${t1}/assessments`));

    // The admin's access widens: so does the key's; narrows again: the key follows.
    await limit(admin.uid, { mode: 'all' });
    expect(await listed()).toEqual(expect.arrayContaining([t1, t2]));
    await ok(asKey(`/api/v1/tenants/${t2}/assessments`));
    await limit(admin.uid, { mode: 'only', tenantIds: [t1] });
    expect((await asKey(`/api/v1/tenants/${t2}/assessments`)).status).toBe(404);

    // They see and revoke their own keys only.
    const ownerKey = CreatedApiKeySchema.parse(
      await ok(
        owner.client.post('/api/v1/api-keys', { name: 'Owner key', scopes: ['tenants:read'] }),
        201,
      ),
    );
    const { keys } = ApiKeyListSchema.parse(await ok(admin.client.get('/api/v1/api-keys')));
    expect(keys.map((k) => k.id)).toEqual([key.id]);
    expect(
      (await admin.client.request(`/api/v1/api-keys/${ownerKey.key.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(404);
  });

  it('a key whose maker left the account reaches no client tenant', async () => {
    const leaving = await addMember(t, owner, 'admin', 'leaving');
    const { secret } = CreatedApiKeySchema.parse(
      await ok(
        leaving.client.post('/api/v1/api-keys', {
          name: 'Left behind',
          scopes: ['tenants:read', 'assessments:read'],
        }),
        201,
      ),
    );
    const asKey = (path: string) =>
      t.app.request(path, { headers: { authorization: `Bearer ${secret}` } });
    expect(
      TenantPageSchema.parse(await ok(asKey('/api/v1/tenants'))).tenants.length,
    ).toBeGreaterThan(1);
    await expectStatus(leaving.client.post('/api/v1/members/leave', {}), 204);
    expect(TenantPageSchema.parse(await ok(asKey('/api/v1/tenants'))).tenants).toEqual([]);
    expect((await asKey(`/api/v1/tenants/${t1}/assessments`)).status).toBe(404);
  });

  it('their webhook endpoint gets the events of their tenants only; they manage only theirs', async () => {
    const theirs = WebhookSchema.parse(
      await ok(
        admin.client.post('/api/v1/webhooks', {
          url: 'https://93.184.215.14/limited',
          events: ['task.created'],
        }),
        201,
      ),
    );
    const owners = WebhookSchema.parse(
      await ok(
        owner.client.post('/api/v1/webhooks', {
          url: 'https://93.184.215.14/everything',
          events: ['task.created'],
        }),
        201,
      ),
    );
    await ok(owner.client.post(`/api/v1/tenants/${t2}/tasks`, { title: 'Globex task' }), 201);
    await ok(owner.client.post(`/api/v1/tenants/${t1}/tasks`, { title: 'Acme task' }), 201);
    const payloads = async (endpointId: string) =>
      (
        await t.database.db
          .select({ payload: webhookDeliveries.payload })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId))
      ).map((d) => JSON.parse(d.payload) as { data: { task: { tenantId: string } } });
    expect((await payloads(theirs.id)).map((p) => p.data.task.tenantId)).toEqual([t1]);
    expect((await payloads(owners.id)).map((p) => p.data.task.tenantId).sort()).toEqual(
      [t1, t2].sort(),
    );
    // Queued in the change's own transaction, with the access as it is then.
    expect(
      await t.database.db.transaction((tx) =>
        emitWebhookEvent(tx, { accountId: owner.tid, tenantId: t2 }, 'task.created', {}),
      ),
    ).toBe(1);

    const { webhooks } = WebhookListSchema.parse(await ok(admin.client.get('/api/v1/webhooks')));
    expect(webhooks.map((w) => w.id)).toEqual([theirs.id]);
    expect((await admin.client.get(`/api/v1/webhooks/${owners.id}`)).status).toBe(404);
    expect(
      (await admin.client.request(`/api/v1/webhooks/${owners.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const all = WebhookListSchema.parse(await ok(owner.client.get('/api/v1/webhooks')));
    expect(all.webhooks.map((w) => w.id)).toEqual(expect.arrayContaining([theirs.id, owners.id]));
  });
});

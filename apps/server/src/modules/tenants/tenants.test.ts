import type { Tenant, TenantDetail, TenantPage } from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, tenants, users } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import { sharedUser, signUpPerson, type Person } from '../../test/people.ts';
import { encodeTenantCursor } from './tenants.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signUp = (prefix = 'owner') => signUpPerson(t, prefix);

/** Makes `person` a member with `role` of `accountId` and switches them to that account. */
async function joinAccount(person: Person, accountId: string, role: 'admin' | 'member') {
  await t.database.db.insert(memberships).values({ accountId, userId: person.uid, role });
  await t.database.db
    .update(users)
    .set({ activeAccountId: accountId })
    .where(eq(users.id, person.uid));
}

async function create(client: TestClient, body: Record<string, unknown>): Promise<Tenant> {
  const res = await client.post('/api/v1/tenants', body);
  await expectStatus(res, 201);
  return (await res.json()) as Tenant;
}

async function list(client: TestClient, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await client.get(`/api/v1/tenants?${qs}`);
  await expectStatus(res, 200);
  return (await res.json()) as TenantPage;
}

async function walk(client: TestClient, query: Record<string, string | number>) {
  const seen: TenantPage['tenants'] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(client, { ...query, ...(cursor ? { cursor } : {}) });
    seen.push(...page.tenants);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { seen, pages };
}

const patch = (client: TestClient, id: string, json: unknown) =>
  client.request(`/api/v1/tenants/${id}`, { method: 'PATCH', json });

async function dbRow(id: string) {
  const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

describe('client tenants: create, read, update', () => {
  it('an owner creates a tenant; tags are trimmed, lower-cased and de-duplicated; audited', async () => {
    const owner = await signUp();
    const tenant = await create(owner.client, {
      name: '  Acme Corp  ',
      industry: 'Manufacturing',
      size: '51-200',
      contacts: [{ name: 'Ada Lovelace', email: 'ada@acme.test', role: 'CISO' }],
      tags: ['Finance', ' finance ', 'EU'],
      notes: 'Renewal in March.',
    });
    expect(tenant).toMatchObject({
      name: 'Acme Corp',
      industry: 'Manufacturing',
      size: '51-200',
      tags: ['finance', 'eu'],
      contacts: [{ name: 'Ada Lovelace', email: 'ada@acme.test', role: 'CISO' }],
      notes: 'Renewal in March.',
      archivedAt: null,
    });
    const row = await dbRow(tenant.id);
    expect(row?.accountId).toBe(owner.tid);
    expect(row?.createdBy).toBe(owner.uid);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.targetId, tenant.id)));
    expect(audit.map((a) => a.action)).toEqual(['tenants.created']);
  });

  it('ignores an account id in the body (the session decides the account)', async () => {
    const owner = await signUp();
    const other = await signUp('other');
    const res = await owner.client.post('/api/v1/tenants', {
      name: 'Sneaky',
      accountId: other.tid,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as Tenant;
    expect((await dbRow(id))?.accountId).toBe(owner.tid);
  });

  it('names the account the tenant belongs to: for a shared user, who shared it', async () => {
    const owner = await signUp();
    const renamed = await owner.client.request('/api/v1/account', {
      method: 'PATCH',
      json: { name: 'Northwind Security' },
    });
    expect(renamed.status).toBe(200);
    const a = await create(owner.client, { name: 'Shared Co' });
    const guest = await sharedUser(t, owner, a.id, 'viewer');
    const detail = (await (await guest.get(`/api/v1/tenants/${a.id}`)).json()) as TenantDetail;
    expect(detail.access).toEqual({
      accountRole: null,
      shareRole: 'viewer',
      accountName: 'Northwind Security',
      brand: { name: 'Northwind Security', color: null, logoUrl: null },
    });
  });

  it('opening a tenant returns it with the caller’s role and makes it their ttid', async () => {
    const owner = await signUp();
    const a = await create(owner.client, { name: 'Alpha' });
    const b = await create(owner.client, { name: 'Beta' });
    const me0 = (await (await owner.client.get('/api/v1/me')).json()) as { ttid: string | null };
    expect(me0.ttid).toBeNull();

    const res = await owner.client.get(`/api/v1/tenants/${a.id}`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as TenantDetail;
    expect(detail).toMatchObject({ id: a.id, name: 'Alpha', contacts: [], notes: '' });
    expect(detail.access).toEqual({
      accountRole: 'owner',
      shareRole: null,
      accountName: expect.any(String),
      brand: null,
    });
    let me = (await (await owner.client.get('/api/v1/me')).json()) as { ttid: string | null };
    expect(me.ttid).toBe(a.id);

    await owner.client.get(`/api/v1/tenants/${b.id}`);
    me = (await (await owner.client.get('/api/v1/me')).json()) as { ttid: string | null };
    expect(me.ttid).toBe(b.id);
  });

  it('PATCH changes only the fields sent; null clears industry and size', async () => {
    const owner = await signUp();
    const tenant = await create(owner.client, {
      name: 'Gamma',
      industry: 'Retail',
      size: '1-10',
      tags: ['a'],
      notes: 'n',
    });
    const res = await patch(owner.client, tenant.id, { name: 'Gamma Ltd', tags: ['B', 'c'] });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Tenant;
    expect(updated).toMatchObject({
      name: 'Gamma Ltd',
      industry: 'Retail',
      size: '1-10',
      tags: ['b', 'c'],
      notes: 'n',
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(tenant.updatedAt));
    const cleared = (await (
      await patch(owner.client, tenant.id, { industry: null, size: null })
    ).json()) as Tenant;
    expect(cleared).toMatchObject({ industry: null, size: null, name: 'Gamma Ltd' });
    // Each edit is audited with the fields it changed (not their values).
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, tenant.id), eq(auditLog.action, 'tenants.updated')));
    expect(entries.map((e) => (e.data as { fields: string[] }).fields).sort()).toEqual([
      ['industry', 'size'],
      ['name', 'tags'],
    ]);
    expect(entries.every((e) => e.accountId === owner.tid && e.actorUserId === owner.uid)).toBe(
      true,
    );
  });

  it('bad input gets 400 common.validation with the fields it concerns; nothing is written', async () => {
    const owner = await signUp();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ['name']],
      [{ name: '   ' }, ['name']],
      [{ name: 'x'.repeat(201) }, ['name']],
      [{ name: 'ok', industry: 'x'.repeat(101) }, ['industry']],
      [{ name: 'ok', size: 'huge' }, ['size']],
      [{ name: 'ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, ['tags']],
      [{ name: 'ok', tags: ['x'.repeat(41)] }, ['tags.0']],
      [{ name: 'ok', tags: [' '] }, ['tags.0']],
      [{ name: 'ok', notes: 'x'.repeat(10_001) }, ['notes']],
      [{ name: 'ok', contacts: [{ name: '' }] }, ['contacts.0.name']],
      [{ name: 'ok', contacts: [{ name: 'A', email: 'not-an-email' }] }, ['contacts.0.email']],
      [{ name: 'ok', contacts: Array.from({ length: 21 }, () => ({ name: 'A' })) }, ['contacts']],
    ];
    for (const [body, fields] of cases) {
      const res = await owner.client.post('/api/v1/tenants', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const err = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(err.error.code).toBe('common.validation');
      expect(Object.keys(err.error.fields)).toEqual(expect.arrayContaining(fields));
    }
    expect((await list(owner.client, { status: 'all' })).tenants).toEqual([]);

    const tenant = await create(owner.client, { name: 'Valid' });
    const empty = await patch(owner.client, tenant.id, {});
    expect(empty.status).toBe(400);
    const bad = await patch(owner.client, tenant.id, { name: '' });
    expect(bad.status).toBe(400);
    expect((await dbRow(tenant.id))?.name).toBe('Valid');
  });

  it('signed out: 401 on every tenant route', async () => {
    const anon = t.client();
    expect((await anon.get('/api/v1/tenants')).status).toBe(401);
    expect((await anon.post('/api/v1/tenants', { name: 'x' })).status).toBe(401);
    expect((await anon.get('/api/v1/tenants/abc')).status).toBe(401);
    expect((await patch(anon, 'abc', { name: 'x' })).status).toBe(401);
    expect((await anon.post('/api/v1/tenants/abc/archive', {})).status).toBe(401);
  });
});

describe('archive and restore', () => {
  it('archiving hides a tenant from the default list and shows it under archived; restore undoes it', async () => {
    const owner = await signUp();
    const keep = await create(owner.client, { name: 'Keep' });
    const gone = await create(owner.client, { name: 'Gone' });
    const res = await owner.client.post(`/api/v1/tenants/${gone.id}/archive`, {});
    expect(res.status).toBe(200);
    expect(((await res.json()) as Tenant).archivedAt).not.toBeNull();
    // Again: a no-op that answers the tenant as it is.
    expect((await owner.client.post(`/api/v1/tenants/${gone.id}/archive`, {})).status).toBe(200);

    expect((await list(owner.client)).tenants.map((x) => x.id)).toEqual([keep.id]);
    expect((await list(owner.client, { status: 'archived' })).tenants.map((x) => x.id)).toEqual([
      gone.id,
    ]);
    expect((await list(owner.client, { status: 'all' })).tenants).toHaveLength(2);

    const restored = await owner.client.post(`/api/v1/tenants/${gone.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as Tenant).archivedAt).toBeNull();
    expect((await list(owner.client)).tenants).toHaveLength(2);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.targetId, gone.id)));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'tenants.archived',
      'tenants.created',
      'tenants.restored',
    ]);
  });

  it('a member (role member) may create and edit but not archive (403); an admin may', async () => {
    const owner = await signUp();
    const tenant = await create(owner.client, { name: 'Delta' });
    const member = await signUp('member');
    await joinAccount(member, owner.tid, 'member');
    expect((await member.client.get(`/api/v1/tenants/${tenant.id}`)).status).toBe(200);
    expect((await patch(member.client, tenant.id, { notes: 'seen' })).status).toBe(200);
    const res = await member.client.post(`/api/v1/tenants/${tenant.id}/archive`, {});
    expect(res.status).toBe(403);
    expect((await dbRow(tenant.id))?.archivedAt).toBeNull();
    const detail = (await (
      await member.client.get(`/api/v1/tenants/${tenant.id}`)
    ).json()) as TenantDetail;
    expect(detail.access.accountRole).toBe('member');

    const admin = await signUp('admin');
    await joinAccount(admin, owner.tid, 'admin');
    expect((await admin.client.post(`/api/v1/tenants/${tenant.id}/archive`, {})).status).toBe(200);
  });
});

describe('outsiders', () => {
  it('another account’s owner gets 404 tenants.not_found on read, edit, archive, restore; the row is unchanged', async () => {
    const owner = await signUp();
    const tenant = await create(owner.client, { name: 'Private', tags: ['secret'] });
    const before = await dbRow(tenant.id);
    const outsider = await signUp('outsider');
    const calls = [
      () => outsider.client.get(`/api/v1/tenants/${tenant.id}`),
      () => patch(outsider.client, tenant.id, { name: 'Pwned' }),
      () => outsider.client.post(`/api/v1/tenants/${tenant.id}/archive`, {}),
      () => outsider.client.post(`/api/v1/tenants/${tenant.id}/restore`, {}),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('tenants.not_found');
      expect(JSON.stringify(body)).not.toContain('Private');
    }
    expect(await dbRow(tenant.id)).toEqual(before);
    // Not in their list, not even by an exact tag search.
    expect((await list(outsider.client, { q: 'secret', status: 'all' })).tenants).toEqual([]);
    // Their ttid did not become the other account's tenant.
    const me = (await (await outsider.client.get('/api/v1/me')).json()) as { ttid: string | null };
    expect(me.ttid).toBeNull();
  });

  it('a tenant id that does not exist answers the same 404', async () => {
    const owner = await signUp();
    const res = await owner.client.get('/api/v1/tenants/does-not-exist');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'tenants.not_found',
    );
  });
});

describe('the list: search, tags, sorting and keyset paging', () => {
  let owner: Person;
  const N = 60;
  beforeAll(async () => {
    owner = await signUp('pager');
    const words = ['Alpha', 'beta', 'Gamma', 'delta', 'Epsilon'];
    for (let i = 0; i < N; i++) {
      // Duplicate names on purpose: the id tiebreak must still walk every row exactly once.
      await create(owner.client, {
        name: `${words[i % 5]} ${Math.floor(i / 10)}`,
        tags: i % 3 === 0 ? ['triple'] : i % 7 === 0 ? ['seventh', 'beta-tag'] : [],
        industry: i % 2 ? 'Finance' : 'Health',
      });
    }
  });

  for (const sort of ['name', 'created', 'updated'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sort=${sort} order=${order}: pages of 7 walk every row exactly once, in order`, async () => {
        const { seen, pages } = await walk(owner.client, { sort, order, limit: 7 });
        expect(pages).toBe(Math.ceil(N / 7));
        expect(seen).toHaveLength(N);
        expect(new Set(seen.map((x) => x.id)).size).toBe(N);
        const key = (x: (typeof seen)[number]) =>
          sort === 'name' ? x.name.toLowerCase() : sort === 'created' ? x.createdAt : x.updatedAt;
        const sorted = [...seen].sort((a, b) => {
          const c = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
          return order === 'asc' ? c : -c;
        });
        expect(seen.map(key)).toEqual(sorted.map(key));
      });
    }
  }

  it('the default sort is by name A→Z, 25 a page', async () => {
    const page = await list(owner.client);
    expect(page.tenants).toHaveLength(25);
    expect(page.nextCursor).not.toBeNull();
    expect(page.tenants[0]?.name).toBe('Alpha 0');
  });

  it('q matches part of the name, case-insensitively', async () => {
    const { seen } = await walk(owner.client, { q: 'ELTA', limit: 5 });
    expect(seen).toHaveLength(12);
    expect(seen.every((x) => x.name.startsWith('delta'))).toBe(true);
  });

  it('q also matches a whole tag; a tag filter narrows by tag', async () => {
    const byQ = await walk(owner.client, { q: 'triple' });
    expect(byQ.seen).toHaveLength(20);
    const byTag = await walk(owner.client, { tag: 'Seventh' });
    expect(byTag.seen.length).toBeGreaterThan(0);
    expect(byTag.seen.every((x) => x.tags.includes('seventh'))).toBe(true);
    const both = await walk(owner.client, { tag: 'triple', q: 'alpha' });
    expect(both.seen.every((x) => x.tags.includes('triple') && /alpha/i.test(x.name))).toBe(true);
    // A LIKE wildcard in q is a literal character, not "anything".
    expect((await list(owner.client, { q: '%' })).tenants).toEqual([]);
    expect((await list(owner.client, { q: '_' })).tenants).toEqual([]);
  });

  it('a tampered cursor, or one from another sort, is a 400 on the cursor field', async () => {
    const first = await list(owner.client, { sort: 'created', limit: 3 });
    const cursor = first.nextCursor!;
    const bad = [
      'not-base64-json',
      Buffer.from('{"a":1}').toString('base64url'),
      encodeTenantCursor('created', 'desc', 'yesterday', 'x'),
      `${cursor.slice(0, -4)}AAAA`,
    ];
    for (const c of bad) {
      const res = await owner.client.get(`/api/v1/tenants?sort=created&limit=3&cursor=${c}`);
      expect(res.status, c).toBe(400);
      const body = (await res.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(body.error.code).toBe('common.validation');
      expect(body.error.fields).toHaveProperty('cursor');
    }
    const otherSort = await owner.client.get(`/api/v1/tenants?sort=name&cursor=${cursor}`);
    expect(otherSort.status).toBe(400);
  });

  it('bad list parameters are a 400 with the field', async () => {
    for (const [qs, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['sort=size', 'sort'],
      ['order=up', 'order'],
      ['status=deleted', 'status'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await owner.client.get(`/api/v1/tenants?${qs}`);
      expect(res.status, qs).toBe(400);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields).toHaveProperty(field);
    }
  });

  it('exports every matching tenant as one spreadsheet-safe CSV, in the list’s order', async () => {
    await create(owner.client, { name: '=cmd|calc', tags: ['triple'] });
    const res = await owner.client.get('/api/v1/tenants.csv?tag=triple&sort=name');
    await expectStatus(res, 200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Name,Industry,Size,Tags,Status,Latest score (%),Gap questions,Latest completed,Open assessments,Next assessment due,Open tasks,Next task due,Created',
    );
    const { seen } = await walk(owner.client, { tag: 'triple', sort: 'name' });
    // More rows than one page of the list (100) is walked too: here, all of them.
    expect(lines).toHaveLength(seen.length + 1);
    expect(lines[1]).toMatch(/^'=cmd\|calc,/);
    expect(lines[2]?.split(',')[0]).toBe(seen[1]?.name);
    const other = await signUp('csv-other');
    const theirs = await other.client.get('/api/v1/tenants.csv');
    expect((await theirs.text()).trim().split('\r\n')).toHaveLength(1);
    expect((await owner.client.get('/api/v1/tenants.csv?status=gone')).status).toBe(400);
  });
});

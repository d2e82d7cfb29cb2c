import { randomUUID } from 'node:crypto';
import {
  AssessmentDetailSchema,
  AssessmentPageSchema,
  BaselineComparisonSchema,
  CreatedApiKeySchema,
  ServiceTenantPageSchema,
  ServiceTenantViewSchema,
  TaskDetailSchema,
  TaskListSchema,
  type AssessmentDetail,
} from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tenants } from '../../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../../test/app.ts';
import { addTenant, assessed } from '../../../test/data.ts';
import { publishPrivateFramework, WORKED_EXAMPLE_ANSWERS } from '../../../test/frameworks.ts';
import { expectStatus, ok } from '../../../test/http.ts';
import {
  addMember,
  compBusiness,
  errorCode,
  makeSystemAdmin,
  sharedUser,
  signUpPerson,
  type Person,
} from '../../../test/people.ts';

let t: TestApp;
let admin: Person;
let otherAdmin: Person;
let owner: Person;
let stranger: Person;
let tenantId: string;
let strangerTenantId: string;
let completed: AssessmentDetail;
let open: AssessmentDetail;
let taskId: string;

const base = (accountId: string) => `/api/v1/service/accounts/${accountId}/tenants`;
const one = (tid = tenantId, accountId = owner.tid) => `${base(accountId)}/${tid}`;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'sysadmin', 'Sam Staff');
  await makeSystemAdmin(t, admin);
  otherAdmin = await signUpPerson(t, 'sysadmin2');
  await makeSystemAdmin(t, otherAdmin);
  owner = await signUpPerson(t, 'owner', 'Olivia Owner');
  stranger = await signUpPerson(t, 'stranger');
  tenantId = await addTenant(t, owner.tid, 'Acme Drill', ['finance']);
  await addTenant(t, owner.tid, 'Beta Drill');
  strangerTenantId = await addTenant(t, stranger.tid, 'Stranger Co');
  const frameworkId = await publishPrivateFramework(owner.client);
  const opts = { client: owner.client, tenantId, frameworkId };
  completed = await assessed(WORKED_EXAMPLE_ANSWERS, { ...opts, name: 'First review' });
  open = await assessed(
    { Q1: { value: 'no', note: 'Not yet' } },
    {
      ...opts,
      name: 'Second review',
      complete: false,
    },
  );
  await ok(
    owner.client.request(`/api/v1/tenants/${tenantId}/baseline`, {
      method: 'PUT',
      json: { assessmentId: completed.id },
    }),
  );
  const task = await ok<{ id: string }>(
    owner.client.post(`/api/v1/tenants/${tenantId}/tasks`, { title: 'Patch the servers' }),
    201,
  );
  taskId = task.id;
  await ok(
    owner.client.post(`/api/v1/tenants/${tenantId}/tasks/${taskId}/comments`, {
      body: 'Started on it',
    }),
    201,
  );
});
afterAll(async () => {
  await t?.close();
});

/** The `service.tenant_viewed` entries of `userId` on `tid`, oldest first. */
async function views(userId: string, tid = tenantId) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'service.tenant_viewed'),
        eq(auditLog.actorUserId, userId),
        eq(auditLog.targetId, tid),
      ),
    )
    .orderBy(auditLog.createdAt);
}

/** Ages every view entry of `tid` by `minutes`, as if they were written that long ago. */
async function age(tid: string, minutes: number) {
  await t.database.db
    .update(auditLog)
    .set({ createdAt: sql`${auditLog.createdAt} - ${minutes}::int * interval '1 minute'` })
    .where(and(eq(auditLog.action, 'service.tenant_viewed'), eq(auditLog.targetId, tid)));
}

async function get(path: string, client: TestClient = admin.client) {
  const res = await client.get(path);
  await expectStatus(res, 200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.json();
}

describe('GET /service/accounts/{accountId}/tenants', () => {
  it('lists the account’s client tenants like its tenant list, with the account, keyset-paged', async () => {
    const page = ServiceTenantPageSchema.parse(await get(`${base(owner.tid)}?limit=1`));
    expect(page.account).toMatchObject({ id: owner.tid, suspended: false });
    expect(page.tenants.map((x) => x.name)).toEqual(['Acme Drill']);
    expect(page.tenants[0]).toMatchObject({ tags: ['finance'], openAssessments: 1, openTasks: 1 });
    expect(page.tenants[0]!.latest).toMatchObject({ assessmentId: completed.id });
    const next = ServiceTenantPageSchema.parse(
      await get(`${base(owner.tid)}?limit=1&cursor=${page.nextCursor}`),
    );
    expect(next.tenants.map((x) => x.name)).toEqual(['Beta Drill']);
    expect(next.nextCursor).toBeNull();
    const found = ServiceTenantPageSchema.parse(await get(`${base(owner.tid)}?q=BETA`));
    expect(found.tenants.map((x) => x.name)).toEqual(['Beta Drill']);
    // Only the account's own: the stranger's tenant is not among them.
    const all = ServiceTenantPageSchema.parse(await get(`${base(owner.tid)}?status=all`));
    expect(all.tenants.map((x) => x.id)).not.toContain(strangerTenantId);
  });

  it('answers 404 for an account that does not exist, and 400 for a bad query', async () => {
    const res = await admin.client.get(base(randomUUID()));
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('common.not_found');
    const bad = await admin.client.get(`${base(owner.tid)}?limit=0`);
    expect(bad.status).toBe(400);
    expect(await errorCode(bad)).toBe('common.validation');
  });
});

describe('one client tenant, read-only', () => {
  it('shows the tenant with its overview: newest assessments, baseline, tasks', async () => {
    const v = ServiceTenantViewSchema.parse(await get(one()));
    expect(v.account.id).toBe(owner.tid);
    expect(v.tenant).toMatchObject({ id: tenantId, name: 'Acme Drill', notes: '' });
    expect(v.recentAssessments.map((a) => a.id)).toEqual([open.id, completed.id]);
    expect(v.baseline.baseline?.id).toBe(completed.id);
    expect(v.baseline.latest?.id).toBe(open.id);
    expect(v.baseline.overall.baseline).toBe(completed.score);
    expect(v.tasks.counts).toMatchObject({ todo: 1, done: 0 });
    expect(v.tasks.open.map((x) => x.title)).toEqual(['Patch the servers']);
  });

  it('reads an assessment with its answers and scores, and says nothing may be done', async () => {
    const a = AssessmentDetailSchema.parse(await get(`${one()}/assessments/${completed.id}`));
    expect(a).toMatchObject({ id: completed.id, status: 'completed', score: completed.score });
    expect(a.answers.map((x) => x.questionKey).sort()).toEqual([
      'Q1',
      'Q2',
      'Q3',
      'Q4',
      'Q5',
      'Q6',
    ]);
    expect(a.progress.sections).toEqual(completed.progress.sections);
    expect(a.can).toEqual({ answer: false, manage: false, delete: false });
    expect(a.isBaseline).toBe(true);

    const list = AssessmentPageSchema.parse(await get(`${one()}/assessments?status=open`));
    expect(list.items.map((x) => x.id)).toEqual([open.id]);
  });

  it('reads the baseline comparison and the tasks, read-only', async () => {
    const c = BaselineComparisonSchema.parse(await get(`${one()}/baseline`));
    expect(c.baseline?.id).toBe(completed.id);
    expect(c.latest?.id).toBe(open.id);
    expect(c.sections.length).toBeGreaterThan(0);
    expect(c.canManage).toBe(false);
    const compared = BaselineComparisonSchema.parse(
      await get(`${one()}/baseline?compare=${open.id}`),
    );
    expect(compared.latest?.id).toBe(open.id);

    const tasks = TaskListSchema.parse(await get(`${one()}/tasks?status=open`));
    expect(tasks.items.map((x) => x.id)).toEqual([taskId]);
    const task = TaskDetailSchema.parse(await get(`${one()}/tasks/${taskId}`));
    expect(task).toMatchObject({ title: 'Patch the servers', status: 'todo' });
    expect(task.comments.map((c) => c.body)).toEqual(['Started on it']);
  });
});

describe('another account’s ids never reach through', () => {
  it('answers 404 for a tenant, assessment or task that is not in the account', async () => {
    const before = (await views(admin.uid, strangerTenantId)).length;
    const acmeEntries = (await views(admin.uid, tenantId)).length;
    const cases: [string, string][] = [
      // The stranger's tenant under the owner's account, and the owner's under the stranger's.
      [one(strangerTenantId), 'tenants.not_found'],
      [`${one(strangerTenantId)}/assessments`, 'tenants.not_found'],
      [`${one(strangerTenantId)}/baseline`, 'tenants.not_found'],
      [`${one(strangerTenantId)}/tasks`, 'tenants.not_found'],
      [one(tenantId, stranger.tid), 'tenants.not_found'],
      [`${one(tenantId, stranger.tid)}/assessments/${completed.id}`, 'tenants.not_found'],
      [`${one(tenantId, stranger.tid)}/tasks/${taskId}`, 'tenants.not_found'],
      [one(tenantId, randomUUID()), 'tenants.not_found'],
      // The owner's assessment and task under the stranger's own tenant.
      [
        `${one(strangerTenantId, stranger.tid)}/assessments/${completed.id}`,
        'assessments.not_found',
      ],
      [`${one(strangerTenantId, stranger.tid)}/tasks/${taskId}`, 'tasks.not_found'],
      [
        `${one(strangerTenantId, stranger.tid)}/baseline?compare=${open.id}`,
        'baseline.compare_not_found',
      ],
    ];
    for (const [path, code] of cases) {
      const res = await admin.client.get(path);
      const body = await res.text();
      expect(res.status, path).toBe(404);
      expect(JSON.parse(body).error.code, path).toBe(code);
      // Nothing of the other account in the answer.
      for (const secret of ['Acme Drill', 'Patch the servers', 'First review', 'Stranger Co']) {
        expect(body, path).not.toContain(secret);
      }
    }
    // Nothing was shown, so nothing was viewed.
    expect(await views(admin.uid, strangerTenantId)).toHaveLength(before);
    expect(await views(admin.uid, tenantId)).toHaveLength(acmeEntries);
  });
});

describe('only system admins', () => {
  it('refuses the account’s own people, shared users and API keys (403, no data), anonymous 401', async () => {
    const accountAdmin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    const shared = await sharedUser(t, owner, tenantId, 'contributor');
    await compBusiness(t, owner.tid); // the developer API is a Business feature
    const key = CreatedApiKeySchema.parse(
      await ok(
        owner.client.post('/api/v1/api-keys', {
          name: 'Drill',
          scopes: ['tenants:read', 'assessments:read'],
        }),
        201,
      ),
    );
    const paths = [
      base(owner.tid),
      one(),
      `${one()}/assessments`,
      `${one()}/assessments/${completed.id}`,
      `${one()}/baseline`,
      `${one()}/tasks`,
      `${one()}/tasks/${taskId}`,
    ];
    const people: [string, TestClient][] = [
      ['owner', owner.client],
      ['account admin', accountAdmin.client],
      ['member', member.client],
      ['shared user', shared],
    ];
    for (const path of paths) {
      for (const [who, client] of people) {
        const res = await client.get(path);
        expect(res.status, `${who} ${path}`).toBe(403);
        expect(await errorCode(res)).toBe('common.forbidden');
      }
      const anonymous = await t.client().get(path);
      expect(anonymous.status, path).toBe(401);
      expect(await errorCode(anonymous)).toBe('common.unauthenticated');
      // An API key is a credential, never one for the console: 403.
      const byKey = await t.app.request(path, {
        headers: { authorization: `Bearer ${key.secret}` },
      });
      expect(byKey.status, `key ${path}`).toBe(403);
      expect(await byKey.text()).not.toContain('Acme Drill');
    }
    const entries = await t.database.db
      .select({ actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.tenant_viewed'), eq(auditLog.targetId, tenantId)));
    for (const who of [owner, accountAdmin, member]) {
      expect(entries.map((e) => e.actor)).not.toContain(who.uid);
    }
  });
});

describe('every view is audited, one entry per admin and tenant per 10 minutes', () => {
  it('coalesces the views of one admin, also when they come at once', async () => {
    const tid = await addTenant(t, owner.tid, 'Audited Co');
    await Promise.all(
      [
        one(tid),
        `${one(tid)}/assessments`,
        `${one(tid)}/baseline`,
        `${one(tid)}/tasks`,
        one(tid),
      ].map((p) => get(p)),
    );
    await get(one(tid));
    const first = await views(admin.uid, tid);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      accountId: null,
      actorEmail: admin.email,
      targetType: 'tenant',
      targetId: tid,
    });
    expect(first[0]!.data).toMatchObject({ name: 'Audited Co', accountId: owner.tid });

    // Another admin's view is an entry of its own.
    await get(`${one(tid)}/tasks`, otherAdmin.client);
    expect(await views(otherAdmin.uid, tid)).toHaveLength(1);
    expect(await views(admin.uid, tid)).toHaveLength(1);

    // Ten minutes on, the next view is a new entry; the list of tenants is no tenant view.
    await age(tid, 11);
    await get(base(owner.tid));
    expect(await views(admin.uid, tid)).toHaveLength(1);
    // A refused request shows nothing: no entry.
    expect((await admin.client.get(`${one(tid)}/assessments?cursor=nope`)).status).toBe(400);
    expect(await views(admin.uid, tid)).toHaveLength(1);
    const a = AssessmentPageSchema.parse(await get(`${one(tid)}/assessments`));
    expect(a.items).toEqual([]);
    const after = await views(admin.uid, tid);
    expect(after).toHaveLength(2);
    expect(after[1]!.data).toMatchObject({ view: 'assessments' });
  });

  it('changes nothing of the tenant', async () => {
    const [before] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
    await get(one());
    await get(`${one()}/assessments/${open.id}`);
    const [after] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
    expect(after).toEqual(before);
  });
});

import { randomUUID } from 'node:crypto';
import {
  QuestionAnswersSchema,
  QuestionTasksResultSchema,
  type QuestionAnswers,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remediationTasks, tenants } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { workedExampleDocument } from '../../test/frameworks.ts';
import { addTenant, assessed, auditActions, ownerWithFramework } from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import {
  addMember,
  compBusiness,
  errorCode,
  sharedUser,
  signUpPerson,
  type Person,
} from '../../test/people.ts';

let t: TestApp;
let owner: Person;
let acme: string;
let beta: string;
let gamma: string;
let frameworkId: string;

const path = (key = 'Q1', fw = frameworkId) => `/api/v1/questions/${fw}/${key}`;
const answersOf = async (client: TestClient = owner.client, key = 'Q1') =>
  QuestionAnswersSchema.parse(await ok(client.get(`${path(key)}/answers`)));
const createTasks = (client: TestClient = owner.client, key = 'Q1') =>
  client.post(`${path(key)}/tasks`, {});
const tenantsIn = (a: QuestionAnswers, group: string) =>
  a.groups.find((g) => g.key === group)?.clients.map((c) => c.tenantName) ?? [];

/** Publishes version 2 of the worked example with Q1 reworded. */
async function publishVersion2() {
  const doc = workedExampleDocument();
  doc.sections[0]!.questions[0]!.title = 'Is it done everywhere?';
  const fw = await ok<{ draftRevision: number }>(
    owner.client.get(`/api/v1/content/frameworks/${frameworkId}`),
  );
  const saved = await ok<{ draftRevision: number }>(
    owner.client.request(`/api/v1/content/frameworks/${frameworkId}/draft`, {
      method: 'PUT',
      json: { revision: fw.draftRevision, document: doc },
    }),
  );
  await ok(
    owner.client.post(`/api/v1/content/frameworks/${frameworkId}/publish`, {
      revision: saved.draftRevision,
      releaseNotes: 'Q1 reworded',
    }),
  );
}

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId: acme, frameworkId } = await ownerWithFramework(t));
  await compBusiness(t, owner.tid);
  beta = await addTenant(t, owner.tid, 'Beta', ['team-b']);
  gamma = await addTenant(t, owner.tid, 'Gamma');
  await addTenant(t, owner.tid, 'Delta (no answer)');
  const on = (tenantId: string, version = 1) => ({
    client: owner.client,
    tenantId,
    frameworkId,
    version,
  });
  // Acme said yes on v1, then no on v2: its latest answer is the v2 one.
  await assessed({ Q1: { value: 'yes' } }, on(acme));
  await publishVersion2();
  await assessed({ Q1: { value: 'no' } }, { ...on(acme, 2), complete: false });
  await assessed({ Q1: { value: 'no' } }, on(beta));
  await assessed({ Q1: { value: 'yes' } }, on(gamma, 2));
});
afterAll(async () => {
  await t?.close();
});

describe('one question across all clients', () => {
  it('gives every client’s latest answer across versions, grouped by answer', async () => {
    const a = await answersOf();
    expect(a.question).toMatchObject({ key: 'Q1', title: 'Is it done everywhere?', version: 2 });
    expect(a.framework.latestVersion).toBe(2);
    expect(a.groups.map((g) => [g.label, g.count, g.failing])).toEqual([
      ['No', 2, 2],
      ['Yes', 1, 0],
    ]);
    expect(tenantsIn(a, '"no"')).toEqual(['Acme', 'Beta']);
    expect(tenantsIn(a, '"yes"')).toEqual(['Gamma']);
    const acmeAnswer = a.groups[0]!.clients[0]!;
    expect(acmeAnswer).toMatchObject({
      tenantId: acme,
      version: 2,
      answeredBy: 'Olivia Owner',
      failing: true,
      openTask: false,
    });
    expect(a.counts).toEqual({
      clients: 4,
      answered: 3,
      notAnswered: 1,
      failing: 2,
      failingWithoutTask: 2,
    });
    expect(a.canCreateTasks).toBe(true);
  });

  it('leaves out archived clients', async () => {
    await t.database.db
      .update(tenants)
      .set({ archivedAt: new Date() })
      .where(eq(tenants.id, gamma));
    const a = await answersOf();
    expect(tenantsIn(a, '"yes"')).toEqual([]);
    expect(a.counts.clients).toBe(3);
    await t.database.db.update(tenants).set({ archivedAt: null }).where(eq(tenants.id, gamma));
  });

  it('creates one task per failing client, and a retry creates none', async () => {
    const first = QuestionTasksResultSchema.parse(await ok(createTasks(), 201));
    expect(first.created).toBe(2);
    expect(first.skipped).toBe(0);
    expect(first.items.map((i) => i.tenantName)).toEqual(['Acme', 'Beta']);
    expect(first.items[0]).toMatchObject({ title: 'Close the gap: Is it done everywhere?' });
    const again = QuestionTasksResultSchema.parse(await ok(createTasks(), 201));
    expect(again).toMatchObject({ created: 0, skipped: 2, items: [] });
    const rows = await t.database.db
      .select()
      .from(remediationTasks)
      .where(
        and(eq(remediationTasks.accountId, owner.tid), eq(remediationTasks.questionKey, 'Q1')),
      );
    expect(rows.map((r) => r.tenantId).sort()).toEqual([acme, beta].sort());
    expect(rows.every((r) => r.frameworkId === frameworkId)).toBe(true);
    const a = await answersOf();
    expect(a.counts.failingWithoutTask).toBe(0);
    expect(a.groups[0]!.clients.every((c) => c.openTask)).toBe(true);
    expect(await auditActions(t, owner.tid, { prefix: 'tasks.created_across' })).toEqual([
      'tasks.created_across_clients',
    ]);
  });

  it('shows a member limited to some clients only theirs', async () => {
    const member = await addMember(t, owner, 'member', 'limited');
    const version = 0;
    await ok(
      owner.client.request(`/api/v1/members/${member.uid}/tenant-access`, {
        method: 'PUT',
        json: { mode: 'tags', tenantIds: [], tags: ['team-b'], version },
      }),
    );
    const a = await answersOf(member.client);
    expect(a.groups.flatMap((g) => g.clients.map((c) => c.tenantName))).toEqual(['Beta']);
    expect(a.counts).toMatchObject({ clients: 1, answered: 1, notAnswered: 0 });
  });

  it('is for members: a shared user is refused both routes', async () => {
    const shared = await sharedUser(t, owner, acme, 'contributor');
    expect((await shared.get(`${path()}/answers`)).status).toBe(403);
    expect((await createTasks(shared)).status).toBe(403);
  });

  it('answers 404 for another account, an unknown framework or question, and changes nothing', async () => {
    const other = await signUpPerson(t, 'other', 'Otto Other');
    const res = await other.client.get(`${path()}/answers`);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('questions.not_found');
    expect((await createTasks(other.client)).status).toBe(404);
    expect((await owner.client.get(`${path('NOPE')}/answers`)).status).toBe(404);
    expect((await owner.client.get(`${path('Q1', randomUUID())}/answers`)).status).toBe(404);
    const rows = await t.database.db
      .select()
      .from(remediationTasks)
      .where(eq(remediationTasks.accountId, owner.tid));
    expect(rows).toHaveLength(2);
  });
});

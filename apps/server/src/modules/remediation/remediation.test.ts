import { randomUUID } from 'node:crypto';
import {
  BaselineComparisonSchema,
  DashboardSchema,
  GapTasksResultSchema,
  REMEDIATION_LIMITS,
  TaskDetailSchema,
  TaskListSchema,
  TenantPageSchema,
  type AssessmentDetail,
  type TaskDetail,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, remediationTasks, tenants } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import {
  publishPrivateFramework,
  WORKED_EXAMPLE_ANSWERS,
  workedExampleDocument,
} from '../../test/frameworks.ts';
import { addTenant, assessed, type AnswerBodies, type AssessedOptions } from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import { addMember, errorCode, sharedUser, signUpPerson, type Person } from '../../test/people.ts';
import { taskTitle } from './gap-tasks.service.ts';
import { runAsOf } from '../../lib/jobs/periodic.ts';
import { REMINDERS_QUEUE, sendDueReminders, startReminders } from './reminders.ts';

let t: TestApp;
let owner: Person;
let member: Person;
let tenantId: string;
let frameworkId: string;

const STEPS = [
  { title: 'Inventory accounts', body: 'List **every** account.', effort: 'S', ownerRole: 'IT' },
  { title: 'Enforce MFA', body: '', effort: 'M', ownerRole: '' },
];

beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'owner', 'Olivia Owner');
  member = await addMember(t, owner, 'member');
  tenantId = await addTenant(t, owner.tid, 'Acme');
  // A published playbook linked from Q2 of the worked example: its steps become checklists.
  const pb = await ok<{ id: string }>(
    owner.client.post('/api/v1/content/playbooks', {
      scope: 'private',
      key: 'mfa',
      title: 'Roll out MFA',
    }),
    201,
  );
  await ok(
    owner.client.request(`/api/v1/content/playbooks/${pb.id}`, {
      method: 'PUT',
      json: { title: 'Roll out MFA', priority: 'high', steps: STEPS, revision: 1 },
    }),
  );
  await ok(owner.client.post(`/api/v1/content/playbooks/${pb.id}/publish`, { revision: 2 }));
  const doc = workedExampleDocument();
  (doc.sections[0]!.questions[1] as { playbooks?: string[] }).playbooks = ['mfa'];
  frameworkId = await publishPrivateFramework(owner.client, doc);
});
afterAll(async () => {
  await t?.close();
});

const tasksOf = (tid: string) => `/api/v1/tenants/${tid}/tasks`;
const assessmentsOf = (tid: string) => `/api/v1/tenants/${tid}/assessments`;

/** An assessment of the tenant (as the owner), completed unless told. */
const assess = (answers: AnswerBodies, opts: Partial<AssessedOptions> = {}) =>
  assessed(answers, { client: owner.client, tenantId, frameworkId, ...opts });

const list = async (query = '', client: TestClient = owner.client, tid = tenantId) =>
  TaskListSchema.parse(await ok(client.get(`${tasksOf(tid)}${query}`)));
const create = async (body: unknown, client: TestClient = owner.client) =>
  TaskDetailSchema.parse(await ok(client.post(tasksOf(tenantId), body), 201));
const patch = (id: string, body: unknown, client: TestClient = owner.client) =>
  client.request(`${tasksOf(tenantId)}/${id}`, { method: 'PATCH', json: body });
const taskRow = async (id: string) =>
  (await t.database.db.select().from(remediationTasks).where(eq(remediationTasks.id, id)))[0];

describe('remediation tasks', () => {
  let assessment: AssessmentDetail;
  let fromGaps: TaskDetail[];

  it('are created for every gap of an assessment, with the playbook’s steps as checklist', async () => {
    assessment = await assess(WORKED_EXAMPLE_ANSWERS);
    expect(assessment.progress.gaps).toContain('Q2');
    const result = GapTasksResultSchema.parse(
      await ok(
        owner.client.post(`${assessmentsOf(tenantId)}/${assessment.id}/gap-tasks`, {
          assigneeId: member.uid,
          dueDate: '2030-01-31',
        }),
        201,
      ),
    );
    expect(result.created).toBe(assessment.progress.gaps.length);
    expect(result.skipped).toBe(0);
    const q2 = result.items.find((i) => i.source?.questionKey === 'Q2')!;
    // Titled with the fix (the linked playbook's title), not the question asked.
    expect(q2).toMatchObject({
      title: 'Roll out MFA',
      status: 'todo',
      priority: 'high',
      assignee: { id: member.uid, name: 'New member' },
      dueDate: '2030-01-31',
      overdue: false,
      playbook: { key: 'mfa', title: 'Roll out MFA' },
      source: {
        assessmentId: assessment.id,
        assessmentName: 'Review',
        questionTitle: 'How mature?',
      },
    });
    // Without a playbook: the question put as a task.
    const q4 = result.items.find((i) => i.source?.questionKey === 'Q4')!;
    expect(q4.title).toBe(`Close the gap: ${q4.source!.questionTitle}`);
    expect(q4.playbook).toBeNull();
    expect(q2.checklist.map((c) => [c.title, c.body, c.done])).toEqual([
      ['Inventory accounts', 'List **every** account.', false],
      ['Enforce MFA', '', false],
    ]);
    fromGaps = result.items as TaskDetail[];

    // Again: every gap already has an open task.
    const again = GapTasksResultSchema.parse(
      await ok(owner.client.post(`${assessmentsOf(tenantId)}/${assessment.id}/gap-tasks`, {}), 201),
    );
    expect(again).toMatchObject({ created: 0, skipped: result.created, items: [] });
    const dup = await owner.client.post(tasksOf(tenantId), {
      source: { assessmentId: assessment.id, questionKey: 'Q2' },
    });
    expect(dup.status).toBe(409);
    expect(await errorCode(dup)).toBe('tasks.already_open');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, assessment.id), eq(auditLog.action, 'tasks.created_from_gaps')),
      );
    expect(audit?.data).toMatchObject({ created: result.created });
  });

  it('are titled with the playbook’s title, else its first step, else the question as a task', () => {
    const book = { key: 'k', title: 'Roll out MFA', priority: 'high' as const, steps: STEPS };
    const question = { title: 'Is MFA enforced for all users?' };
    expect(taskTitle(question, book)).toBe('Roll out MFA');
    expect(taskTitle(question, { ...book, title: ' ' })).toBe('Inventory accounts');
    expect(taskTitle(question, undefined)).toBe('Close the gap: Is MFA enforced for all users?');
    expect(taskTitle({ title: 'x'.repeat(400) }, undefined)).toHaveLength(REMEDIATION_LIMITS.title);
  });

  it('are created by hand, validated, and listed with counts and assignees', async () => {
    const task = await create({
      title: 'Replace the old firewall',
      priority: 'critical',
      checklist: ['Order it', 'Install it'],
    });
    expect(task).toMatchObject({
      status: 'todo',
      priority: 'critical',
      source: null,
      commentCount: 0,
    });
    expect(task.createdBy).toEqual({ id: owner.uid, name: 'Olivia Owner' });
    expect(task.checklist.map((c) => c.title)).toEqual(['Order it', 'Install it']);

    const noTitle = await owner.client.post(tasksOf(tenantId), { description: 'x' });
    expect(noTitle.status).toBe(400);
    const stranger = await signUpPerson(t, 'stranger');
    const badAssignee = await owner.client.post(tasksOf(tenantId), {
      title: 'x',
      assigneeId: stranger.uid,
    });
    expect(badAssignee.status).toBe(400);
    expect(await errorCode(badAssignee)).toBe('tasks.invalid_assignee');
    const noQuestion = await owner.client.post(tasksOf(tenantId), {
      source: { assessmentId: assessment.id, questionKey: 'NOPE' },
    });
    expect(noQuestion.status).toBe(404);
    expect(await errorCode(noQuestion)).toBe('tasks.question_not_found');

    const all = await list();
    expect(all.items[0]!.id).toBe(task.id);
    expect(all.counts).toMatchObject({ todo: fromGaps.length + 1, in_progress: 0, done: 0 });
    expect(all.assignees.map((a) => a.id).sort()).toEqual([owner.uid, member.uid].sort());
    expect((await list('?assignee=none')).items.map((i) => i.id)).toEqual([task.id]);
    expect((await list('?assignee=me', member.client)).items).toHaveLength(fromGaps.length);
    expect((await list('?status=done')).items).toEqual([]);
    expect((await owner.client.get(`${tasksOf(tenantId)}?status=finished`)).status).toBe(400);
  });

  it('change status, and accepting a risk needs a reason and a review date', async () => {
    const task = await create({ title: 'Encrypt laptops' });
    const bad = await patch(task.id, { status: 'risk_accepted' });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('tasks.risk_reason_required');
    expect(Object.keys(body.error.fields).sort()).toEqual(['riskReason', 'riskReviewDate']);

    const accepted = TaskDetailSchema.parse(
      await ok(
        patch(task.id, {
          status: 'risk_accepted',
          riskReason: 'Laptops are replaced in Q1',
          riskReviewDate: '2031-03-01',
        }),
      ),
    );
    expect(accepted).toMatchObject({ status: 'risk_accepted', riskReviewDate: '2031-03-01' });
    const done = TaskDetailSchema.parse(await ok(patch(task.id, { status: 'done' })));
    expect(done.status).toBe('done');
    expect(done.riskReason).toBeNull();
    expect(done.doneAt).not.toBeNull();
    // Editing a done task keeps when it was done.
    const renamed = TaskDetailSchema.parse(
      await ok(patch(task.id, { title: 'Encrypt all laptops' })),
    );
    expect(renamed.doneAt).toBe(done.doneAt);
    const reopened = TaskDetailSchema.parse(await ok(patch(task.id, { status: 'in_progress' })));
    expect(reopened.doneAt).toBeNull();
    expect((await patch(task.id, {})).status).toBe(400);
    expect((await patch(randomUUID(), { status: 'done' })).status).toBe(404);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, task.id), eq(auditLog.action, 'tasks.status_changed')))
      .limit(1);
    expect(audit?.data).toMatchObject({
      title: 'Encrypt laptops',
      from: 'todo',
      to: 'risk_accepted',
    });
  });

  it('change status in bulk: all of them, or none when one is not the tenant’s', async () => {
    const a = await create({ title: 'Bulk A' });
    const b = await create({ title: 'Bulk B' });
    const elsewhere = await addTenant(t, owner.tid, 'Elsewhere');
    const foreign = TaskDetailSchema.parse(
      await ok(owner.client.post(tasksOf(elsewhere), { title: 'Not here' }), 201),
    );
    const refused = await owner.client.post(`${tasksOf(tenantId)}/bulk-status`, {
      ids: [a.id, foreign.id],
      status: 'done',
    });
    expect(refused.status).toBe(404);
    expect((await taskRow(a.id))?.status).toBe('todo');
    const moved = await ok<{ updated: number }>(
      owner.client.post(`${tasksOf(tenantId)}/bulk-status`, {
        ids: [a.id, b.id, b.id],
        status: 'in_progress',
      }),
    );
    expect(moved.updated).toBe(2);
    expect((await taskRow(b.id))?.status).toBe('in_progress');
    const risk = await owner.client.post(`${tasksOf(tenantId)}/bulk-status`, {
      ids: [a.id],
      status: 'risk_accepted',
    });
    expect(risk.status).toBe(400);
  });

  it('tick checklist items one at a time: two people at once lose neither tick', async () => {
    const task = fromGaps.find((f) => f.checklist.length === 2)!;
    const [first, second] = task.checklist;
    await Promise.all([
      ok(
        owner.client.request(`${tasksOf(tenantId)}/${task.id}/checklist/${first!.id}`, {
          method: 'PUT',
          json: { done: true },
        }),
      ),
      ok(
        member.client.request(`${tasksOf(tenantId)}/${task.id}/checklist/${second!.id}`, {
          method: 'PUT',
          json: { done: true },
        }),
      ),
    ]);
    const after = TaskDetailSchema.parse(
      await ok(owner.client.get(`${tasksOf(tenantId)}/${task.id}`)),
    );
    expect(after.checklist.map((c) => c.done)).toEqual([true, true]);
    const missing = await owner.client.request(
      `${tasksOf(tenantId)}/${task.id}/checklist/${randomUUID()}`,
      { method: 'PUT', json: { done: true } },
    );
    expect(missing.status).toBe(404);
    expect(await errorCode(missing)).toBe('tasks.checklist_item_not_found');
  });

  it('take comments in order, counted on the task', async () => {
    const task = fromGaps[0]!;
    await ok(owner.client.post(`${tasksOf(tenantId)}/${task.id}/comments`, { body: 'First' }), 201);
    const detail = TaskDetailSchema.parse(
      await ok(
        member.client.post(`${tasksOf(tenantId)}/${task.id}/comments`, { body: '**Second**' }),
        201,
      ),
    );
    expect(detail.comments.map((c) => [c.body, c.author?.name])).toEqual([
      ['First', 'Olivia Owner'],
      ['**Second**', 'New member'],
    ]);
    expect(detail.commentCount).toBe(2);
    const empty = await owner.client.post(`${tasksOf(tenantId)}/${task.id}/comments`, {
      body: '  ',
    });
    expect(empty.status).toBe(400);
  });

  it('shared contributors change tasks and comment; viewers read; neither creates or deletes', async () => {
    const contributor = await sharedUser(t, owner, tenantId, 'contributor');
    const viewer = await sharedUser(t, owner, tenantId, 'viewer');
    const task = fromGaps[0]!;
    expect((await list('', viewer)).items.length).toBeGreaterThan(0);
    expect((await patch(task.id, { status: 'done' }, viewer)).status).toBe(403);
    expect(
      (await viewer.post(`${tasksOf(tenantId)}/${task.id}/comments`, { body: 'x' })).status,
    ).toBe(403);
    expect((await taskRow(task.id))?.status).toBe('todo');

    await ok(patch(task.id, { status: 'in_progress' }, contributor));
    await ok(
      contributor.post(`${tasksOf(tenantId)}/${task.id}/comments`, { body: 'Started' }),
      201,
    );
    expect((await contributor.post(tasksOf(tenantId), { title: 'Mine' })).status).toBe(403);
    expect(
      (await contributor.request(`${tasksOf(tenantId)}/${task.id}`, { method: 'DELETE' })).status,
    ).toBe(403);
    expect((await taskRow(task.id))?.status).toBe('in_progress');
  });

  it('are invisible to another account: 404, and nothing changes', async () => {
    const other = await signUpPerson(t, 'other');
    const task = fromGaps[0]!;
    const before = await taskRow(task.id);
    for (const res of [
      other.client.get(tasksOf(tenantId)),
      other.client.get(`${tasksOf(tenantId)}/${task.id}`),
      other.client.request(`${tasksOf(tenantId)}/${task.id}`, {
        method: 'PATCH',
        json: { status: 'done' },
      }),
      other.client.request(`${tasksOf(tenantId)}/${task.id}`, { method: 'DELETE' }),
      other.client.post(`${tasksOf(tenantId)}/bulk-status`, { ids: [task.id], status: 'done' }),
      other.client.get(`/api/v1/tenants/${tenantId}/tasks.csv`),
    ]) {
      expect((await res).status).toBe(404);
    }
    // Their own tenant with the victim's task id: not found either.
    const theirs = await addTenant(t, other.tid, 'Theirs');
    expect((await other.client.get(`${tasksOf(theirs)}/${task.id}`)).status).toBe(404);
    expect(
      (
        await other.client.request(`${tasksOf(theirs)}/${task.id}`, {
          method: 'PATCH',
          json: { title: 'Stolen' },
        })
      ).status,
    ).toBe(404);
    expect(await taskRow(task.id)).toEqual(before);
  });

  it('export as a spreadsheet-safe CSV', async () => {
    await create({ title: '=HYPERLINK("http://evil")' });
    const res = await owner.client.get(`/api/v1/tenants/${tenantId}/tasks.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/Acme-remediation-tasks\.csv/);
    const text = await res.text();
    expect(text.split('\r\n')[0]).toContain('Title,Status,Priority,Assignee,Due date');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('are deleted with their comments (audited)', async () => {
    const task = await create({ title: 'Short-lived' });
    await ok(owner.client.post(`${tasksOf(tenantId)}/${task.id}/comments`, { body: 'x' }), 201);
    await ok(owner.client.request(`${tasksOf(tenantId)}/${task.id}`, { method: 'DELETE' }), 204);
    expect(await taskRow(task.id)).toBeUndefined();
    expect(
      (await owner.client.request(`${tasksOf(tenantId)}/${task.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
  });
});

describe('what the tenant list, the dashboard and the baseline view show of tasks', () => {
  it('keeps open tasks and the next due date on the tenant, and overdue ones on the dashboard', async () => {
    const tid = await addTenant(t, owner.tid, 'Overdue Ltd');
    const late = TaskDetailSchema.parse(
      await ok(
        owner.client.post(tasksOf(tid), {
          title: 'Late',
          dueDate: '2020-01-01',
          assigneeId: member.uid,
        }),
        201,
      ),
    );
    await ok(owner.client.post(tasksOf(tid), { title: 'Later', dueDate: '2099-01-01' }), 201);
    const page = TenantPageSchema.parse(await ok(owner.client.get('/api/v1/tenants?q=Overdue')));
    expect(page.tenants[0]).toMatchObject({ openTasks: 2, nextTaskDue: '2020-01-01' });
    expect(late.overdue).toBe(true);
    expect((await list('?overdue=true', owner.client, tid)).items.map((i) => i.id)).toEqual([
      late.id,
    ]);

    let dash = DashboardSchema.parse(await ok(owner.client.get('/api/v1/dashboard')));
    expect(dash.remediation.overdue).toBe(1);
    expect(dash.remediation.overdueTasks[0]).toMatchObject({
      id: late.id,
      tenantId: tid,
      tenantName: 'Overdue Ltd',
      dueDate: '2020-01-01',
      assignee: { id: member.uid, name: 'New member' },
    });
    const [acc] = await t.database.db
      .select({ open: tenants.openTasks })
      .from(tenants)
      .where(eq(tenants.id, tid));
    expect(acc?.open).toBe(2);

    await ok(
      owner.client.request(`${tasksOf(tid)}/${late.id}`, {
        method: 'PATCH',
        json: { status: 'done' },
      }),
    );
    dash = DashboardSchema.parse(await ok(owner.client.get('/api/v1/dashboard')));
    expect(dash.remediation.overdue).toBe(0);
    const after = TenantPageSchema.parse(await ok(owner.client.get('/api/v1/tenants?q=Overdue')));
    expect(after.tenants[0]).toMatchObject({ openTasks: 1, nextTaskDue: '2099-01-01' });
    // An archived tenant's tasks leave the account's sums.
    const before = dash.remediation.open;
    await ok(owner.client.post(`/api/v1/tenants/${tid}/archive`, {}));
    dash = DashboardSchema.parse(await ok(owner.client.get('/api/v1/dashboard')));
    expect(dash.remediation.open).toBe(before - 1);
  });

  it('shows a done task on the baseline view until a newer answer confirms it', async () => {
    const tid = await addTenant(t, owner.tid, 'Baseline Co');
    const base = await assess(WORKED_EXAMPLE_ANSWERS, { tenantId: tid });
    await ok(
      owner.client.request(`/api/v1/tenants/${tid}/baseline`, {
        method: 'PUT',
        json: { assessmentId: base.id },
      }),
    );
    const task = TaskDetailSchema.parse(
      await ok(
        owner.client.post(tasksOf(tid), { source: { assessmentId: base.id, questionKey: 'Q2' } }),
        201,
      ),
    );
    const view = async () =>
      BaselineComparisonSchema.parse(await ok(owner.client.get(`/api/v1/tenants/${tid}/baseline`)));
    expect((await view()).questions.find((q) => q.key === 'Q2')?.task).toMatchObject({
      id: task.id,
      status: 'todo',
      awaitingConfirmation: false,
    });
    await ok(
      owner.client.request(`${tasksOf(tid)}/${task.id}`, {
        method: 'PATCH',
        json: { status: 'done' },
      }),
    );
    expect((await view()).questions.find((q) => q.key === 'Q2')?.task).toMatchObject({
      status: 'done',
      awaitingConfirmation: true,
    });
    // A new assessment answers Q2 after the task was done: confirmed.
    await assess(
      { ...WORKED_EXAMPLE_ANSWERS, Q2: { value: 5 } },
      { tenantId: tid, complete: false },
    );
    const confirmed = (await view()).questions.find((q) => q.key === 'Q2')?.task;
    expect(confirmed).toMatchObject({ status: 'done', awaitingConfirmation: false });
    expect((await view()).questions.find((q) => q.key === 'Q1')?.task).toBeNull();
  });
});

describe('reminder e-mails', () => {
  it('go to each assignee with tasks overdue or due soon, at most once a day', async () => {
    const tid = await addTenant(t, owner.tid, 'Reminders Inc');
    const person = await addMember(t, owner, 'member', 'reminded');
    const day = (n: number) => new Date(Date.UTC(2031, 0, 10 + n)).toISOString().slice(0, 10);
    const add = (title: string, dueDate: string | null, assigneeId: string | null = person.uid) =>
      ok(owner.client.post(tasksOf(tid), { title, dueDate, assigneeId }), 201);
    await add('Overdue one', day(-2));
    await add('Due in two days', day(2));
    await add('Due much later', day(30));
    await add('Nobody’s', day(-5), null);
    const done = TaskDetailSchema.parse(await add('Already done', day(-1)));
    await ok(
      owner.client.request(`${tasksOf(tid)}/${done.id}`, {
        method: 'PATCH',
        json: { status: 'done' },
      }),
    );
    const morning = new Date('2031-01-10T08:00:00Z');
    const early = new Date('2031-01-10T05:00:00Z');
    const mailer = t.deps.mailer;
    expect(await sendDueReminders(t.database.db, mailer, 'https://app.example', early)).toBe(0);
    expect(
      await sendDueReminders(t.database.db, mailer, 'https://app.example', morning),
    ).toBeGreaterThanOrEqual(1);
    const reminders = async () =>
      (await t.mailTo(person.email)).filter((m) => /remediation task/.test(m.subject));
    const [mail, ...more] = await reminders();
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('2 remediation tasks need you: 1 overdue');
    expect(mail?.text).toContain('Overdue one (Reminders Inc');
    expect(mail?.text).toContain('overdue since 2031-01-08');
    expect(mail?.text).toContain('Due in two days');
    expect(mail?.text).not.toContain('Due much later');
    expect(mail?.text).not.toContain('Already done');
    expect(mail?.text).toMatch(new RegExp(`https://app.example/tenant/${tid}/remediation\\?task=`));
    // Later the same day, from this or another process: nothing more.
    await sendDueReminders(
      t.database.db,
      mailer,
      'https://app.example',
      new Date('2031-01-10T15:00:00Z'),
    );
    expect(await reminders()).toHaveLength(1);
    // The next day, again.
    await sendDueReminders(
      t.database.db,
      mailer,
      'https://app.example',
      new Date('2031-01-11T09:00:00Z'),
    );
    expect(await reminders()).toHaveLength(2);
  });
  it('run as of the time the controlled clock gives (the test hook), not the real one', async () => {
    const tid = await addTenant(t, owner.tid, 'Reminders as of');
    const person = await addMember(t, owner, 'member', 'reminded-as-of');
    await ok(
      owner.client.post(tasksOf(tid), {
        title: 'Due on the day',
        dueDate: '2032-03-10',
        assigneeId: person.uid,
      }),
      201,
    );
    const stop = await startReminders({
      db: t.database.db,
      jobs: t.deps.jobs,
      mailer: t.deps.mailer,
      publicUrl: 'https://app.example',
      logger: t.deps.logger,
    });
    try {
      expect(await runAsOf(REMINDERS_QUEUE, new Date('2032-03-10T05:00:00Z'))).toEqual({
        result: 0,
      });
      const ran = await runAsOf(REMINDERS_QUEUE, new Date('2032-03-10T08:00:00Z'));
      expect(ran?.result).toBeGreaterThanOrEqual(1);
      const mails = (await t.mailTo(person.email)).filter((m) =>
        /remediation task/.test(m.subject),
      );
      expect(mails.map((m) => m.subject)).toEqual(['1 remediation task is due soon']);
    } finally {
      stop();
    }
  });
});

import {
  addMonthsToDay,
  occurrencesFrom,
  ScheduleListSchema,
  ScheduleSchema,
  utcDay,
  type Schedule,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  assessmentCarriedAnswers,
  assessments,
  memberships,
  scheduleRuns,
  tenants,
} from '../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { addTenant, assessed, auditActions, ownerWithFramework } from '../../test/data.ts';
import { openSecondHandle } from '../../test/db.ts';
import { WORKED_EXAMPLE_ANSWERS } from '../../test/frameworks.ts';
import { expectStatus, ok } from '../../test/http.ts';
import { addMember, errorCode, signUpPerson, type Person } from '../../test/people.ts';
import { runSchedules } from './schedules.run.ts';

let t: TestApp;
let owner: Person;
let tenantId: string;
let frameworkId: string;
let previousId: string;
let second: DatabaseHandle | null = null;

const DAY = 86_400_000;
const mail = () => ({
  mailer: t.deps.mailer,
  publicUrl: t.deps.config.publicUrl,
  log: t.deps.logger,
});
const at = (day: string, hour = 8) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const today = utcDay(new Date());
/** A due date about three months ahead (the anchor of the schedules below). */
const anchor = utcDay(new Date(Date.now() + 90 * DAY));

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t));
  const prev = await assessed(WORKED_EXAMPLE_ANSWERS, {
    client: owner.client,
    tenantId,
    frameworkId,
    name: 'Last quarter',
  });
  previousId = prev.id;
  second = await openSecondHandle(t.database);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const createSchedule = async (body: Record<string, unknown>, who = owner) =>
  ScheduleSchema.parse(
    await ok(
      who.client.post('/api/v1/schedules', {
        frameworkId,
        cadence: 'quarterly',
        anchorDueDate: anchor,
        leadDays: 14,
        ...body,
      }),
      201,
    ),
  );
const assessmentsOf = (id: string) =>
  t.database.db
    .select()
    .from(assessments)
    .where(and(eq(assessments.tenantId, id), eq(assessments.status, 'draft')));
const runsOf = (scheduleId: string) =>
  t.database.db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, scheduleId));

describe('the next dates of a cadence', () => {
  it('keeps the anchor day, or the last day of a shorter month', () => {
    expect(addMonthsToDay('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsToDay('2027-01-31', 2)).toBe('2027-03-31');
    expect(addMonthsToDay('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsToDay('2026-12-15', 12)).toBe('2027-12-15');
    const timing = {
      anchorDueDate: '2026-11-30',
      cadence: 'quarterly' as const,
      everyMonths: null,
      leadDays: 14,
    };
    expect(occurrencesFrom(timing, '2027-01-01', 3)).toEqual([
      { dueDate: '2027-02-28', createOn: '2027-02-14' },
      { dueDate: '2027-05-30', createOn: '2027-05-16' },
      { dueDate: '2027-08-30', createOn: '2027-08-16' },
    ]);
    expect(
      occurrencesFrom({ ...timing, cadence: 'every_n_months', everyMonths: 5 }, '2026-01-01', 2),
    ).toEqual([
      { dueDate: '2026-11-30', createOn: '2026-11-16' },
      { dueDate: '2027-04-30', createOn: '2027-04-16' },
    ]);
  });
});

describe('schedules', () => {
  let quarterly: Schedule;

  it('validates what it is given', async () => {
    const both = await owner.client.post('/api/v1/schedules', {
      frameworkId,
      tenantId,
      tag: 'finance',
      cadence: 'quarterly',
      anchorDueDate: anchor,
    });
    expect(both.status).toBe(400);
    const months = await owner.client.post('/api/v1/schedules', {
      frameworkId,
      tenantId,
      cadence: 'every_n_months',
      anchorDueDate: anchor,
    });
    expect(months.status).toBe(400);
    const lead = await owner.client.post('/api/v1/schedules', {
      frameworkId,
      tenantId,
      cadence: 'monthly',
      anchorDueDate: anchor,
      leadDays: 1000,
    });
    expect(lead.status).toBe(400);
    const fw = await owner.client.post('/api/v1/schedules', {
      frameworkId: 'nope',
      tenantId,
      cadence: 'monthly',
      anchorDueDate: anchor,
    });
    expect(fw.status).toBe(400);
  });

  it('sets up a quarterly schedule with its next dates', async () => {
    quarterly = await createSchedule({ tenantId });
    expect(quarterly).toMatchObject({
      status: 'active',
      tenant: { id: tenantId, name: 'Acme' },
      tag: null,
      cadence: 'quarterly',
      leadDays: 14,
      reinviteRespondents: true,
      useNewestVersion: true,
      failing: 0,
      runs: [],
    });
    expect(quarterly.next[0]).toEqual({
      dueDate: anchor,
      createOn: utcDay(new Date(Date.parse(`${anchor}T00:00:00Z`) - 14 * DAY)),
    });
    expect(quarterly.next[1]?.dueDate).toBe(addMonthsToDay(anchor, 3));
    const tenantList = ScheduleListSchema.parse(
      await ok(owner.client.get(`/api/v1/tenants/${tenantId}/schedules`)),
    );
    expect(tenantList.items.map((s) => s.id)).toEqual([quarterly.id]);
    expect(await auditActions(t, owner.tid)).toContain('schedules.created');
  });

  it('creates nothing before the lead time', async () => {
    const r = await runSchedules(t.database.db, mail(), at(today));
    expect(r.created).toBe(0);
    expect(await assessmentsOf(tenantId)).toEqual([]);
  });

  it('creates the next assessment at the lead time, pre-filled, once', async () => {
    const createOn = quarterly.next[0]!.createOn;
    const r = await runSchedules(t.database.db, mail(), at(createOn));
    expect(r).toMatchObject({ created: 1, failed: 0 });
    const [made] = await assessmentsOf(tenantId);
    expect(made).toMatchObject({ dueDate: anchor, previousAssessmentId: previousId });
    const carried = await t.database.db
      .select()
      .from(assessmentCarriedAnswers)
      .where(eq(assessmentCarriedAnswers.assessmentId, made!.id));
    expect(carried).toHaveLength(6);
    const detail = await ok<{ origin: unknown; name: string }>(
      owner.client.get(`/api/v1/tenants/${tenantId}/assessments/${made!.id}`),
    );
    expect(detail.origin).toEqual({
      previous: { id: previousId, name: 'Last quarter' },
      schedule: { id: quarterly.id, cadence: 'quarterly' },
    });
    // The same run again, later the same day: nothing more.
    const again = await runSchedules(t.database.db, mail(), at(createOn, 20));
    expect(again.created).toBe(0);
    expect(await assessmentsOf(tenantId)).toHaveLength(1);
    const s = ScheduleSchema.parse(await ok(owner.client.get(`/api/v1/schedules/${quarterly.id}`)));
    expect(s.next[0]?.dueDate).toBe(addMonthsToDay(anchor, 3));
    expect(s.runs).toMatchObject([
      { status: 'created', period: anchor, assessment: { id: made!.id }, attempts: 0 },
    ]);
  });

  it('creates one assessment when two servers run the same period at once', async () => {
    const other = await addTenant(t, owner.tid, 'Twice Ltd');
    const s = await createSchedule({ tenantId: other, cadence: 'monthly', leadDays: 3 });
    const createOn = s.next[0]!.createOn;
    // Two database handles (PostgreSQL) or, on PGlite (one process owns it), the same twice.
    const dbs = [t.database.db, (second ?? t.database).db];
    const results = await Promise.all(dbs.map((db) => runSchedules(db, mail(), at(createOn))));
    expect(results.map((r) => r.created).reduce((a, b) => a + b)).toBe(1);
    expect(results.map((r) => r.failed).reduce((a, b) => a + b)).toBe(0);
    expect(await assessmentsOf(other)).toHaveLength(1);
    expect(await runsOf(s.id)).toHaveLength(1);
    // A retry of the same due run (the queue retried a job) creates nothing either.
    await t.database.db.update(tenants).set({ updatedAt: new Date() }).where(eq(tenants.id, other));
    const retry = await runSchedules(t.database.db, mail(), at(createOn, 23));
    expect(retry.created).toBe(0);
    expect(await assessmentsOf(other)).toHaveLength(1);
  });

  it('a paused schedule creates nothing; resumed, it goes on', async () => {
    const other = await addTenant(t, owner.tid, 'Paused Ltd');
    const s = await createSchedule({ tenantId: other, cadence: 'monthly', leadDays: 5 });
    const paused = ScheduleSchema.parse(
      await ok(owner.client.post(`/api/v1/schedules/${s.id}/pause`, {})),
    );
    expect(paused.status).toBe('paused');
    expect(paused.next).toEqual([]);
    const again = await owner.client.post(`/api/v1/schedules/${s.id}/pause`, {});
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('schedules.invalid_transition');
    const r = await runSchedules(t.database.db, mail(), at(s.next[0]!.createOn));
    expect(r.created).toBe(0);
    expect(await assessmentsOf(other)).toEqual([]);
    const resumed = ScheduleSchema.parse(
      await ok(owner.client.post(`/api/v1/schedules/${s.id}/resume`, {})),
    );
    expect(resumed.next[0]).toEqual(s.next[0]);
    await runSchedules(t.database.db, mail(), at(s.next[0]!.createOn));
    // No completed assessment of this tenant: its first one, from scratch.
    const [first] = await assessmentsOf(other);
    expect(first).toMatchObject({ previousAssessmentId: null, dueDate: s.next[0]!.dueDate });
  });

  it('an ended schedule is read-only and creates nothing', async () => {
    const other = await addTenant(t, owner.tid, 'Ended Ltd');
    const s = await createSchedule({ tenantId: other, cadence: 'yearly', leadDays: 0 });
    const ended = ScheduleSchema.parse(
      await ok(owner.client.post(`/api/v1/schedules/${s.id}/end`, {})),
    );
    expect(ended.status).toBe('ended');
    expect(ended.endedAt).not.toBeNull();
    const change = await owner.client.request(`/api/v1/schedules/${s.id}`, {
      method: 'PATCH',
      json: { leadDays: 3 },
    });
    expect(change.status).toBe(409);
    expect(await errorCode(change)).toBe('schedules.ended');
    expect((await owner.client.post(`/api/v1/schedules/${s.id}/resume`, {})).status).toBe(409);
    await runSchedules(t.database.db, mail(), at(s.next[0]!.createOn));
    expect(await assessmentsOf(other)).toEqual([]);
  });

  it('changes answer 409 with the current schedule when it moved since', async () => {
    const s = await createSchedule({ tenantId, cadence: 'half_yearly' });
    const changed = ScheduleSchema.parse(
      await ok(
        owner.client.request(`/api/v1/schedules/${s.id}`, {
          method: 'PATCH',
          json: { leadDays: 30, baseRevision: s.revision },
        }),
      ),
    );
    expect(changed).toMatchObject({ leadDays: 30, revision: s.revision + 1 });
    const stale = await owner.client.request(`/api/v1/schedules/${s.id}`, {
      method: 'PATCH',
      json: { leadDays: 10, baseRevision: s.revision },
    });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as {
      error: { code: string; details: { current: Schedule } };
    };
    expect(body.error.code).toBe('schedules.edit_conflict');
    expect(body.error.details.current.leadDays).toBe(30);
    await ok(owner.client.post(`/api/v1/schedules/${s.id}/end`, {}));
  });

  it('records a failing run, shows it and tries it again on the next run', async () => {
    const other = await addTenant(t, owner.tid, 'Failing Ltd');
    const leaving = await addMember(t, owner, 'member', 'leaving');
    const s = await createSchedule({ tenantId: other, cadence: 'monthly', ownerId: leaving.uid });
    // The owner leaves the account: the run cannot give them the assessment.
    await t.database.db
      .delete(memberships)
      .where(and(eq(memberships.userId, leaving.uid), eq(memberships.accountId, owner.tid)));
    const createOn = s.next[0]!.createOn;
    const first = await runSchedules(t.database.db, mail(), at(createOn));
    expect(first).toMatchObject({ created: 0, failed: 1 });
    expect(await assessmentsOf(other)).toEqual([]);
    let shown = ScheduleSchema.parse(await ok(owner.client.get(`/api/v1/schedules/${s.id}`)));
    expect(shown.failing).toBe(1);
    expect(shown.runs[0]).toMatchObject({ status: 'failed', attempts: 1, assessment: null });
    expect(shown.runs[0]?.error).toContain('owner');
    const twice = await runSchedules(t.database.db, mail(), at(createOn, 9));
    expect(twice.failed).toBe(1);
    shown = ScheduleSchema.parse(await ok(owner.client.get(`/api/v1/schedules/${s.id}`)));
    expect(shown.runs[0]).toMatchObject({ status: 'failed', attempts: 2 });
    // Fixed: another owner; the next run creates it, once.
    await ok(
      owner.client.request(`/api/v1/schedules/${s.id}`, {
        method: 'PATCH',
        json: { ownerId: owner.uid },
      }),
    );
    const fixed = await runSchedules(t.database.db, mail(), at(createOn, 10));
    expect(fixed.created).toBe(1);
    expect(await assessmentsOf(other)).toHaveLength(1);
    shown = ScheduleSchema.parse(await ok(owner.client.get(`/api/v1/schedules/${s.id}`)));
    expect(shown.failing).toBe(0);
    expect(shown.runs[0]).toMatchObject({ status: 'created', attempts: 2, error: null });
    expect((await runSchedules(t.database.db, mail(), at(createOn, 11))).created).toBe(0);
  });

  it('a schedule by tag reaches every tenant carrying the tag when it runs', async () => {
    const a = await addTenant(t, owner.tid, 'Tagged A', ['quarterly-club']);
    const b = await addTenant(t, owner.tid, 'Tagged B', ['quarterly-club']);
    const s = await createSchedule({ tag: 'quarterly-club', cadence: 'monthly', leadDays: 2 });
    expect(s).toMatchObject({ tenant: null, tag: 'quarterly-club', tenantCount: 2 });
    const c = await addTenant(t, owner.tid, 'Tagged later', ['quarterly-club']);
    const r = await runSchedules(t.database.db, mail(), at(s.next[0]!.createOn));
    expect(r.created).toBeGreaterThanOrEqual(3);
    for (const id of [a, b, c]) expect(await assessmentsOf(id)).toHaveLength(1);
    const forTenant = ScheduleListSchema.parse(
      await ok(owner.client.get(`/api/v1/tenants/${a}/schedules`)),
    );
    expect(forTenant.items.map((x) => x.id)).toContain(s.id);
  });

  it('a member limited to some tenants sees and changes only their tenants’ schedules', async () => {
    const limited = await addMember(t, owner, 'member', 'limited');
    const mine = await addTenant(t, owner.tid, 'Limited Co');
    await t.database.db
      .update(memberships)
      .set({ tenantAccess: 'only', tenantAccessIds: [mine] })
      .where(and(eq(memberships.userId, limited.uid), eq(memberships.accountId, owner.tid)));
    const theirs = await createSchedule({ tenantId: mine, cadence: 'monthly' }, limited);
    const list = ScheduleListSchema.parse(await ok(limited.client.get('/api/v1/schedules')));
    expect(list.items.map((s) => s.id)).toEqual([theirs.id]);
    expect((await limited.client.get(`/api/v1/schedules/${quarterly.id}`)).status).toBe(404);
    const pause = await limited.client.post(`/api/v1/schedules/${quarterly.id}/pause`, {});
    expect(pause.status).toBe(404);
    const elsewhere = await limited.client.post('/api/v1/schedules', {
      frameworkId,
      tenantId,
      cadence: 'monthly',
      anchorDueDate: anchor,
    });
    expect(elsewhere.status).toBe(404);
    const byTag = await limited.client.post('/api/v1/schedules', {
      frameworkId,
      tag: 'quarterly-club',
      cadence: 'monthly',
      anchorDueDate: anchor,
    });
    expect(byTag.status).toBe(403);
  });

  it('another account sees none of them', async () => {
    const outsider = await signUpPerson(t, 'outsider');
    expect((await outsider.client.get(`/api/v1/schedules/${quarterly.id}`)).status).toBe(404);
    expect((await outsider.client.get(`/api/v1/tenants/${tenantId}/schedules`)).status).toBe(404);
    await expectStatus(
      outsider.client.request(`/api/v1/schedules/${quarterly.id}`, {
        method: 'PATCH',
        json: { leadDays: 1 },
      }),
      404,
    );
    const list = ScheduleListSchema.parse(await ok(outsider.client.get('/api/v1/schedules')));
    expect(list.items).toEqual([]);
    expect(uniqueEmail()).toBeTruthy();
  });
});

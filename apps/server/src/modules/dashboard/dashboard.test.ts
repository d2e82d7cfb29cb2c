import { randomUUID } from 'node:crypto';
import { DashboardSchema } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments, tenants } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { publishPrivateFramework, WORKED_EXAMPLE_ANSWERS } from '../../test/frameworks.ts';
import { assessed, type AnswerBodies } from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import { signUpPerson, type Person } from '../../test/people.ts';
import { refreshTenantRollup } from '../assessments/assessments.rollup.ts';
import { lastMonths } from './dashboard.service.ts';

let t: TestApp;
let owner: Person;
let frameworkId: string;

beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'owner', 'Olivia Owner');
  frameworkId = await publishPrivateFramework(owner.client);
});
afterAll(async () => {
  await t?.close();
});

async function tenant(name: string): Promise<string> {
  const res = await ok<{ id: string }>(owner.client.post('/api/v1/tenants', { name }), 201);
  return res.id;
}

/** An assessment of tenant `tid` with `answers`, completed or not: its id. */
async function assessment(tid: string, answers: AnswerBodies, complete: boolean): Promise<string> {
  const name = `Review ${randomUUID().slice(0, 4)}`;
  return (
    await assessed(answers, { client: owner.client, tenantId: tid, frameworkId, name, complete })
  ).id;
}

describe('the dashboard', () => {
  it('starts empty for a new account', async () => {
    const d = DashboardSchema.parse(await ok(owner.client.get('/api/v1/dashboard')));
    expect(d.tenants).toEqual({ active: 0, archived: 0, assessed: 0 });
    expect(d.averageScore).toBeNull();
    expect(d.assessments).toEqual({ open: 0, completed: 0, hasRespondents: false });
    expect(d.openAssessments).toEqual([]);
    expect(d.largestGaps).toEqual([]);
    expect(d.trend).toHaveLength(12);
    expect(d.trend.every((m) => m.completed === 0 && m.averageScore === null)).toBe(true);
  });

  it('sums up tenants, open assessments, scores by month and the largest gaps', async () => {
    const acme = await tenant('Acme');
    const blue = await tenant('Blue');
    const gone = await tenant('Gone');
    // Acme: the worked example (49 %, 3 gaps) completed two months ago, and one open.
    const old = await assessment(acme, WORKED_EXAMPLE_ANSWERS, true);
    const twoMonthsAgo = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 2, 15),
    );
    await t.database.db
      .update(assessments)
      .set({ completedAt: twoMonthsAgo })
      .where(eq(assessments.id, old));
    await refreshTenantRollup(t.database.db, { accountId: owner.tid, tenantId: acme });
    const open = await assessment(acme, { Q1: { value: 'yes' } }, false);
    // Blue: everything at the top (100 %, no gaps) this month.
    await assessment(
      blue,
      { ...WORKED_EXAMPLE_ANSWERS, Q2: { value: 5 }, Q4: { value: 'high' }, Q6: { value: 25 } },
      true,
    );
    // Gone: archived, with an open assessment that does not count.
    await assessment(gone, {}, false);
    await ok(owner.client.post(`/api/v1/tenants/${gone}/archive`, {}));

    const d = DashboardSchema.parse(await ok(owner.client.get('/api/v1/dashboard')));
    expect(d.tenants).toEqual({ active: 2, archived: 1, assessed: 2 });
    expect(d.averageScore).toBeCloseTo((1.475 / 3 + 1) / 2, 6);
    expect(d.assessments).toEqual({ open: 1, completed: 2, hasRespondents: false });
    expect(d.openAssessments.map((a) => [a.id, a.tenantName, a.status])).toEqual([
      [open, 'Acme', 'in_progress'],
    ]);
    expect(d.openAssessments[0]).toMatchObject({ answered: 1, total: 6 });
    expect(d.largestGaps).toEqual([
      expect.objectContaining({ tenantId: acme, tenantName: 'Acme', assessmentId: old, gaps: 3 }),
    ]);
    const thisMonth = d.trend.at(-1)!;
    expect(thisMonth).toMatchObject({ completed: 1, averageScore: 1 });
    const earlier = d.trend.at(-3)!;
    expect(earlier.completed).toBe(1);
    expect(earlier.averageScore).toBeCloseTo(1.475 / 3, 6);
    expect(d.trend.at(-2)).toMatchObject({ completed: 0, averageScore: null });
  });

  it('says once a respondent link was sent for any assessment', async () => {
    const [open] = DashboardSchema.parse(
      await ok(owner.client.get('/api/v1/dashboard')),
    ).openAssessments;
    const base = `/api/v1/tenants/${open!.tenantId}/assessments/${open!.id}`;
    await ok(
      owner.client.post(`${base}/respondents`, {
        name: 'Pat Doe',
        email: 'pat@example.test',
        sendEmail: false,
      }),
      201,
    );
    const d = DashboardSchema.parse(await ok(owner.client.get('/api/v1/dashboard')));
    expect(d.assessments.hasRespondents).toBe(true);
    // Another account's respondents say nothing about this one.
    const other = await signUpPerson(t, 'norespondents', 'Noa None');
    const o = DashboardSchema.parse(await ok(other.client.get('/api/v1/dashboard')));
    expect(o.assessments.hasRespondents).toBe(false);
  });

  it('shows another account nothing of this one, and nobody without a session', async () => {
    const stranger = await signUpPerson(t, 'stranger', 'Sam Stranger');
    const d = DashboardSchema.parse(await ok(stranger.client.get('/api/v1/dashboard')));
    expect(d.tenants).toEqual({ active: 0, archived: 0, assessed: 0 });
    expect(d.openAssessments).toEqual([]);
    expect(d.largestGaps).toEqual([]);
    expect((await t.client().get('/api/v1/dashboard')).status).toBe(401);
    // The victim's figures are unchanged by the stranger's reads.
    const rows = await t.database.db.select().from(tenants).where(eq(tenants.accountId, owner.tid));
    expect(rows).toHaveLength(3);
  });
});

describe('the account’s sums', () => {
  it('stay right when tenants are created and archived at the same time', async () => {
    const busy = await signUpPerson(t, 'busy', 'Bo Busy');
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        busy.client.post('/api/v1/tenants', { name: `Parallel ${i}` }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(12).fill(201));
    const ids = await Promise.all(
      created.map(async (r) => ((await r.json()) as { id: string }).id),
    );
    await Promise.all(
      ids.slice(0, 5).map((id) => busy.client.post(`/api/v1/tenants/${id}/archive`, {})),
    );
    const d = DashboardSchema.parse(await ok(busy.client.get('/api/v1/dashboard')));
    expect(d.tenants).toEqual({ active: 7, archived: 5, assessed: 0 });
  });
});

describe('months of the trend', () => {
  it('counts back across a year boundary, oldest first', () => {
    expect(lastMonths(new Date('2026-02-10T00:00:00Z'), 4)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
});

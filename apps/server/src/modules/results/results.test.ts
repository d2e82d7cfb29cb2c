import { randomUUID } from 'node:crypto';
import { AssessmentResultsSchema, GapTasksResultSchema } from '@tenantry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { WORKED_EXAMPLE_ANSWERS } from '../../test/frameworks.ts';
import { assessed, ownerWithFramework } from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import { sharedUser, signUpPerson, type Person } from '../../test/people.ts';

let t: TestApp;
let owner: Person;
let tenantId: string;
let frameworkId: string;

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t));
});
afterAll(async () => {
  await t?.close();
});

const base = () => `/api/v1/tenants/${tenantId}/assessments`;
const results = async (id: string, client: TestClient = owner.client) =>
  AssessmentResultsSchema.parse(await ok(client.get(`${base()}/${id}/results`)));

describe('an assessment’s results', () => {
  let first: string;

  it('gives the kept scores against targets, the gaps by weight and plain counts', async () => {
    first = (
      await assessed(WORKED_EXAMPLE_ANSWERS, { client: owner.client, tenantId, frameworkId })
    ).id;
    const r = await results(first);
    // SCORING.md's worked example: A 55 % (target 80 %), B 38 %, overall 49 %.
    expect(r.overall.score).toBeCloseTo(1.475 / 3, 9);
    expect(r.overall.provisional).toBe(false);
    const a = r.sections.find((s) => s.key === 'A')!;
    expect(a).toMatchObject({ depth: 0, weight: 2, target: 0.8, answered: 3, total: 3 });
    expect(a.score).toBeCloseTo(0.55, 9);
    expect(a.gap).toBeCloseTo(0.25, 9);
    // Q2 (weight 3) first; then weight 1, the larger shortfall first (Q4 25 % < Q6 50 %).
    expect(r.gaps.map((g) => [g.key, g.weight])).toEqual([
      ['Q2', 3],
      ['Q4', 1],
      ['Q6', 1],
    ]);
    expect(r.gaps[0]).toMatchObject({ sectionKey: 'A', target: 0.8, answer: '2 – Repeatable' });
    expect(r.counts).toEqual({
      total: 6,
      answered: 6,
      na: 1,
      unanswered: 0,
      scored: 4,
      notScored: 1,
      gaps: 3,
      gapsWithOpenTask: 0,
    });
    expect(r.baseline.kind).toBe('none');
    expect(r.can.createTasks).toBe(true);
  });

  it('shows the tasks made for its gaps', async () => {
    const made = GapTasksResultSchema.parse(
      await ok(
        owner.client.post(`/api/v1/tenants/${tenantId}/assessments/${first}/gap-tasks`, {}),
        201,
      ),
    );
    expect(made.created).toBe(3);
    const r = await results(first);
    expect(r.counts.gapsWithOpenTask).toBe(3);
    expect(r.gaps.every((g) => g.task?.status === 'todo')).toBe(true);
  });

  it('says what changed since the baseline, like with like', async () => {
    await ok(
      owner.client.request(`/api/v1/tenants/${tenantId}/baseline`, {
        method: 'PUT',
        json: { assessmentId: first },
      }),
    );
    expect((await results(first)).baseline.kind).toBe('this');
    const later = await assessed(
      { Q1: { value: 'no' }, Q2: { value: 5 }, Q4: { value: 'high' } },
      { client: owner.client, tenantId, frameworkId, complete: false },
    );
    const r = await results(later.id);
    expect(r.overall.provisional).toBe(true);
    expect(r.counts).toMatchObject({ total: 6, answered: 3, unanswered: 3, na: 0 });
    expect(r.baseline.kind).toBe('compared');
    expect(r.baseline.assessment?.id).toBe(first);
    expect(r.baseline.changes.map((c) => [c.key, c.trend])).toEqual([
      ['Q1', 'regressed'],
      ['Q2', 'improved'],
      ['Q4', 'improved'],
    ]);
    expect(r.sections.find((s) => s.key === 'B')!.delta).toBeCloseTo(1 - 0.375, 9);
    const draft = await ok<{ id: string }>(
      owner.client.post(base(), { frameworkId, version: 1, name: 'Draft' }),
      201,
    );
    expect((await results(draft.id)).baseline.kind).toBe('not_started');
  });

  it('is read by the tenant’s shared users, without task creation', async () => {
    const viewer = await sharedUser(t, owner, tenantId, 'viewer');
    const r = await results(first, viewer);
    expect(r.gaps).toHaveLength(3);
    expect(r.can.createTasks).toBe(false);
  });

  it('answers 404 for another account and for an unknown assessment', async () => {
    const other = await signUpPerson(t, 'other', 'Otto Other');
    expect((await other.client.get(`${base()}/${first}/results`)).status).toBe(404);
    expect((await owner.client.get(`${base()}/${randomUUID()}/results`)).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { BaselineComparisonSchema, type AssessmentDetail } from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tenantBaselines } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { WORKED_EXAMPLE_ANSWERS, workedExampleDocument } from '../../test/frameworks.ts';
import {
  addTenant,
  assessed,
  ownerWithFramework,
  type AnswerBodies,
  type AssessedOptions,
} from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import { addMember, errorCode, sharedUser, signUpPerson, type Person } from '../../test/people.ts';

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

const assessmentsOf = (tid: string) => `/api/v1/tenants/${tid}/assessments`;
const baselineOf = (tid: string) => `/api/v1/tenants/${tid}/baseline`;

/** An assessment of the tenant (as the owner, on version 1 unless told), completed unless told. */
const assess = (answers: AnswerBodies, opts: Partial<AssessedOptions> = {}) =>
  assessed(answers, { client: owner.client, tenantId, frameworkId, ...opts });

const get = async (client: TestClient = owner.client, query = '', tid = tenantId) =>
  BaselineComparisonSchema.parse(await ok(client.get(`${baselineOf(tid)}${query}`)));
const mark = (assessmentId: string, client: TestClient = owner.client, tid = tenantId) =>
  client.request(baselineOf(tid), { method: 'PUT', json: { assessmentId } });

describe('the baseline', () => {
  let first: AssessmentDetail;
  let second: AssessmentDetail;

  it('is empty until marked, listing the completed assessments that can be', async () => {
    first = await assess(WORKED_EXAMPLE_ANSWERS);
    const empty = await get();
    expect(empty.baseline).toBeNull();
    expect(empty.latest).toBeNull();
    expect(empty.candidates.map((c) => c.id)).toContain(first.id);
    expect(empty.sections).toEqual([]);
    expect(empty.canManage).toBe(true);
  });

  it('takes only a completed assessment of the tenant, and marking it is audited', async () => {
    const open = await assess({ Q1: { value: 'no' } }, { complete: false });
    const refused = await mark(open.id);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('baseline.not_completed');
    expect((await mark(randomUUID())).status).toBe(404);

    const marked = BaselineComparisonSchema.parse(await ok(mark(first.id)));
    expect(marked.baseline?.id).toBe(first.id);
    // The assessment says so on its own screen; the other one does not.
    const detail = (id: string) =>
      ok<AssessmentDetail>(owner.client.get(`${assessmentsOf(tenantId)}/${id}`));
    expect((await detail(first.id)).isBaseline).toBe(true);
    expect((await detail(open.id)).isBaseline).toBe(false);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, tenantId), eq(auditLog.action, 'tenants.baseline_set')));
    expect(audit?.data).toMatchObject({ assessmentId: first.id, tenantName: 'Acme' });
    // The in-progress one is compared with it meanwhile (the latest that is not a draft).
    expect(marked.latest?.id).toBe(open.id);
  });

  it('compares the latest assessment with it per section and per question (SCORING.md)', async () => {
    // Q1 yes → partial (regressed), Q2 level 2 → 5 (improved), Q4 low → high (improved).
    second = await assess({
      ...WORKED_EXAMPLE_ANSWERS,
      Q1: { value: 'partial' },
      Q2: { value: 5 },
      Q4: { value: 'high' },
    });
    const c = await get(owner.client, `?compare=${second.id}`);
    expect(c.baseline?.id).toBe(first.id);
    expect(c.latest?.id).toBe(second.id);
    // Baseline: A 55 %, B 37.5 %, overall 49.17 %. Latest: A = (0.5 + 3×1)/4 = 87.5 %,
    // B = (1 + 0.5)/2 = 75 %, overall = (2×0.875 + 0.75)/3 = 83.3 %.
    expect(c.overall.baseline).toBeCloseTo(1.475 / 3, 6);
    expect(c.overall.latest).toBeCloseTo(2.5 / 3, 6);
    expect(c.overall.delta).toBeCloseTo(2.5 / 3 - 1.475 / 3, 6);
    expect(c.overall.trend).toBe('improved');
    // Both score every section: like with like, nothing left out.
    expect(c.overall.comparedSections).toEqual(['A', 'B']);
    expect(c.overall.comparedLatest).toBeCloseTo(2.5 / 3, 6);
    expect(c.overall.leftOut).toEqual([]);
    const a = c.sections.find((s) => s.key === 'A')!;
    expect(a.leftOut).toBeNull();
    expect(a.baseline?.score).toBeCloseTo(0.55, 6);
    expect(a.latest?.score).toBeCloseTo(0.875, 6);
    expect(a.latest?.target).toBe(0.8);
    expect(a.latest?.gap).toBe(0);
    expect(a.baseline?.gap).toBeCloseTo(0.25, 6);
    expect(a.delta).toBeCloseTo(0.325, 6);
    expect(a.trend).toBe('improved');
    const q = Object.fromEntries(c.questions.map((x) => [x.key, x]));
    expect(q.Q1).toMatchObject({ trend: 'regressed', delta: -0.5, sectionKey: 'A' });
    expect(q.Q1!.baseline).toMatchObject({ score: 1, answered: true, gap: false });
    expect(q.Q1!.latest).toMatchObject({ score: 0.5, gap: true });
    expect(q.Q2!.trend).toBe('improved');
    expect(q.Q2!.delta).toBeCloseTo(0.6, 6);
    expect(q.Q3!.trend).toBe('unscored'); // free text is never scored
    expect(q.Q5).toMatchObject({ trend: 'unscored', latest: { na: true, score: null } });
    expect(q.Q6!.trend).toBe('unchanged');
    expect(c.counts).toMatchObject({ improved: 2, regressed: 1, unchanged: 1, unscored: 2 });
  });

  it('compares like with like: a section without a score on one side is left out and named', async () => {
    // Only section A answered, and well: A = (1×1 + 3×1) / 4 = 100 %; B has no score.
    const partial = await assess({ Q1: { value: 'yes' }, Q2: { value: 5 } }, { complete: false });
    const c = await get(owner.client, `?compare=${partial.id}`);
    // Each side's own overall is as its screen shows it…
    expect(c.overall.baseline).toBeCloseTo(1.475 / 3, 6);
    expect(c.overall.latest).toBe(1);
    // …but the delta is over section A only (55 % → 100 %), not 49 % → 100 %.
    expect(c.overall.comparedSections).toEqual(['A']);
    expect(c.overall.comparedBaseline).toBeCloseTo(0.55, 6);
    expect(c.overall.comparedLatest).toBe(1);
    expect(c.overall.delta).toBeCloseTo(0.45, 6);
    expect(c.overall.trend).toBe('improved');
    expect(c.overall.leftOut).toEqual([
      { key: 'B', title: 'Section B', reason: 'no_score_latest' },
    ]);
    const b = c.sections.find((s) => s.key === 'B')!;
    expect(b).toMatchObject({ delta: null, trend: 'unscored', leftOut: 'no_score_latest' });
    expect(b.latest).toMatchObject({ score: null, answered: 0, total: 3 });
    expect(c.sections.find((s) => s.key === 'A')?.leftOut).toBeNull();
    // Its scores are provisional (in progress); the baseline's are final.
    expect(c.latest?.provisional).toBe(true);
    expect(c.baseline?.provisional).toBe(false);
  });

  it('matches questions by stable key across framework versions', async () => {
    // Version 2: Q3 removed, Q7 added, Q1 reworded.
    const doc = workedExampleDocument();
    const [a, b] = doc.sections;
    a!.questions = a!.questions
      .filter((x) => x.key !== 'Q3')
      .map((x) => (x.key === 'Q1' ? { ...x, title: 'Is it done, everywhere?' } : x));
    b!.questions.push({ key: 'Q7', title: 'Reviewed yearly?', type: 'yes_no' } as never);
    const fw = (await ok(owner.client.get(`/api/v1/content/frameworks/${frameworkId}`))) as {
      draftRevision: number;
    };
    const saved = (await ok(
      owner.client.request(`/api/v1/content/frameworks/${frameworkId}/draft`, {
        method: 'PUT',
        json: { revision: fw.draftRevision, document: doc },
      }),
    )) as { draftRevision: number };
    await ok(
      owner.client.post(`/api/v1/content/frameworks/${frameworkId}/publish`, {
        revision: saved.draftRevision,
        releaseNotes: 'Q7 added, Q3 removed',
      }),
    );
    const third = await assess(
      { Q1: { value: 'yes' }, Q2: { value: 2 }, Q7: { value: 'yes' } },
      { version: 2 },
    );
    const c = await get();
    expect(c.latest?.id).toBe(third.id); // the newest by default
    expect(c.latest?.framework.version).toBe(2);
    const q = Object.fromEntries(c.questions.map((x) => [x.key, x]));
    expect(q.Q7).toMatchObject({ trend: 'added', baseline: null, delta: null });
    expect(q.Q3).toMatchObject({ trend: 'removed', latest: null, delta: null });
    expect(q.Q1).toMatchObject({ trend: 'unchanged', changed: true });
    expect(q.Q2).toMatchObject({ trend: 'unchanged', changed: false });
    expect(c.comparable.map((x) => x.id)).toEqual(expect.arrayContaining([second.id, third.id]));
  });

  it('refuses to compare with an assessment that is not of the baseline’s framework here', async () => {
    const other = await get(owner.client, `?compare=${randomUUID()}`).catch((e: Error) => e);
    expect(other).toBeInstanceOf(Error);
    const res = await owner.client.get(`${baselineOf(tenantId)}?compare=${first.id}`);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('baseline.compare_not_found');
    expect((await owner.client.get(`${baselineOf(tenantId)}?compare=not-an-id`)).status).toBe(404);
  });

  it('is changed and cleared by members; shared users only read it', async () => {
    const member = await addMember(t, owner, 'member');
    await ok(mark(second.id, member.client));
    expect((await get()).baseline?.id).toBe(second.id);

    const contributor = await sharedUser(t, owner, tenantId, 'contributor');
    const seen = await get(contributor);
    expect(seen.baseline?.id).toBe(second.id);
    expect(seen.canManage).toBe(false);
    expect((await mark(first.id, contributor)).status).toBe(403);
    expect((await contributor.request(baselineOf(tenantId), { method: 'DELETE' })).status).toBe(
      403,
    );

    await ok(owner.client.request(baselineOf(tenantId), { method: 'DELETE' }), 204);
    await ok(owner.client.request(baselineOf(tenantId), { method: 'DELETE' }), 204);
    expect((await get()).baseline).toBeNull();
    const cleared = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, tenantId), eq(auditLog.action, 'tenants.baseline_cleared')));
    expect(cleared).toHaveLength(1);
  });

  it('goes when its assessment is deleted', async () => {
    const again = await assess(WORKED_EXAMPLE_ANSWERS);
    await ok(mark(again.id));
    await ok(
      owner.client.request(`${assessmentsOf(tenantId)}/${again.id}`, { method: 'DELETE' }),
      204,
    );
    expect((await get()).baseline).toBeNull();
  });
});

describe('another account', () => {
  it('gets 404 for the baseline of a tenant it does not have, and changes nothing', async () => {
    const stranger = await signUpPerson(t, 'stranger', 'Sam Stranger');
    const theirs = await addTenant(t, stranger.tid, 'Theirs');
    const mine = await assess(WORKED_EXAMPLE_ANSWERS);
    await ok(mark(mine.id));
    const before = await t.database.db
      .select()
      .from(tenantBaselines)
      .where(eq(tenantBaselines.tenantId, tenantId));

    expect((await stranger.client.get(baselineOf(tenantId))).status).toBe(404);
    expect((await mark(mine.id, stranger.client)).status).toBe(404);
    expect((await stranger.client.request(baselineOf(tenantId), { method: 'DELETE' })).status).toBe(
      404,
    );
    // Their own tenant cannot take my assessment as its baseline.
    expect((await mark(mine.id, stranger.client, theirs)).status).toBe(404);
    const after = await t.database.db
      .select()
      .from(tenantBaselines)
      .where(eq(tenantBaselines.tenantId, tenantId));
    expect(after).toEqual(before);
  });
});

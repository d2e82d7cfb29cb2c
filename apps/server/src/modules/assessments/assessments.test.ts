import { randomUUID } from 'node:crypto';
import {
  AnswerHistorySchema,
  AnswerWriteResultSchema,
  AssessmentDetailSchema,
  AssessmentPageSchema,
  RespondentLinkSchema,
  RespondentListSchema,
  RespondentSessionSchema,
  RespondentWriteResultSchema,
  scoreDocument,
  type AssessmentDetail,
  type ScoredAnswer,
} from '@tenantry/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerHistory,
  assessmentAnswers,
  assessments,
  auditLog,
  respondents,
  scoreRollupsDue,
} from '../../db/schema/index.ts';
import { scoreRollupsFor, sweepDueRollups } from './answers/score-rollup.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { openSecondHandle } from '../../test/db.ts';
import { WORKED_EXAMPLE_ANSWERS } from '../../test/frameworks.ts';
import { addTenant, ownerWithFramework } from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import { addMember, errorCode, sharedUser, signUpPerson, type Person } from '../../test/people.ts';
import { timeLimit } from '../../test/slowness.ts';

let t: TestApp;
let owner: Person;
let stranger: Person;
let tenantId: string;
let frameworkId: string;

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t));
  stranger = await signUpPerson(t, 'stranger', 'Sam Stranger');
});
afterAll(async () => {
  await t?.close();
});

const base = (tid = tenantId) => `/api/v1/tenants/${tid}/assessments`;

async function start(
  client: TestClient = owner.client,
  body: Record<string, unknown> = {},
  tid = tenantId,
): Promise<AssessmentDetail> {
  const detail = await ok<AssessmentDetail>(
    client.post(base(tid), { frameworkId, version: 1, name: 'Q4 review', ...body }),
    201,
  );
  return AssessmentDetailSchema.parse(detail);
}

function put(
  client: TestClient,
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
) {
  return client.request(path, { method: 'PUT', json, headers });
}

const answerPath = (a: { id: string }, key: string, tid = tenantId) =>
  `${base(tid)}/${a.id}/answers/${key}`;

describe('starting an assessment', () => {
  it('pins a published version, starts as a draft with nothing answered, and is audited', async () => {
    const a = await start(owner.client, { dueDate: '2026-12-31' });
    expect(a).toMatchObject({
      status: 'draft',
      framework: { id: frameworkId, key: 'worked-example', version: 1 },
      owner: { id: owner.uid, name: 'Olivia Owner' },
      dueDate: '2026-12-31',
      score: null,
      completion: 0,
      answered: 0,
      total: 6,
      targets: { A: 0.8, B: null },
      can: { answer: true, manage: true, delete: true },
    });
    expect(a.document.sections.map((s) => s.key)).toEqual(['A', 'B']);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, a.id), eq(auditLog.action, 'assessments.created')));
    expect(audit?.data).toMatchObject({ name: 'Q4 review', version: 1 });
    const page = AssessmentPageSchema.parse(await ok(owner.client.get(base())));
    expect(page.items.some((i) => i.id === a.id)).toBe(true);
  });

  it('cuts the scope to some sections or some tags, and overrides targets', async () => {
    const bySection = await start(owner.client, { scope: { sections: ['B'] } });
    expect(bySection.total).toBe(3);
    expect(bySection.document.sections.map((s) => s.key)).toEqual(['B']);
    const byTag = await start(owner.client, { scope: { tags: ['IG1'] }, targets: { A: 0.5 } });
    expect(byTag.total).toBe(2);
    expect(byTag.targets).toEqual({ A: 0.5, B: null });
  });

  it('refuses what does not fit with a 4xx that names it', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ version: 9 }, 404, 'assessments.framework_not_found'],
      [{ frameworkId: randomUUID() }, 404, 'assessments.framework_not_found'],
      [{ scope: { sections: ['Z'] } }, 400, 'common.validation'],
      [{ scope: { tags: ['nothing-has-it'] } }, 400, 'assessments.empty_scope'],
      [{ ownerId: stranger.uid }, 400, 'common.validation'],
      [{ targets: { Q1: 0.5 } }, 400, 'common.validation'],
      [{ targets: { A: 2 } }, 400, 'common.validation'],
      [{ name: ' ' }, 400, 'common.validation'],
      [{ dueDate: '2026-02-30' }, 400, 'common.validation'],
    ];
    for (const [body, status, code] of cases) {
      const res = await owner.client.post(base(), { frameworkId, version: 1, name: 'x', ...body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await errorCode(res)).toBe(code);
    }
  });

  it('does not let another account start one on a private framework it cannot see', async () => {
    const theirTenant = await addTenant(t, stranger.tid, 'Theirs');
    const res = await stranger.client.post(base(theirTenant), {
      frameworkId,
      version: 1,
      name: 'peek',
    });
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('assessments.framework_not_found');
  });
});

describe('answering', () => {
  it('keeps SCORING.md’s worked example up to date with every answer (55 %, 38 %, 49 %, 100 %)', async () => {
    const a = await start();
    let last = null as null | ReturnType<typeof AnswerWriteResultSchema.parse>;
    for (const [key, answer] of Object.entries(WORKED_EXAMPLE_ANSWERS)) {
      last = AnswerWriteResultSchema.parse(await ok(put(owner.client, answerPath(a, key), answer)));
      expect(last.outcome).toBe('applied');
    }
    expect(last!.progress.sections.A!.score).toBeCloseTo(0.55, 10);
    expect(last!.progress.sections.B!.score).toBeCloseTo(0.375, 10);
    expect(last!.progress.score).toBeCloseTo(1.475 / 3, 10);
    expect(last!.progress.completion).toBe(1);
    // A is below its 80 % target: its scored questions below it are the gaps.
    expect(last!.progress.sections.A!.gap).toBeCloseTo(0.25, 10);
    expect(last!.progress.gaps).toEqual(['Q2', 'Q4', 'Q6']);
    // Not completed: every score the API gives is marked provisional (docs/scoring.md).
    expect(last!.progress.provisional).toBe(true);

    const detail = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
    expect(detail.status).toBe('in_progress');
    expect(detail.score).toBeCloseTo(0.4917, 4);
    expect(detail.answers).toHaveLength(6);
    expect(detail.answers.find((x) => x.questionKey === 'Q1')).toMatchObject({
      value: 'yes',
      score: 1,
      answeredBy: { source: 'member', name: 'Olivia Owner', userId: owner.uid },
    });
    expect(detail.lastAnswer).toMatchObject({ by: 'Olivia Owner', source: 'member' });
    expect(detail.statusHistory.map((s) => s.status)).toEqual(['draft', 'in_progress']);
    expect([detail.provisional, detail.progress.provisional]).toEqual([true, true]);
  });

  it('refuses a value that does not fit the question, and a question outside the scope', async () => {
    const a = await start(owner.client, { scope: { sections: ['B'] } });
    const bad: Array<[string, unknown, string]> = [
      ['Q4', { value: 'medium' }, 'value'],
      ['Q4', { value: 3 }, 'value'],
      ['Q6', { value: 'ten' }, 'value'],
      ['Q6', { na: true }, 'na'],
    ];
    for (const [key, body, field] of bad) {
      const res = await put(owner.client, answerPath(a, key), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = ((await res.json()) as { error: { code: string; fields: object } }).error;
      expect(err.code).toBe('assessments.invalid_answer');
      expect(Object.keys(err.fields)).toEqual([field]);
    }
    const outside = await put(owner.client, answerPath(a, 'Q1'), { value: 'yes' });
    expect(outside.status).toBe(404);
    expect(await errorCode(outside)).toBe('assessments.question_not_found');
    const huge = await put(owner.client, answerPath(a, 'Q5'), {
      value: 'yes',
      note: 'x'.repeat(5001),
    });
    expect(huge.status).toBe(400);
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(assessmentAnswers)
      .where(eq(assessmentAnswers.assessmentId, a.id))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('applies a replayed write once and never lets an older write replace a newer answer', async () => {
    const a = await start();
    const key = randomUUID();
    const first = await ok<{ outcome: string }>(
      put(owner.client, answerPath(a, 'Q1'), { value: 'yes', idempotencyKey: key }),
    );
    const again = await ok<{ outcome: string; answer: { revision: number } }>(
      put(owner.client, answerPath(a, 'Q1'), { value: 'yes', idempotencyKey: key }),
    );
    expect([first.outcome, again.outcome]).toEqual(['applied', 'duplicate']);
    expect(again.answer.revision).toBe(1);

    const older = await ok<{ outcome: string; answer: { value: string } }>(
      put(owner.client, answerPath(a, 'Q1'), {
        value: 'no',
        answeredAt: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    expect(older.outcome).toBe('superseded');
    expect(older.answer.value).toBe('yes');
    const history = AnswerHistorySchema.parse(
      await ok(owner.client.get(`${answerPath(a, 'Q1')}/history`)),
    );
    expect(history.current?.value).toBe('yes');
    expect(history.entries.map((e) => e.value)).toEqual(['no']);

    const newer = await ok<{ outcome: string; progress: { answered: number } }>(
      put(owner.client, answerPath(a, 'Q1'), { value: 'partial', note: 'half done' }),
    );
    expect(newer.outcome).toBe('applied');
    const cleared = await ok<{ answer: null; progress: { answered: number } }>(
      put(owner.client, answerPath(a, 'Q1'), { value: null }),
    );
    expect(cleared.answer).toBeNull();
    expect(cleared.progress.answered).toBe(0);
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(answerHistory)
      .where(and(eq(answerHistory.assessmentId, a.id), eq(answerHistory.questionKey, 'Q1')))) as [
      { n: number },
    ];
    expect(n).toBe(3);
  });

  it('refuses a write based on an older revision with 409 and the answer as it is now', async () => {
    const ana = await addMember(t, owner, 'member', 'ana');
    const a = await start();
    const read = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
    expect(read.answers.find((x) => x.questionKey === 'Q1')).toBeUndefined();
    // Both start from "no answer" (revision 0): Ana saves first, the owner's save is stale.
    const first = await ok<{ answer: { revision: number } }>(
      put(ana.client, answerPath(a, 'Q1'), { value: 'yes', baseRevision: 0 }),
    );
    expect(first.answer.revision).toBe(1);
    const stale = await put(owner.client, answerPath(a, 'Q1'), {
      value: 'partial',
      baseRevision: 0,
    });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as {
      error: {
        code: string;
        details: {
          current: {
            value: string;
            revision: number;
            answeredBy: { name: string };
            answeredAt: string;
          };
        };
      };
    };
    expect(body.error.code).toBe('assessments.answer_conflict');
    expect(body.error.details.current).toMatchObject({ value: 'yes', revision: 1 });
    expect(body.error.details.current.answeredBy.name).toBe('New member');
    expect(Date.parse(body.error.details.current.answeredAt)).toBeGreaterThan(0);
    // Nothing was written: still Ana's answer, no history entry.
    let detail = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
    expect(detail.answers.find((x) => x.questionKey === 'Q1')?.value).toBe('yes');

    // "Keep mine": the same write based on what is there now; If-Match works as the body does.
    const kept = await ok<{ outcome: string; answer: { revision: number } }>(
      put(owner.client, answerPath(a, 'Q1'), { value: 'partial' }, { 'if-match': '"1"' }),
    );
    expect(kept).toMatchObject({ outcome: 'applied', answer: { revision: 2 } });
    expect(
      (await put(owner.client, answerPath(a, 'Q1'), { value: 'no' }, { 'if-match': '"1"' })).status,
    ).toBe(409);
    expect(
      (
        await put(
          owner.client,
          answerPath(a, 'Q1'),
          { value: 'no', baseRevision: 2 },
          { 'if-match': '"1"' },
        )
      ).status,
    ).toBe(400);
    // Saving what is already there is no conflict, whatever the base.
    expect(
      (await put(ana.client, answerPath(a, 'Q1'), { value: 'partial', baseRevision: 1 })).status,
    ).toBe(200);

    // A clear and a new answer continue the revisions: a base from before the clear is stale.
    const cleared = await ok<{ answer: null }>(
      put(owner.client, answerPath(a, 'Q1'), { value: null, baseRevision: 3 }),
    );
    expect(cleared.answer).toBeNull();
    const again = await ok<{ answer: { revision: number } }>(
      put(ana.client, answerPath(a, 'Q1'), { value: 'yes', baseRevision: 0 }),
    );
    expect(again.answer.revision).toBeGreaterThan(3);
    const afterClear = await put(owner.client, answerPath(a, 'Q1'), {
      value: 'no',
      baseRevision: 3,
    });
    expect(afterClear.status).toBe(409);
    // A retry of an applied write (its response was lost) is a duplicate, not a conflict.
    const key = randomUUID();
    const rev = again.answer.revision;
    await ok(
      put(owner.client, answerPath(a, 'Q1'), {
        value: 'no',
        baseRevision: rev,
        idempotencyKey: key,
      }),
    );
    const retry = await ok<{ outcome: string }>(
      put(owner.client, answerPath(a, 'Q1'), {
        value: 'no',
        baseRevision: rev,
        idempotencyKey: key,
      }),
    );
    expect(retry.outcome).toBe('duplicate');
    detail = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
    expect(detail.answers.find((x) => x.questionKey === 'Q1')?.value).toBe('no');
  });

  it('keeps every answer of many people saving at once, the latest per question winning', async () => {
    const a = await start();
    const t0 = Date.now() - 10_000;
    const values: Record<string, unknown[]> = {
      Q1: ['no', 'partial', 'yes', 'no'],
      Q2: [1, 2, 3, 4],
      Q3: ['a', 'b', 'c', 'd'],
      Q4: ['low', 'high', 'low', 'high'],
      Q5: ['yes', 'no', 'partial', 'yes'],
      Q6: [5, 10, 15, 20],
    };
    const writes = Object.entries(values).flatMap(([key, list]) =>
      list.map((value, i) => ({ key, value, answeredAt: new Date(t0 + i * 1000).toISOString() })),
    );
    writes.sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      writes.map((w) =>
        put(owner.client, answerPath(a, w.key), { value: w.value, answeredAt: w.answeredAt }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(writes.map(() => 200));
    await scoreRollupsFor(t.database.db).idle();
    const detail = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
    for (const [key, list] of Object.entries(values)) {
      expect(detail.answers.find((x) => x.questionKey === key)?.value, key).toEqual(list.at(-1));
    }
    expect(detail.answered).toBe(6);
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(answerHistory)
      .where(eq(answerHistory.assessmentId, a.id))) as [{ n: number }];
    expect(n).toBe(writes.length - 6);
  });

  it('keeps exact scores when many answer one assessment at once, and rolls up what a stopped process left', async () => {
    const a = await start();
    const keys = ['Q1', 'Q2', 'Q4', 'Q5', 'Q6'];
    const pick = (k: string, i: number): unknown =>
      ({
        Q1: ['yes', 'no', 'partial'],
        Q2: [0, 3, 5],
        Q4: ['low', 'high'],
        Q5: ['no', 'yes'],
        Q6: [5, 15, 25],
      })[k]![i % (k === 'Q4' || k === 'Q5' ? 2 : 3)];
    const writes = Array.from({ length: 40 }, (_, i) => ({
      key: keys[i % keys.length]!,
      value: pick(keys[i % keys.length]!, i),
    }));
    const results = await Promise.all(
      writes.map((w) => put(owner.client, answerPath(a, w.key), { value: w.value })),
    );
    expect(results.map((r) => r.status)).toEqual(writes.map(() => 200));
    await scoreRollupsFor(t.database.db).idle();
    const exact = async () => {
      const d = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
      const input: Record<string, ScoredAnswer> = {};
      for (const x of d.answers) input[x.questionKey] = x.na ? { na: true } : { value: x.value };
      const r = scoreDocument(d.document, input, { targets: d.targets });
      return { d, r };
    };
    let { d, r } = await exact();
    expect(d.progress.answered).toBe(5);
    expect(d.progress.score).toBeCloseTo(r.overall!, 12);
    expect(d.progress.gaps).toEqual(r.gaps);
    expect(d.status).toBe('in_progress');
    const due = () =>
      t.database.db
        .select({ n: count() })
        .from(scoreRollupsDue)
        .where(eq(scoreRollupsDue.assessmentId, a.id));
    expect((await due())[0]!.n).toBe(0);

    // A process stopped between an answer and its roll-up: the answer is stored, its roll-up is
    // due; any process's sweep rolls it up. (The other value than the one the concurrent writes
    // left, whichever of them landed last.)
    const flipped = d.answers.find((x) => x.questionKey === 'Q5')?.value === 'yes' ? 'no' : 'yes';
    await t.database.db
      .update(assessmentAnswers)
      .set({ value: flipped, score: flipped === 'yes' ? 1 : 0 })
      .where(
        and(eq(assessmentAnswers.assessmentId, a.id), eq(assessmentAnswers.questionKey, 'Q5')),
      );
    await t.database.db
      .insert(scoreRollupsDue)
      .values({ assessmentId: a.id, accountId: owner.tid, tenantId });
    const stale = (await exact()).d.progress.score;
    expect(await sweepDueRollups(t.database.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    await scoreRollupsFor(t.database.db).idle();
    ({ d, r } = await exact());
    expect(d.progress.score).not.toBe(stale);
    expect(d.progress.score).toBeCloseTo(r.overall!, 12);
    expect((await due())[0]!.n).toBe(0);
  });

  it('locks answers when completed, until reopened; refuses moves its status does not allow', async () => {
    const a = await start();
    const complete = await owner.client.post(`${base()}/${a.id}/complete`, {});
    expect(complete.status).toBe(409);
    expect(await errorCode(complete)).toBe('assessments.invalid_transition');
    await ok(owner.client.post(`${base()}/${a.id}/start`, {}));
    await ok(put(owner.client, answerPath(a, 'Q1'), { value: 'yes' }));
    const done = await ok<AssessmentDetail>(owner.client.post(`${base()}/${a.id}/complete`, {}));
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();
    // Completed: the scores are final; reopened, provisional again (and so in the list).
    expect([done.provisional, done.progress.provisional]).toEqual([false, false]);
    const locked = await put(owner.client, answerPath(a, 'Q1'), { value: 'no' });
    expect(locked.status).toBe(409);
    expect(await errorCode(locked)).toBe('assessments.locked');
    const reopened = await ok<AssessmentDetail>(owner.client.post(`${base()}/${a.id}/reopen`, {}));
    expect(reopened.status).toBe('reopened');
    expect([reopened.provisional, reopened.progress.provisional]).toEqual([true, true]);
    const listed = await ok<{ items: Array<{ id: string; provisional: boolean }> }>(
      owner.client.get(base()),
    );
    expect(listed.items.find((x) => x.id === a.id)?.provisional).toBe(true);
    await ok(put(owner.client, answerPath(a, 'Q1'), { value: 'no' }));
    const again = await ok<AssessmentDetail>(owner.client.post(`${base()}/${a.id}/complete`, {}));
    expect(again.statusHistory.map((s) => s.status)).toEqual([
      'draft',
      'in_progress',
      'completed',
      'reopened',
      'completed',
    ]);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, a.id));
    expect(actions.map((r) => r.action).sort()).toEqual([
      'assessments.completed',
      'assessments.completed',
      'assessments.created',
      'assessments.reopened',
      'assessments.started',
    ]);
  });

  it('changes details and targets (gaps follow), and deletes for owners and admins only', async () => {
    const a = await start();
    await ok(put(owner.client, answerPath(a, 'Q1'), { value: 'yes' }));
    const changed = await ok<AssessmentDetail>(
      owner.client.request(`${base()}/${a.id}`, {
        method: 'PATCH',
        json: { name: 'Renamed', targets: { B: 0.9 }, dueDate: null },
      }),
    );
    expect(changed).toMatchObject({ name: 'Renamed', targets: { A: 0.8, B: 0.9 }, dueDate: null });
    const member = await addMember(t, owner, 'member');
    const refused = await member.client.request(`${base()}/${a.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    const gone = await owner.client.request(`${base()}/${a.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect((await owner.client.get(`${base()}/${a.id}`)).status).toBe(404);
  });
});

describe('what the tenant keeps of its assessments', () => {
  it('keeps the latest completed score, its gaps and the open count on every change', async () => {
    const tid = await addTenant(t, owner.tid, 'Rollup Ltd');
    const summary = async () => {
      const page = (await ok(owner.client.get('/api/v1/tenants?q=rollup'))) as {
        tenants: Array<{ id: string; latest: unknown; openAssessments: number }>;
      };
      return page.tenants.find((x) => x.id === tid)!;
    };
    expect(await summary()).toMatchObject({ latest: null, openAssessments: 0 });
    const a = await start(owner.client, {}, tid);
    expect(await summary()).toMatchObject({ latest: null, openAssessments: 1 });
    for (const [key, answer] of Object.entries(WORKED_EXAMPLE_ANSWERS)) {
      await ok(put(owner.client, answerPath(a, key, tid), answer));
    }
    await ok(owner.client.post(`${base(tid)}/${a.id}/complete`, {}));
    const done = (await summary()) as unknown as {
      latest: { assessmentId: string; score: number; gaps: number; completedAt: string };
      openAssessments: number;
    };
    expect(done.openAssessments).toBe(0);
    expect(done.latest.assessmentId).toBe(a.id);
    expect(done.latest.score).toBeCloseTo(1.475 / 3, 10);
    expect(done.latest.gaps).toBe(3);
    await ok(owner.client.post(`${base(tid)}/${a.id}/reopen`, {}));
    expect(await summary()).toMatchObject({ latest: null, openAssessments: 1 });
    expect((await owner.client.request(`${base(tid)}/${a.id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect(await summary()).toMatchObject({ latest: null, openAssessments: 0 });
  });
});

describe('exports', () => {
  it('gives the answers as a spreadsheet-safe CSV file, one row per question', async () => {
    const a = await start(owner.client, { name: 'Acme – Q4 review' });
    for (const [key, answer] of Object.entries(WORKED_EXAMPLE_ANSWERS)) {
      await ok(put(owner.client, answerPath(a, key), answer));
    }
    await ok(
      put(owner.client, answerPath(a, 'Q1'), {
        value: 'yes',
        note: '=HYPERLINK("http://evil.example","x"), then more',
      }),
    );
    const res = await owner.client.get(`${base()}/${a.id}/answers.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Acme-Q4-review-answers.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte-order mark
    const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Section,Section title,Question,Question title,Type,Answer,Not applicable,Score (%),Gap,Note,Answered by,Answered at',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(
      /^A,Section A,Q1,Is it done\?,Yes \/ partial \/ no,Yes,no,100,no,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\), then more",Olivia Owner,20\d\d-/,
    );
    expect(lines[2]).toContain('Q2,How mature?,Maturity 0–5,2 – ');
    expect(lines[2]).toContain(',40,yes,');
    expect(lines[4]).toContain('Q4,Which one?,Single choice,Low,no,25,yes');
    expect(lines[5]).toContain('Q5,Applies?,Yes / partial / no,,yes,,no');
    expect(lines[6]).toContain('Q6,How many?,Number with thresholds,15 days,no,50,yes');
  });
});

describe('isolation', () => {
  it('answers 404 to another account on every route and changes nothing', async () => {
    const a = await start();
    await ok(put(owner.client, answerPath(a, 'Q1'), { value: 'yes' }));
    const before = await t.database.db.select().from(assessments).where(eq(assessments.id, a.id));
    const c = stranger.client;
    const attempts = [
      c.get(base()),
      c.get(`${base()}/${a.id}`),
      put(c, answerPath(a, 'Q1'), { value: 'no' }),
      c.post(`${base()}/${a.id}/complete`, {}),
      c.request(`${base()}/${a.id}`, { method: 'PATCH', json: { name: 'x' } }),
      c.request(`${base()}/${a.id}`, { method: 'DELETE' }),
      c.post(`${base()}/${a.id}/respondents`, { name: 'x', email: 'x@example.com' }),
      c.get(`${answerPath(a, 'Q1')}/history`),
      c.get(`/api/v1/tenants/${tenantId}/live`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    // Their own tenant id with our assessment id: still not found.
    const theirs = await addTenant(t, stranger.tid, 'Theirs too');
    const cross = await c.get(`${base(theirs)}/${a.id}`);
    expect(cross.status).toBe(404);
    expect(await errorCode(cross)).toBe('assessments.not_found');
    const crossPut = await put(c, answerPath(a, 'Q1', theirs), { value: 'no' });
    expect(crossPut.status).toBe(404);
    const after = await t.database.db.select().from(assessments).where(eq(assessments.id, a.id));
    expect(after).toEqual(before);
  });

  it('lets a shared contributor answer and a shared viewer only read', async () => {
    const a = await start();
    const sharedTenant = tenantId;
    const contributor = await sharedUser(t, owner, sharedTenant, 'contributor');
    const viewer = await sharedUser(t, owner, sharedTenant, 'viewer');
    const wrote = await ok<{ answer: { answeredBy: { source: string } } }>(
      put(contributor, answerPath(a, 'Q2'), { value: 3 }),
    );
    expect(wrote.answer.answeredBy.source).toBe('shared');
    const read = AssessmentDetailSchema.parse(await ok(viewer.get(`${base()}/${a.id}`)));
    expect(read.can).toEqual({ answer: false, manage: false, delete: false });
    expect((await put(viewer, answerPath(a, 'Q2'), { value: 1 })).status).toBe(403);
    expect((await viewer.post(`${base()}/${a.id}/complete`, {})).status).toBe(403);
    expect((await contributor.post(base(), { frameworkId, version: 1, name: 'x' })).status).toBe(
      403,
    );
  });
});

describe('respondents', () => {
  const respond = (token: string) => ({ 'x-respondent-token': token });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  let seq = 0;
  const write = (token: string, key: string, body: Record<string, unknown>) =>
    put(
      t.client(),
      `/api/v1/respond/answers/${key}`,
      {
        idempotencyKey: randomUUID(),
        seq: ++seq,
        answeredAt: new Date().toISOString(),
        ...body,
      },
      respond(token),
    );

  it('gives each respondent their own link, e-mailed, answering only their sections', async () => {
    const a = await start();
    const added = RespondentLinkSchema.parse(
      await ok(
        owner.client.post(`${base()}/${a.id}/respondents`, {
          name: 'Rita Respondent',
          email: 'Rita@Example.com',
          sections: ['B'],
        }),
        201,
      ),
    );
    expect(added.link).toMatch(
      new RegExp(`^http://localhost:3000/in-progress/${owner.tid}/${tenantId}\\?token=rsp_`),
    );
    expect(added).toMatchObject({
      emailed: true,
      respondent: { email: 'rita@example.com', status: 'invited', total: 3, answered: 0 },
    });
    const [mail] = await t.mailTo('rita@example.com');
    expect(mail?.text).toContain(added.link);
    const token = tokenOf(added.link);
    const [row] = await t.database.db
      .select()
      .from(respondents)
      .where(eq(respondents.id, added.respondent.id));
    expect(row!.tokenHash).not.toContain(token);

    const session = RespondentSessionSchema.parse(
      await ok(t.client().get('/api/v1/respond', { headers: respond(token) })),
    );
    expect(session).toMatchObject({
      accountId: owner.tid,
      tenantId,
      tenantName: 'Acme',
      respondent: { name: 'Rita Respondent', submittedAt: null },
      lastSeq: 0,
    });
    expect(session.document.sections.map((s) => s.key)).toEqual(['B']);

    const w = RespondentWriteResultSchema.parse(await ok(write(token, 'Q4', { value: 'high' })));
    expect(w).toMatchObject({ outcome: 'applied', answered: 1, total: 3, answer: { mine: true } });
    const outside = await write(token, 'Q1', { value: 'yes' });
    expect(outside.status).toBe(404);
    const detail = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
    expect(detail.answers[0]).toMatchObject({
      questionKey: 'Q4',
      answeredBy: { source: 'respondent', name: 'Rita Respondent' },
    });
    expect(detail.lastAnswer?.source).toBe('respondent');
    const list = RespondentListSchema.parse(
      await ok(owner.client.get(`${base()}/${a.id}/respondents`)),
    );
    expect(list.items[0]).toMatchObject({ status: 'answering', answered: 1 });

    // Resuming elsewhere: the same link shows the answers and the last sequence number.
    const again = RespondentSessionSchema.parse(
      await ok(t.client().get('/api/v1/respond', { headers: respond(token) })),
    );
    expect(again.answers).toMatchObject([{ questionKey: 'Q4', value: 'high', mine: true }]);
    // The refused write (outside the sections) did not count.
    expect(again.lastSeq).toBe(seq - 1);
  });

  it('orders a respondent’s writes by time and sequence, and applies a replay once', async () => {
    const a = await start();
    const { link } = await ok<{ link: string }>(
      owner.client.post(`${base()}/${a.id}/respondents`, { name: 'Ray', email: 'ray@example.com' }),
      201,
    );
    const token = tokenOf(link);
    const at = new Date().toISOString();
    const key = randomUUID();
    const body = (value: string, s: number, k = randomUUID()) => ({
      value,
      seq: s,
      idempotencyKey: k,
      answeredAt: at,
    });
    const h = respond(token);
    const p = `/api/v1/respond/answers/Q1`;
    const second = await ok<{ outcome: string }>(put(t.client(), p, body('no', 2, key), h));
    const first = await ok<{ outcome: string }>(put(t.client(), p, body('yes', 1), h));
    const replay = await ok<{ outcome: string }>(put(t.client(), p, body('no', 2, key), h));
    expect([second.outcome, first.outcome, replay.outcome]).toEqual([
      'applied',
      'superseded',
      'duplicate',
    ]);
    const [row] = await t.database.db
      .select()
      .from(assessmentAnswers)
      .where(
        and(eq(assessmentAnswers.assessmentId, a.id), eq(assessmentAnswers.questionKey, 'Q1')),
      );
    expect(row).toMatchObject({ value: 'no', seq: 2, revision: 1 });
  });

  it('starts a respondent’s next answer from the state their last one left, and checks it still holds', async () => {
    // After a write this process keeps the assessment's state for the respondent's next one,
    // which then runs as one statement: it must keep the history, number revisions, leave a
    // newer answer alone, see other people's answers and refuse a link revoked, expired or
    // replaced in between.
    const a = await start();
    const added = await ok<{ link: string; respondent: { id: string } }>(
      owner.client.post(`${base()}/${a.id}/respondents`, {
        name: 'Remy',
        email: 'remy@example.com',
      }),
      201,
    );
    const token = tokenOf(added.link);
    await ok(write(token, 'Q1', { value: 'yes' }));
    const second = RespondentWriteResultSchema.parse(await ok(write(token, 'Q1', { value: 'no' })));
    expect(second).toMatchObject({ outcome: 'applied', answer: { value: 'no' }, answered: 1 });
    const history = AnswerHistorySchema.parse(
      await ok(owner.client.get(`${answerPath(a, 'Q1')}/history`)),
    );
    expect([history.current?.value, history.current?.revision]).toEqual(['no', 2]);
    expect(history.entries.map((e) => e.value)).toEqual(['yes']);

    // Someone else answers meanwhile: the state kept is stale, so the write leaves the scores
    // to a roll-up (score-rollup.ts), which counts both answers.
    await ok(put(owner.client, answerPath(a, 'Q2'), { value: 4 }));
    const third = RespondentWriteResultSchema.parse(await ok(write(token, 'Q5', { value: 'no' })));
    expect(third).toMatchObject({ outcome: 'applied' });
    await scoreRollupsFor(t.database.db).idle();
    const counted = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
    expect(counted.progress.answered).toBe(3);

    // A newer answer by someone else is not overwritten by an older write of the respondent.
    const before = new Date(Date.now() - 60_000).toISOString();
    await ok(put(owner.client, answerPath(a, 'Q5'), { value: 'yes' }));
    await ok(write(token, 'Q6', { value: 2 })); // keeps a fresh state again
    const late = RespondentWriteResultSchema.parse(
      await ok(write(token, 'Q5', { value: 'partial', answeredAt: before })),
    );
    expect(late.outcome).toBe('superseded');
    const q5 = AnswerHistorySchema.parse(
      await ok(owner.client.get(`${answerPath(a, 'Q5')}/history`)),
    );
    expect(q5.current?.value).toBe('yes');

    // The link is revoked after a write: the next one is refused, nothing stored.
    await ok(owner.client.post(`${base()}/${a.id}/respondents/${added.respondent.id}/revoke`, {}));
    const refused = await write(token, 'Q1', { value: 'partial' });
    expect([refused.status, await errorCode(refused)]).toEqual([401, 'respondent.link_revoked']);
    // Sent again: the old link stays refused even right after a write with the new one.
    const resent = await ok<{ link: string }>(
      owner.client.post(`${base()}/${a.id}/respondents/${added.respondent.id}/resend`, {}),
    );
    await ok(write(tokenOf(resent.link), 'Q1', { value: 'partial' }));
    const old = await write(token, 'Q1', { value: 'yes' });
    expect(old.status).toBe(401);
    // Expired after a write with the new link.
    await t.database.db
      .update(respondents)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(respondents.id, added.respondent.id));
    const expired = await write(tokenOf(resent.link), 'Q1', { value: 'yes' });
    expect([expired.status, await errorCode(expired)]).toEqual([401, 'respondent.link_expired']);
    const final = AnswerHistorySchema.parse(
      await ok(owner.client.get(`${answerPath(a, 'Q1')}/history`)),
    );
    expect([final.current?.value, final.current?.revision]).toEqual(['partial', 3]);
  });

  it('refuses an expired, revoked, replaced or unknown link with its own reason', async () => {
    const a = await start();
    const add = (email: string) =>
      ok<{ link: string; respondent: { id: string } }>(
        owner.client.post(`${base()}/${a.id}/respondents`, { name: 'X', email }),
        201,
      );
    const session = (token: string) =>
      t.client().get('/api/v1/respond', { headers: respond(token) });

    const expired = await add('exp@example.com');
    await t.database.db
      .update(respondents)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(respondents.id, expired.respondent.id));
    const e = await session(tokenOf(expired.link));
    expect([e.status, await errorCode(e)]).toEqual([401, 'respondent.link_expired']);

    const revoked = await add('rev@example.com');
    await ok(
      owner.client.post(`${base()}/${a.id}/respondents/${revoked.respondent.id}/revoke`, {}),
    );
    const r = await session(tokenOf(revoked.link));
    expect([r.status, await errorCode(r)]).toEqual([401, 'respondent.link_revoked']);
    const w = await write(tokenOf(revoked.link), 'Q1', { value: 'yes' });
    expect(w.status).toBe(401);

    const resent = await ok<{ link: string }>(
      owner.client.post(`${base()}/${a.id}/respondents/${revoked.respondent.id}/resend`, {}),
    );
    const old = await session(tokenOf(revoked.link));
    expect([old.status, await errorCode(old)]).toEqual([401, 'respondent.link_invalid']);
    expect((await session(tokenOf(resent.link))).status).toBe(200);

    for (const bad of ['', 'short', `rsp_${'x'.repeat(43)}`]) {
      const res = await session(bad);
      expect([res.status, await errorCode(res)]).toEqual([401, 'respondent.link_invalid']);
    }
    const noHeader = await t.client().get('/api/v1/respond');
    expect(noHeader.status).toBe(401);
  });

  it('“Submit my part” makes the answers final and shows the assessor who has finished', async () => {
    const a = await start();
    const { link } = await ok<{ link: string }>(
      owner.client.post(`${base()}/${a.id}/respondents`, { name: 'Sue', email: 'sue@example.com' }),
      201,
    );
    const token = tokenOf(link);
    await ok(write(token, 'Q1', { value: 'yes' }));
    const submitted = RespondentSessionSchema.parse(
      await ok(t.client().post('/api/v1/respond/submit', {}, { headers: respond(token) })),
    );
    expect(submitted.respondent.submittedAt).not.toBeNull();
    const late = await write(token, 'Q2', { value: 1 });
    expect([late.status, await errorCode(late)]).toEqual([409, 'respondent.submitted']);
    const detail = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
    expect(detail.respondents).toEqual({ total: 1, submitted: 1 });
    // Again is a no-op.
    await ok(t.client().post('/api/v1/respond/submit', {}, { headers: respond(token) }));
    const again = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${a.id}`)));
    expect(again.respondents.submitted).toBe(1);
  });

  it('cannot reach another assessment with a token, nor write once the assessment is completed', async () => {
    const a = await start();
    const other = await start();
    const { link } = await ok<{ link: string }>(
      owner.client.post(`${base()}/${a.id}/respondents`, { name: 'Una', email: 'una@example.com' }),
      201,
    );
    const token = tokenOf(link);
    await ok(write(token, 'Q1', { value: 'yes' }));
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(assessmentAnswers)
      .where(eq(assessmentAnswers.assessmentId, other.id))) as [{ n: number }];
    expect(n).toBe(0);
    // The token is no session: the member routes do not take it.
    const viaMemberRoute = await t
      .client()
      .get(`${base()}/${other.id}`, { headers: respond(token) });
    expect(viaMemberRoute.status).toBe(401);
    await ok(owner.client.post(`${base()}/${a.id}/complete`, {}));
    const locked = await write(token, 'Q2', { value: 2 });
    expect([locked.status, await errorCode(locked)]).toEqual([409, 'assessments.locked']);
  });
});

describe('live progress', () => {
  it('streams ids of what changed, coalesced, and replays after Last-Event-ID', async () => {
    const a = await start();
    const controller = new AbortController();
    const res = await owner.client.get(`/api/v1/tenants/${tenantId}/live`, {
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += decoder.decode(value);
      }
    };
    const writes = ['Q1', 'Q2', 'Q4', 'Q5', 'Q6'];
    const values: Record<string, unknown> = { Q1: 'yes', Q2: 4, Q4: 'low', Q5: 'no', Q6: 3 };
    for (const key of writes)
      await ok(put(owner.client, answerPath(a, key), { value: values[key] }));
    await readUntil(/event: assessment\ndata: .*\nid: \d+\n\n/);
    // The first change goes out at once; the rest are gathered (one per 250 ms window).
    await new Promise((r) => setTimeout(r, 600));
    // Everything that arrives until the stream has been quiet for 300 ms.
    for (;;) {
      const more = await Promise.race([
        reader.read().then((r) => decoder.decode(r.value)),
        new Promise<string>((r) => setTimeout(() => r(''), 300)),
      ]);
      if (!more) break;
      text += more;
    }
    const events = [...text.matchAll(/data: (.*)\nid: (\d+)\n/g)];
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.length).toBeLessThan(writes.length);
    for (const e of events) {
      expect(JSON.parse(e[1]!)).toEqual({ assessmentId: a.id, kinds: ['answer'] });
    }
    controller.abort();
    await reader.cancel().catch(() => {});

    // Reconnecting with the last id seen replays what came after it.
    const lastId = events.at(-1)![2]!;
    await ok(owner.client.post(`${base()}/${a.id}/complete`, {}));
    const again = await owner.client.get(`/api/v1/tenants/${tenantId}/live`, {
      headers: { 'last-event-id': lastId },
    });
    const r2 = again.body!.getReader();
    let text2 = '';
    while (!/"status"/.test(text2)) text2 += decoder.decode((await r2.read()).value);
    expect(text2).toContain(`"assessmentId":"${a.id}","kinds":["status"]`);
    await r2.cancel().catch(() => {});
  });

  it('delivers notices of different assessments that arrive out of id order', async () => {
    // Each process announces its own answers after commit, so a newer id of one assessment can
    // arrive before an older id of another: both must reach the stream.
    const [a, b] = [await start(), await start()];
    const res = await owner.client.get(`/api/v1/tenants/${tenantId}/live`);
    const reader = res.body!.getReader();
    await reader.read(); // retry: …
    const notify = (id: number, assessmentId: string) =>
      t.database.db.execute(
        sql`select pg_notify('tenantry_live', ${JSON.stringify({ i: id, t: tenantId, a: assessmentId, k: 'answer' })})`,
      );
    const base = Date.now() * 10; // after every id the stream started from
    await notify(base + 2, b.id);
    await notify(base + 1, a.id);
    await notify(base + 2, b.id); // the same event twice: taken once
    let text = '';
    const decoder = new TextDecoder();
    while ((text.match(/kinds/g) ?? []).length < 2)
      text += decoder.decode((await reader.read()).value);
    expect(text).toContain(`"assessmentId":"${b.id}"`);
    expect(text).toContain(`"assessmentId":"${a.id}"`);
    await reader.cancel().catch(() => {});
  });

  it('reaches a stream on another server process through PostgreSQL (LISTEN/NOTIFY)', async (ctx) => {
    const second = await openSecondHandle(t.database);
    if (!second) return ctx.skip(); // PGlite: one process owns the database
    const other = await setupTestApp({ database: second });
    try {
      const a = await start();
      // The owner's session cookie works on the other process: sessions live in the database.
      const browser = other.client();
      for (const [k, v] of owner.client.cookies) browser.cookies.set(k, v);
      const res = await browser.get(`/api/v1/tenants/${tenantId}/live`);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read(); // retry: …
      const startedAt = performance.now();
      await ok(put(owner.client, answerPath(a, 'Q1'), { value: 'yes' }));
      let text = '';
      const decoder = new TextDecoder();
      while (!/kinds/.test(text)) text += decoder.decode((await reader.read()).value);
      expect(text).toContain(`"assessmentId":"${a.id}"`);
      expect(performance.now() - startedAt).toBeLessThan(timeLimit(5000));
      await reader.cancel().catch(() => {});
    } finally {
      await other.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import {
  AssessmentDetailSchema,
  RespondentLinkSchema,
  RespondentSessionSchema,
  SectionConfirmResultSchema,
  type AssessmentDetail,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerHistory,
  assessmentAnswers,
  assessmentCarriedAnswers,
  liveEvents,
  respondents,
} from '../../../db/schema/index.ts';
import { BaselineComparisonSchema } from '@tenantry/shared';
import { setupTestApp, type TestApp } from '../../../test/app.ts';
import { loadReportData } from '../../reports/reports.data.ts';
import { reassessed } from '../../../test/carried.ts';
import { assessed, ownerWithFramework } from '../../../test/data.ts';
import { WORKED_EXAMPLE_ANSWERS } from '../../../test/frameworks.ts';
import { expectStatus, ok } from '../../../test/http.ts';
import { errorCode, sharedUser, signUpPerson, type Person } from '../../../test/people.ts';

let t: TestApp;
let owner: Person;
let tenantId: string;
let frameworkId: string;
let previous: AssessmentDetail;

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t));
  previous = await assessed(
    { ...WORKED_EXAMPLE_ANSWERS, Q3: { value: 'Answered in prose', note: 'See the wiki' } },
    { client: owner.client, tenantId, frameworkId, name: 'Q1 review' },
  );
});
afterAll(async () => {
  await t?.close();
});

const base = () => `/api/v1/tenants/${tenantId}/assessments`;
const detail = async (id: string) =>
  AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${id}`)));
const confirm = (id: string, section: string, key: string = randomUUID(), client = owner.client) =>
  client.post(`${base()}/${id}/sections/${section}/confirm`, { idempotencyKey: key });
const stateOf = (a: AssessmentDetail, key: string) =>
  a.carried.answers.find((c) => c.questionKey === key)?.state;
const answerRows = (id: string) =>
  t.database.db.select().from(assessmentAnswers).where(eq(assessmentAnswers.assessmentId, id));

describe('reading carried answers', () => {
  it('shows each carried answer to confirm; carried answers count nowhere', async () => {
    const next = await reassessed(t, owner.client, previous);
    expect(next.carried.previousAssessmentId).toBe(previous.id);
    expect(next.carried.counts).toEqual({ toConfirm: 6, confirmed: 0, changed: 0 });
    expect(next.carried.sections).toEqual({
      A: { toConfirm: 3, confirmed: 0, changed: 0 },
      B: { toConfirm: 3, confirmed: 0, changed: 0 },
    });
    expect(next.carried.answers.find((c) => c.questionKey === 'Q3')).toMatchObject({
      value: 'Answered in prose',
      na: false,
      note: 'See the wiki',
      answeredBy: 'Olivia Owner',
      fromAssessmentId: previous.id,
      state: 'to_confirm',
    });
    expect(next.carried.answers.find((c) => c.questionKey === 'Q5')).toMatchObject({
      value: null,
      na: true,
    });
    // A proposal, not an answer: nothing is answered, no score, completion 0.
    expect(next).toMatchObject({ answered: 0, total: 6, score: null, completion: 0 });
    expect(next.answers).toEqual([]);
  });

  it('an assessment started from scratch carries nothing', async () => {
    expect(previous.carried).toEqual({
      previousAssessmentId: null,
      answers: [],
      counts: { toConfirm: 0, confirmed: 0, changed: 0 },
      sections: {},
    });
  });
});

describe('confirming one answer ("Still true") and changing one', () => {
  it('is an answer through the write path: confirmed when it equals the carried one', async () => {
    const next = await reassessed(t, owner.client, previous);
    const still = await ok<{ outcome: string }>(
      owner.client.request(`${base()}/${next.id}/answers/Q2`, {
        method: 'PUT',
        json: { value: 2, baseRevision: 0 },
      }),
    );
    expect(still.outcome).toBe('applied');
    await ok(
      owner.client.request(`${base()}/${next.id}/answers/Q4`, {
        method: 'PUT',
        json: { value: 'high', baseRevision: 0 },
      }),
    );
    // The same value with another note is still "confirmed unchanged"; N/A is a change.
    await ok(
      owner.client.request(`${base()}/${next.id}/answers/Q3`, {
        method: 'PUT',
        json: { value: 'Answered in prose', note: 'Checked again' },
      }),
    );
    await ok(
      owner.client.request(`${base()}/${next.id}/answers/Q5`, {
        method: 'PUT',
        json: { value: 'no' },
      }),
    );
    const a = await detail(next.id);
    expect(stateOf(a, 'Q2')).toBe('confirmed');
    expect(stateOf(a, 'Q3')).toBe('confirmed');
    expect(stateOf(a, 'Q4')).toBe('changed');
    expect(stateOf(a, 'Q5')).toBe('changed');
    expect(stateOf(a, 'Q1')).toBe('to_confirm');
    expect(a.carried.counts).toEqual({ toConfirm: 2, confirmed: 2, changed: 2 });
    expect(a.carried.sections.B).toEqual({ toConfirm: 1, confirmed: 0, changed: 2 });
    // Completion counts confirmed (and changed) answers, not carried ones.
    expect(a).toMatchObject({ answered: 4, total: 6 });
  });
});

describe('"Nothing changed here" for a section', () => {
  it('confirms every unanswered carried answer under it, once', async () => {
    const next = await reassessed(t, owner.client, previous);
    await ok(
      owner.client.request(`${base()}/${next.id}/answers/Q6`, {
        method: 'PUT',
        json: { value: 30 },
      }),
    );
    const eventsBefore = await t.database.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.assessmentId, next.id));
    const key = randomUUID();
    const result = SectionConfirmResultSchema.parse(await ok(confirm(next.id, 'B', key)));
    expect(result).toMatchObject({
      outcome: 'applied',
      confirmed: ['Q4', 'Q5'],
      skipped: [],
      answered: 3,
      total: 6,
    });
    expect(result.carried.sections.B).toEqual({ toConfirm: 0, confirmed: 2, changed: 1 });
    const rows = await answerRows(next.id);
    const q5 = rows.find((r) => r.questionKey === 'Q5')!;
    expect(q5).toMatchObject({ na: true, value: null, revision: 1, source: 'member' });
    expect(q5.answeredByName).toBe('Olivia Owner');
    // One answer event per write, like any answer.
    const eventsAfter = await t.database.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.assessmentId, next.id));
    expect(eventsAfter.length).toBe(eventsBefore.length + 2);

    // A replay changes nothing and names what the request confirmed.
    const again = SectionConfirmResultSchema.parse(await ok(confirm(next.id, 'B', key)));
    expect(again).toMatchObject({ outcome: 'duplicate', confirmed: ['Q4', 'Q5'], skipped: [] });
    expect(await answerRows(next.id)).toEqual(rows);

    // Section A, then all six: the scores are last period's (SCORING.md: 49 %).
    const a = SectionConfirmResultSchema.parse(await ok(confirm(next.id, 'A')));
    expect(a.confirmed).toEqual(['Q1', 'Q2', 'Q3']);
    const done = await detail(next.id);
    expect(done.completion).toBe(1);
    expect(done.progress.sections.A!.score).toBeCloseTo(previous.progress.sections.A!.score!, 6);
    expect(done.carried.counts).toEqual({ toConfirm: 0, confirmed: 5, changed: 1 });
    expect(done.answers.find((x) => x.questionKey === 'Q3')?.note).toBe('See the wiki');
  });

  it('confirms nested sections’ questions, and nothing in a section without carried answers', async () => {
    const next = await reassessed(t, owner.client, previous);
    await t.database.db
      .delete(assessmentCarriedAnswers)
      .where(
        and(
          eq(assessmentCarriedAnswers.assessmentId, next.id),
          eq(assessmentCarriedAnswers.questionKey, 'Q4'),
        ),
      );
    const r = SectionConfirmResultSchema.parse(await ok(confirm(next.id, 'B')));
    expect(r.confirmed).toEqual(['Q5', 'Q6']);
    const none = SectionConfirmResultSchema.parse(await ok(confirm(next.id, 'B')));
    expect(none).toMatchObject({ outcome: 'applied', confirmed: [], skipped: [] });
    const rows = await answerRows(next.id);
    expect(rows.map((x) => x.questionKey).sort()).toEqual(['Q5', 'Q6']);
  });

  it('leaves a question someone answers meanwhile as they answered it', async () => {
    for (let round = 0; round < 4; round++) {
      const next = await reassessed(t, owner.client, previous);
      const [r, put] = await Promise.all([
        ok(confirm(next.id, 'A')).then((x) => SectionConfirmResultSchema.parse(x)),
        owner.client.request(`${base()}/${next.id}/answers/Q1`, {
          method: 'PUT',
          json: { value: 'no', baseRevision: 0 },
        }),
      ]);
      const q1 = (await answerRows(next.id)).find((x) => x.questionKey === 'Q1')!;
      const skipped = r.skipped.some((s) => s.questionKey === 'Q1' && s.reason === 'answered');
      // Exactly one of the two writes took the question: never a silent overwrite.
      if (put.status === 200) {
        // Answered before the request read it (left out), or while it ran (reported).
        expect(r.confirmed).not.toContain('Q1');
        expect(q1.value).toBe('no');
      } else {
        expect(put.status).toBe(409);
        expect(skipped).toBe(false);
        expect(r.confirmed).toContain('Q1');
        expect(q1.value).toBe('yes');
      }
      const history = await t.database.db
        .select()
        .from(answerHistory)
        .where(eq(answerHistory.assessmentId, next.id));
      expect(history).toEqual([]);
    }
  });

  it('reports a carried value that no longer fits its question, and writes nothing for it', async () => {
    const next = await reassessed(t, owner.client, previous);
    await t.database.db
      .update(assessmentCarriedAnswers)
      .set({ value: 'gone' })
      .where(
        and(
          eq(assessmentCarriedAnswers.assessmentId, next.id),
          eq(assessmentCarriedAnswers.questionKey, 'Q4'),
        ),
      );
    const r = SectionConfirmResultSchema.parse(await ok(confirm(next.id, 'B')));
    expect(r.confirmed).toEqual(['Q5', 'Q6']);
    expect(r.skipped).toEqual([{ questionKey: 'Q4', reason: 'invalid' }]);
    expect(r.carried.sections.B).toEqual({ toConfirm: 1, confirmed: 2, changed: 0 });
  });

  it('refuses what it cannot do', async () => {
    const next = await reassessed(t, owner.client, previous);
    expect(await errorCode(await confirm(next.id, 'nope'))).toBe('assessments.section_not_found');
    await expectStatus(confirm(next.id, 'B', 'short'), 400);
    await expectStatus(owner.client.post(`${base()}/${next.id}/sections/B/confirm`, {}), 400);
    expect(await errorCode(await confirm(randomUUID(), 'B'))).toBe('assessments.not_found');
    const viewer = await sharedUser(t, owner, tenantId, 'viewer');
    await expectStatus(confirm(next.id, 'B', randomUUID(), viewer), 403);
    const other = await signUpPerson(t, 'other', 'Otto Other');
    await expectStatus(confirm(next.id, 'B', randomUUID(), other.client), 404);
    expect(await answerRows(next.id)).toEqual([]);

    await ok(confirm(next.id, 'A'));
    await ok(confirm(next.id, 'B'));
    await ok(owner.client.post(`${base()}/${next.id}/complete`, {}));
    const locked = await confirm(next.id, 'B');
    expect(locked.status).toBe(409);
    expect(await errorCode(locked)).toBe('assessments.locked');
  });

  it('lets a shared contributor confirm, as themselves', async () => {
    const next = await reassessed(t, owner.client, previous);
    const contributor = await sharedUser(t, owner, tenantId, 'contributor');
    await ok(confirm(next.id, 'A', randomUUID(), contributor));
    const rows = await answerRows(next.id);
    expect(rows.map((r) => r.source)).toEqual(['shared', 'shared', 'shared']);
  });
});

describe('respondents', () => {
  const respond = (token: string) => ({ 'x-respondent-token': token });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  it('see only their sections’ carried answers and confirm a section in one request', async () => {
    const next = await reassessed(t, owner.client, previous);
    const added = RespondentLinkSchema.parse(
      await ok(
        owner.client.post(`${base()}/${next.id}/respondents`, {
          name: 'Rita Respondent',
          email: 'rita@example.com',
          sections: ['B'],
          sendEmail: false,
        }),
        201,
      ),
    );
    const token = tokenOf(added.link);
    const session = RespondentSessionSchema.parse(
      await ok(t.client().get('/api/v1/respond', { headers: respond(token) })),
    );
    expect(session.carried.answers.map((c) => c.questionKey)).toEqual(['Q4', 'Q5', 'Q6']);
    expect(session.carried.counts).toEqual({ toConfirm: 3, confirmed: 0, changed: 0 });
    expect(Object.keys(session.carried.sections)).toEqual(['B']);

    const post = (section: string, body: Record<string, unknown>) =>
      t.client().post(`/api/v1/respond/sections/${section}/confirm`, body, {
        headers: respond(token),
      });
    expect(await errorCode(await post('A', { idempotencyKey: randomUUID(), seq: 1 }))).toBe(
      'assessments.section_not_found',
    );
    await expectStatus(post('B', { idempotencyKey: randomUUID() }), 400);
    expect((await t.client().post('/api/v1/respond/sections/B/confirm', {})).status).toBe(401);

    const key = randomUUID();
    const r = SectionConfirmResultSchema.parse(
      await ok(post('B', { idempotencyKey: key, seq: 4 })),
    );
    expect(r).toMatchObject({
      outcome: 'applied',
      confirmed: ['Q4', 'Q5', 'Q6'],
      answered: 3,
      total: 3,
    });
    const again = SectionConfirmResultSchema.parse(
      await ok(post('B', { idempotencyKey: key, seq: 5 })),
    );
    expect(again.outcome).toBe('duplicate');
    const rows = await answerRows(next.id);
    expect(rows.map((x) => [x.questionKey, x.source, x.respondentId, x.seq])).toEqual(
      expect.arrayContaining([
        ['Q4', 'respondent', added.respondent.id, 4],
        ['Q5', 'respondent', added.respondent.id, 4],
        ['Q6', 'respondent', added.respondent.id, 4],
      ]),
    );
    const [me] = await t.database.db
      .select()
      .from(respondents)
      .where(eq(respondents.id, added.respondent.id));
    expect(me!.lastSeq).toBe(4);
    const after = RespondentSessionSchema.parse(
      await ok(t.client().get('/api/v1/respond', { headers: respond(token) })),
    );
    expect(after.carried.counts).toEqual({ toConfirm: 0, confirmed: 3, changed: 0 });

    await ok(t.client().post('/api/v1/respond/submit', {}, { headers: respond(token) }));
    expect(await errorCode(await post('B', { idempotencyKey: randomUUID(), seq: 6 }))).toBe(
      'respondent.submitted',
    );
  });
});

describe('the baseline view and the report', () => {
  it('say what changed since last period and what was confirmed unchanged', async () => {
    await ok(
      owner.client.request(`/api/v1/tenants/${tenantId}/baseline`, {
        method: 'PUT',
        json: { assessmentId: previous.id },
      }),
    );
    const next = await reassessed(t, owner.client, previous);
    await ok(confirm(next.id, 'B'));
    await ok(
      owner.client.request(`${base()}/${next.id}/answers/Q1`, {
        method: 'PUT',
        json: { value: 'no' },
      }),
    );
    const comparison = BaselineComparisonSchema.parse(
      await ok(owner.client.get(`/api/v1/tenants/${tenantId}/baseline?compare=${next.id}`)),
    );
    expect(comparison.sinceLastPeriod).toEqual({ toConfirm: 2, confirmed: 3, changed: 1 });
    const state = (k: string) => comparison.questions.find((q) => q.key === k)?.sinceLastPeriod;
    expect([state('Q1'), state('Q2'), state('Q4')]).toEqual(['changed', 'to_confirm', 'confirmed']);

    const report = await loadReportData(t.database.db, { accountId: owner.tid, tenantId }, next.id);
    expect(report.summary.sinceLastPeriod).toEqual({ toConfirm: 2, confirmed: 3, changed: 1 });
    const q1 = report.sections[0]!.questions.find((q) => q.key === 'Q1')!;
    expect(q1).toMatchObject({ sinceLastPeriod: 'changed', lastPeriodAnswer: 'Yes' });
  });
});

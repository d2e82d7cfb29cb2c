import { randomUUID } from 'node:crypto';
import {
  AssessmentDetailSchema,
  CarryForwardListSchema,
  CarryForwardPreviewSchema,
  CarryForwardRecordSchema,
  type AssessmentDetail,
  type FrameworkDocument,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentAnswers, assessments, auditLog } from '../../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../../test/app.ts';
import { WORKED_EXAMPLE_ANSWERS } from '../../../test/frameworks.ts';
import { assessed, ownerWithFramework } from '../../../test/data.ts';
import { ok } from '../../../test/http.ts';
import { errorCode, sharedUser, signUpPerson, type Person } from '../../../test/people.ts';

let t: TestApp;
let owner: Person;
let tenantId: string;
let frameworkId: string;

/**
 * Version 2 of the worked example: Q1 removed, Q2 reworded (its answer still fits), Q4's "low"
 * option replaced (an answer "low" no longer fits), Q6's bands changed, Q7 added; Q3 and Q5
 * unchanged.
 */
async function publishV2(): Promise<void> {
  const fw = await ok<{ draft: FrameworkDocument; draftRevision: number }>(
    owner.client.get(`/api/v1/content/frameworks/${frameworkId}`),
  );
  const doc = structuredClone(fw.draft);
  const a = doc.sections[0]!;
  const b = doc.sections[1]!;
  a.questions = a.questions.filter((q) => q.key !== 'Q1');
  a.questions[0]!.title = 'How mature is it, across every site?';
  const q4 = b.questions.find((q) => q.key === 'Q4') as {
    options: { key: string; label: string; score: number }[];
  };
  q4.options = [{ key: 'mid', label: 'Medium', score: 0.5 }, ...q4.options.slice(1)];
  const q6 = b.questions.find((q) => q.key === 'Q6') as { bands: { min: number; score: number }[] };
  q6.bands = [
    { min: 0, score: 0 },
    { min: 15, score: 1 },
  ];
  b.questions.push({
    key: 'Q7',
    title: 'Is there a backup?',
    type: 'yes_no',
    description: '',
    guidance: '',
    weight: 1,
    tags: [],
    naAllowed: false,
    playbooks: [],
  } as (typeof b.questions)[number]);
  await ok(
    owner.client.request(`/api/v1/content/frameworks/${frameworkId}/draft`, {
      method: 'PUT',
      json: { revision: fw.draftRevision, document: doc },
    }),
  );
  await ok(
    owner.client.post(`/api/v1/content/frameworks/${frameworkId}/publish`, {
      revision: fw.draftRevision + 1,
      releaseNotes: 'Reworded Q2, dropped Q1, added Q7',
    }),
  );
}

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t));
});
afterAll(async () => {
  await t?.close();
});

const base = () => `/api/v1/tenants/${tenantId}/assessments`;

/** An assessment on version 1 with the worked example's answers, not completed. */
const answered = () =>
  assessed(WORKED_EXAMPLE_ANSWERS, {
    client: owner.client,
    tenantId,
    frameworkId,
    complete: false,
  });
const detail = async (id: string) =>
  AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${id}`)));
const answerRows = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(assessmentAnswers)
      .where(eq(assessmentAnswers.assessmentId, id))
  ).sort((x, y) => x.questionKey.localeCompare(y.questionKey));

describe('carrying an assessment forward to a newer framework version', () => {
  let a: AssessmentDetail;
  let before: Awaited<ReturnType<typeof answerRows>>;

  it('offers the newer version once it is published, and previews by stable key', async () => {
    a = await answered();
    expect(a.newerVersion).toBeNull();
    expect(a.progress.score).toBeCloseTo(0.49, 2);
    await publishV2();
    a = await detail(a.id);
    expect(a.newerVersion).toBe(2);
    expect(a.carryForward).toBeNull();
    before = await answerRows(a.id);

    const preview = CarryForwardPreviewSchema.parse(
      await ok(owner.client.get(`${base()}/${a.id}/carry-forward?version=2`)),
    );
    expect(preview).toMatchObject({
      fromVersion: 1,
      toVersion: 2,
      releaseNotes: 'Reworded Q2, dropped Q1, added Q7',
    });
    expect(preview.added.map((q) => q.key)).toEqual(['Q7']);
    expect(preview.removed).toEqual([
      { key: 'Q1', title: 'Is it done?', answered: true, outcome: 'set_aside', fields: [] },
    ]);
    const changed = Object.fromEntries(preview.changed.map((c) => [c.key, c]));
    expect(changed.Q2).toMatchObject({ outcome: 'review', answered: true, fields: ['title'] });
    expect(changed.Q4).toMatchObject({ outcome: 'set_aside', answered: true, fields: ['options'] });
    expect(changed.Q6).toMatchObject({ outcome: 'review', answered: true, fields: ['options'] });
    // Q3, Q5 as they were; Q2 and Q6 for review; Q1 and Q4 set aside; Q7 new.
    expect(preview.counts).toEqual({ carried: 2, review: 2, setAside: 2, added: 1 });
    // Nothing changed.
    expect(await answerRows(a.id)).toEqual(before);
    expect((await detail(a.id)).framework.version).toBe(1);
  });

  it('refuses an older or missing version, and a completed assessment', async () => {
    const older = await owner.client.get(`${base()}/${a.id}/carry-forward?version=1`);
    expect(older.status).toBe(400);
    expect(await errorCode(older)).toBe('assessments.not_newer_version');
    const missing = await owner.client.post(`${base()}/${a.id}/carry-forward`, { version: 9 });
    expect(missing.status).toBe(404);
    expect(await errorCode(missing)).toBe('assessments.framework_not_found');
    const done = await answered();
    await ok(owner.client.post(`${base()}/${done.id}/complete`, {}));
    const locked = await owner.client.post(`${base()}/${done.id}/carry-forward`, { version: 2 });
    expect(locked.status).toBe(409);
    expect(await errorCode(locked)).toBe('assessments.locked');
  });

  it('carries answers by key, marks changed ones for review, sets aside the rest, rescored', async () => {
    const record = CarryForwardRecordSchema.parse(
      await ok(owner.client.post(`${base()}/${a.id}/carry-forward`, { version: 2 })),
    );
    expect(record).toMatchObject({ fromVersion: 1, toVersion: 2, canUndo: true, undoneAt: null });
    expect(record.setAside.map((s) => [s.questionKey, s.questionTitle, s.value])).toEqual([
      ['Q1', 'Is it done?', 'yes'],
      ['Q4', 'Which one?', 'low'],
    ]);
    const now = await detail(a.id);
    expect(now.framework.version).toBe(2);
    // Q2 and Q6 to check; Q4 is unanswered again (its answer was set aside).
    expect(now.review.sort()).toEqual(['Q2', 'Q6']);
    expect(now.answers.map((x) => x.questionKey)).toEqual(['Q2', 'Q3', 'Q5', 'Q6']);
    expect(now.carryForward).toMatchObject({ id: record.id, canUndo: true });
    expect(now.newerVersion).toBeNull();
    // Q6 = 15 days now scores 1 (new bands); section A: Q2 only (level 2 → 0.4… per SCORING.md).
    const q6 = (await answerRows(a.id)).find((r) => r.questionKey === 'Q6');
    expect(q6?.score).toBe(1);
    expect(now.progress.answered).toBe(4);
    expect(now.progress.total).toBe(6);
    // The answers left the assessment, but not the database: the record keeps them.
    const list = CarryForwardListSchema.parse(
      await ok(owner.client.get(`${base()}/${a.id}/carry-forwards`)),
    );
    expect(list.items[0]?.setAside).toHaveLength(2);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, a.id), eq(auditLog.action, 'assessments.carried_forward')));
    expect(audit?.data).toMatchObject({ from: 1, to: 2, setAside: 2, review: 2 });
  });

  it('marks questions reviewed, one at a time (contributors too; viewers not)', async () => {
    const viewer = await sharedUser(t, owner, tenantId, 'viewer');
    expect(
      (await viewer.request(`${base()}/${a.id}/reviews/Q2`, { method: 'PUT', json: {} })).status,
    ).toBe(403);
    const contributor = await sharedUser(t, owner, tenantId, 'contributor');
    const res = await ok<{ review: string[] }>(
      contributor.request(`${base()}/${a.id}/reviews/Q2`, { method: 'PUT', json: {} }),
    );
    expect(res.review).toEqual(['Q6']);
  });

  it('is undone: the version, the answers and the scores exactly as they were', async () => {
    const now = await detail(a.id);
    const undone = AssessmentDetailSchema.parse(
      await ok(
        owner.client.post(`${base()}/${a.id}/carry-forwards/${now.carryForward!.id}/undo`, {}),
      ),
    );
    expect(undone.framework.version).toBe(1);
    expect(undone.progress).toEqual(a.progress);
    expect(undone.review).toEqual([]);
    expect(undone.carryForward).toBeNull();
    expect(undone.newerVersion).toBe(2);
    expect(await answerRows(a.id)).toEqual(before);
    const again = await owner.client.post(
      `${base()}/${a.id}/carry-forwards/${now.carryForward!.id}/undo`,
      {},
    );
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('assessments.undo_unavailable');
  });

  it('cannot be undone once someone has answered since', async () => {
    const record = CarryForwardRecordSchema.parse(
      await ok(owner.client.post(`${base()}/${a.id}/carry-forward`, { version: 2 })),
    );
    await ok(
      owner.client.request(`${base()}/${a.id}/answers/Q7`, {
        method: 'PUT',
        json: { value: 'yes' },
      }),
    );
    const d = await detail(a.id);
    expect(d.carryForward?.canUndo).toBe(false);
    expect(d.carryForward?.undoBlockedBy).toMatch(/Answers were given since/);
    const res = await owner.client.post(`${base()}/${a.id}/carry-forwards/${record.id}/undo`, {});
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /Answers were given since/,
    );
    // Q1 cannot be answered on version 2.
    const gone = await owner.client.request(`${base()}/${a.id}/answers/Q1`, {
      method: 'PUT',
      json: { value: 'yes' },
    });
    expect(gone.status).toBe(404);
  });

  it('is invisible to another account, and changes nothing there', async () => {
    const other = await signUpPerson(t, 'other');
    const row = async () =>
      (await t.database.db.select().from(assessments).where(eq(assessments.id, a.id)))[0];
    const was = await row();
    for (const res of [
      other.client.get(`${base()}/${a.id}/carry-forward?version=2`),
      other.client.post(`${base()}/${a.id}/carry-forward`, { version: 2 }),
      other.client.get(`${base()}/${a.id}/carry-forwards`),
      other.client.post(`${base()}/${a.id}/carry-forwards/${randomUUID()}/undo`, {}),
      other.client.request(`${base()}/${a.id}/reviews/Q6`, { method: 'PUT', json: {} }),
    ]) {
      expect((await res).status).toBe(404);
    }
    expect(await row()).toEqual(was);
  });
});

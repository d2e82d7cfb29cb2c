import {
  AssessmentDetailSchema,
  NextAssessmentResultSchema,
  type FrameworkDocument,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentCarriedAnswers, assessments, respondents } from '../../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { assessed, auditActions, ownerWithFramework } from '../../../test/data.ts';
import { WORKED_EXAMPLE_ANSWERS } from '../../../test/frameworks.ts';
import { expectStatus, ok } from '../../../test/http.ts';
import { addMember, errorCode, signUpPerson, type Person } from '../../../test/people.ts';

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
const carriedOf = (id: string) =>
  t.database.db
    .select()
    .from(assessmentCarriedAnswers)
    .where(eq(assessmentCarriedAnswers.assessmentId, id))
    .orderBy(assessmentCarriedAnswers.questionKey);

/** Version 2 of the worked example: Q1 removed, Q4's "low" option replaced, Q7 added. */
async function publishV2(): Promise<void> {
  const fw = await ok<{ draft: FrameworkDocument; draftRevision: number }>(
    owner.client.get(`/api/v1/content/frameworks/${frameworkId}`),
  );
  const doc = structuredClone(fw.draft);
  const [a, b] = [doc.sections[0]!, doc.sections[1]!];
  a.questions = a.questions.filter((q) => q.key !== 'Q1');
  const q4 = b.questions.find((q) => q.key === 'Q4') as {
    options: { key: string; label: string; score: number }[];
  };
  q4.options = [{ key: 'mid', label: 'Medium', score: 0.5 }, ...q4.options.slice(1)];
  b.questions.push({
    ...b.questions.find((q) => q.key === 'Q5')!,
    key: 'Q7',
    title: 'Is there a backup?',
    naAllowed: false,
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
      releaseNotes: 'Dropped Q1, changed Q4, added Q7',
    }),
  );
}

describe('starting the next assessment from a completed one', () => {
  let previousId: string;
  let respondentEmail: string;

  it('refuses one that is not completed (409) and an unknown one (404)', async () => {
    const open = await assessed(WORKED_EXAMPLE_ANSWERS, {
      client: owner.client,
      tenantId,
      frameworkId,
      complete: false,
    });
    const res = await owner.client.post(`${base()}/${open.id}/next`, {});
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('assessments.not_completed');
    const missing = await owner.client.post(`${base()}/no-such-assessment/next`, {});
    expect(missing.status).toBe(404);
    const bad = await owner.client.post(`${base()}/${open.id}/next`, { dueDate: 'soon' });
    expect(bad.status).toBe(400);
  });

  it('carries every answer on the same version, re-invites the respondents, mails the owner', async () => {
    const prev = await assessed(WORKED_EXAMPLE_ANSWERS, {
      client: owner.client,
      tenantId,
      frameworkId,
      name: 'Q4 2026',
      complete: false,
    });
    respondentEmail = uniqueEmail('respondent');
    await expectStatus(
      owner.client.post(`${base()}/${prev.id}/respondents`, {
        name: 'Rita Respondent',
        email: respondentEmail,
        sections: ['B'],
        sendEmail: false,
      }),
      201,
    );
    const revoked = await ok<{ respondent: { id: string } }>(
      owner.client.post(`${base()}/${prev.id}/respondents`, {
        name: 'Gone',
        email: uniqueEmail('gone'),
        sendEmail: false,
      }),
      201,
    );
    await ok(
      owner.client.post(`${base()}/${prev.id}/respondents/${revoked.respondent.id}/revoke`, {}),
    );
    await ok(owner.client.post(`${base()}/${prev.id}/complete`, {}));
    previousId = prev.id;
    const member = await addMember(t, owner, 'member');
    const next = NextAssessmentResultSchema.parse(
      await ok(
        owner.client.post(`${base()}/${prev.id}/next`, {
          dueDate: '2027-03-31',
          ownerId: member.uid,
          useNewestVersion: true,
        }),
        201,
      ),
    );
    expect(next).toMatchObject({
      name: 'Worked example — Q1 2027',
      frameworkVersion: 1,
      carried: 6,
      reinvited: 1,
    });
    const detail = AssessmentDetailSchema.parse(await ok(owner.client.get(`${base()}/${next.id}`)));
    expect(detail.status).toBe('draft');
    expect(detail.owner?.id).toBe(member.uid);
    expect(detail.dueDate).toBe('2027-03-31');
    // Carried answers are proposals: nothing is answered yet.
    expect(detail.answered).toBe(0);
    expect(detail.answers).toEqual([]);
    expect(detail.origin).toEqual({ previous: { id: prev.id, name: 'Q4 2026' }, schedule: null });
    const carried = await carriedOf(next.id);
    expect(carried.map((c) => c.questionKey)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6']);
    expect(carried.find((c) => c.questionKey === 'Q5')).toMatchObject({
      na: true,
      fromAssessmentId: prev.id,
    });
    expect(carried.find((c) => c.questionKey === 'Q4')?.value).toBe('low');
    const [row] = await t.database.db.select().from(assessments).where(eq(assessments.id, next.id));
    expect(row?.previousAssessmentId).toBe(prev.id);
    expect(row?.respondentsTotal).toBe(1);
    const invited = await t.database.db
      .select()
      .from(respondents)
      .where(eq(respondents.assessmentId, next.id));
    expect(invited).toHaveLength(1);
    expect(invited[0]).toMatchObject({ name: 'Rita Respondent', sections: ['B'] });
    const [mail] = await t.mailTo(respondentEmail);
    expect(mail?.subject).toContain(next.name);
    expect(mail?.text).toContain('/in-progress/');
    const [notice] = await t.mailTo(member.email);
    expect(notice?.subject).toBe(`New assessment for Acme: ${next.name}`);
    expect(notice?.text).toContain('6 answers of last period are carried');
    expect(await auditActions(t, owner.tid)).toContain('assessments.started_from_previous');
  });

  it('on the newest version carries by the carry-forward rules', async () => {
    await publishV2();
    const next = await ok<{ id: string; frameworkVersion: number; carried: number }>(
      owner.client.post(`${base()}/${previousId}/next`, {
        name: 'On version 2',
        reinviteRespondents: false,
      }),
      201,
    );
    expect(next.frameworkVersion).toBe(2);
    // Q1 was removed and "low" no longer fits Q4: neither is carried.
    const carried = await carriedOf(next.id);
    expect(carried.map((c) => c.questionKey)).toEqual(['Q2', 'Q3', 'Q5', 'Q6']);
    const invited = await t.database.db
      .select()
      .from(respondents)
      .where(and(eq(respondents.assessmentId, next.id)));
    expect(invited).toEqual([]);
    // The same version when asked.
    const same = await ok<{ frameworkVersion: number; carried: number }>(
      owner.client.post(`${base()}/${previousId}/next`, {
        useNewestVersion: false,
        reinviteRespondents: false,
      }),
      201,
    );
    expect(same).toMatchObject({ frameworkVersion: 1, carried: 6 });
  });

  it('is not reachable from another account', async () => {
    const outsider = await signUpPerson(t, 'outsider');
    const res = await outsider.client.post(`${base()}/${previousId}/next`, {});
    expect(res.status).toBe(404);
  });
});

/**
 * A framework with two published versions and assessments of it, for the suites that call
 * every route (outsider, fuzz): one assessment on version 1 that can be carried forward, and
 * one carried forward already (its carry-forward can be undone; Q2 is to review).
 */
import { randomBytes } from 'node:crypto';
import type { TenantContext } from '../auth/types.ts';
import type { Database } from '../db/client.ts';
import { writeAnswer } from '../modules/assessments/answers/write.ts';
import { createAssessment } from '../modules/assessments/assessments.service.ts';
import { carryForward } from '../modules/assessments/carry-forward/carry-forward.service.ts';
import type { ContentActor } from '../modules/content/content.access.ts';
import {
  importFramework,
  publishFramework,
  saveDraft,
} from '../modules/content/frameworks.service.ts';

export interface CarryForwardIds {
  /** On version 1 of a framework whose version 2 is published. */
  carryAssessmentId: string;
  /** Carried forward from version 1 to 2: `carryForwardId` can be undone; Q2 is to review. */
  carriedAssessmentId: string;
  carryForwardId: string;
}

export async function carryForwardFixture(
  db: Database,
  actor: ContentActor,
  onTenant: TenantContext & { name: string },
): Promise<CarryForwardIds> {
  const tag = randomBytes(3).toString('hex');
  const doc = (q2Title: string, extra: boolean) => ({
    format: 'tenantry.framework/1',
    key: `carry-${tag}`,
    name: `Carried framework ${tag}`,
    sections: [
      {
        key: 'S',
        title: 'Section',
        questions: [
          { key: 'Q1', title: 'Q1?', type: 'yes_no' },
          { key: 'Q2', title: q2Title, type: 'yes_no' },
          ...(extra ? [{ key: 'Q3', title: 'Q3?', type: 'yes_no' }] : []),
        ],
      },
    ],
  });
  const fw = await importFramework(db, actor, { scope: 'private', document: doc('Q2?', false) });
  await publishFramework(db, actor, fw.id, { revision: 1, releaseNotes: 'v1' });
  await saveDraft(db, actor, fw.id, { revision: 1, document: doc('Q2, reworded?', true) });
  await publishFramework(db, actor, fw.id, { revision: 2, releaseNotes: 'v2' });
  const answered = async (name: string) => {
    const a = await createAssessment(db, onTenant, {
      frameworkId: fw.id,
      version: 1,
      name,
      scope: { sections: null, tags: null },
    });
    const ref = { accountId: onTenant.accountId, tenantId: onTenant.tenantId, assessmentId: a.id };
    const writer = { source: 'member' as const, userId: onTenant.userId, name: onTenant.name };
    await writeAnswer(db, ref, writer, 'Q1', { value: 'yes' });
    await writeAnswer(db, ref, writer, 'Q2', { value: 'no' });
    return a.id;
  };
  const carryAssessmentId = await answered('To carry forward');
  const carriedAssessmentId = await answered('Carried forward');
  const record = await carryForward(db, onTenant, carriedAssessmentId, 2);
  return { carryAssessmentId, carriedAssessmentId, carryForwardId: record.id };
}

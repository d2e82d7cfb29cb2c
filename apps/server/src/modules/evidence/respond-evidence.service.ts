/**
 * A respondent's evidence (docs/evidence.md, "Respondents"): the token of their link is the
 * authority, for the questions of their part of one assessment only. They upload files to their
 * answers, see the files of their part, remove the ones they added, and download them.
 */
import type { EvidenceDownloadLink, EvidenceFile } from '@tenantry/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { answerEvidence } from '../../db/schema/evidence.ts';
import { AppError } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/blob-store.ts';
import { scopedFramework } from '../assessments/assessments.framework.ts';
import { respondentByToken } from '../assessments/respondents/respond.service.ts';
import { respondentPart } from '../assessments/respondents/respondents.service.ts';
import { evidenceNotFound, type EvidenceActor } from './evidence-rows.ts';
import { uploadEvidence, type EvidenceUpload } from './evidence.service.ts';
import { downloadLink, revisionOf } from './downloads.service.ts';
import { evidenceForAssessment, linkTarget, unlinkEvidence } from './links.service.ts';

type Respondent = Awaited<ReturnType<typeof respondentByToken>>;

const actorOf = (r: Respondent): EvidenceActor => ({
  accountId: r.accountId,
  userId: null,
  respondentId: r.id,
  name: r.name,
  email: r.email,
});

const scopeOf = (r: Respondent) => ({ accountId: r.accountId, tenantId: r.tenantId });

/** The question keys of the respondent's part. */
async function partQuestions(db: Database, r: Respondent): Promise<Set<string>> {
  const [a] = await db
    .select({
      frameworkId: assessments.frameworkId,
      frameworkVersion: assessments.frameworkVersion,
      scope: assessments.scope,
    })
    .from(assessments)
    .where(and(eq(assessments.id, r.assessmentId), eq(assessments.accountId, r.accountId)));
  const framework = a && (await scopedFramework(db, a.frameworkId, a.frameworkVersion, a.scope));
  return new Set(framework ? respondentPart(framework, r.sections).questions.keys() : []);
}

const submitted = () =>
  new AppError(
    'respondent.submitted',
    409,
    'You have submitted your part: its answers and files are final.',
  );

/** The files of every answer in the respondent's part. */
export async function respondentEvidence(
  db: Database,
  token: string | undefined,
): Promise<{ answers: Record<string, EvidenceFile[]> }> {
  const r = await respondentByToken(db, token);
  const questions = await partQuestions(db, r);
  return { answers: await evidenceForAssessment(db, r.accountId, r.assessmentId, questions) };
}

/** A respondent's upload to one of their answers (a new library file, linked to it). */
export async function respondentUpload(
  db: Database,
  blobs: BlobStore,
  token: string | undefined,
  questionKey: string,
  upload: EvidenceUpload,
): Promise<EvidenceFile> {
  const r = await respondentByToken(db, token);
  // What is outside their part is not found (404) before their own state is told (409).
  const target = await linkTarget(db, scopeOf(r), r.assessmentId, questionKey, r.sections);
  if (r.submittedAt) throw submitted();
  return uploadEvidence(db, blobs, actorOf(r), r.tenantId, upload, target);
}

/** Removes a file the respondent added from one of their answers (it stays in the library). */
export async function respondentUnlink(
  db: Database,
  token: string | undefined,
  questionKey: string,
  evidenceId: string,
): Promise<void> {
  const r = await respondentByToken(db, token);
  await linkTarget(db, scopeOf(r), r.assessmentId, questionKey, r.sections);
  if (r.submittedAt) throw submitted();
  await unlinkEvidence(
    db,
    scopeOf(r),
    { assessmentId: r.assessmentId, questionKey, evidenceId },
    r.id,
  );
}

/** A download link for a file linked to an answer of the respondent's part. */
export async function respondentDownloadLink(
  db: Database,
  secret: string,
  token: string | undefined,
  evidenceId: string,
): Promise<EvidenceDownloadLink> {
  const r = await respondentByToken(db, token);
  const questions = [...(await partQuestions(db, r))];
  const [linked] = questions.length
    ? await db
        .select({ id: answerEvidence.evidenceId })
        .from(answerEvidence)
        .where(
          and(
            eq(answerEvidence.accountId, r.accountId),
            eq(answerEvidence.assessmentId, r.assessmentId),
            eq(answerEvidence.evidenceId, evidenceId),
            inArray(answerEvidence.questionKey, questions),
          ),
        )
        .limit(1)
    : [];
  if (!linked) throw evidenceNotFound();
  return downloadLink(secret, await revisionOf(db, scopeOf(r), evidenceId));
}

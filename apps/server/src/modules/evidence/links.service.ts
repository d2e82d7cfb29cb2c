/**
 * Evidence on answers (docs/evidence.md): a library file linked to one question of one
 * assessment, at most EVIDENCE_LIMITS.filesPerAnswer per answer; fixed once the assessment is
 * completed. `evidenceForAssessment` is what other modules read an assessment's evidence with.
 */
import {
  EVIDENCE_ERROR_CODES,
  EVIDENCE_LIMITS,
  type EvidenceFile,
  type EvidenceUse,
} from '@tenantry/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { answerEvidence, evidenceFiles } from '../../db/schema/evidence.ts';
import { AppError } from '../../lib/errors.ts';
import { scopedFramework } from '../assessments/assessments.framework.ts';
import { respondentPart } from '../assessments/respondents/respondents.service.ts';
import { assertTenant } from '../tenants/tenants.service.ts';
import {
  describeFile,
  describeFiles,
  evidenceNotFound,
  fileOf,
  type Db,
  type EvidenceActor,
} from './evidence-rows.ts';

/** One answer evidence may be linked to (checked: the assessment is open, the question in it). */
export interface LinkTarget {
  accountId: string;
  tenantId: string;
  assessmentId: string;
  questionKey: string;
}

type TenantScope = Parameters<typeof assertTenant>[1];

const closed = () =>
  new AppError(
    EVIDENCE_ERROR_CODES.assessmentClosed,
    409,
    'The assessment is completed: its evidence is fixed. Reopen it to change the files.',
  );

/** The tenant's assessment `id` (what links need of it), or 404. */
async function assessmentOf(db: Db, scope: { accountId: string; tenantId: string }, id: string) {
  const [a] = await db
    .select({
      status: assessments.status,
      frameworkId: assessments.frameworkId,
      frameworkVersion: assessments.frameworkVersion,
      scope: assessments.scope,
    })
    .from(assessments)
    .where(
      and(
        eq(assessments.id, id),
        eq(assessments.accountId, scope.accountId),
        eq(assessments.tenantId, scope.tenantId),
      ),
    );
  if (!a) throw new AppError('assessments.not_found', 404, 'There is no such assessment here.');
  return a;
}

/**
 * The answer `questionKey` of the tenant's assessment, checked: 404 when the assessment or the
 * question (within `sections`, for a respondent) is not there, 409 when it is completed.
 */
export async function linkTarget(
  db: Db,
  scope: { accountId: string; tenantId: string },
  assessmentId: string,
  questionKey: string,
  sections: string[] | null = null,
): Promise<LinkTarget> {
  const a = await assessmentOf(db, scope, assessmentId);
  const framework = await scopedFramework(db, a.frameworkId, a.frameworkVersion, a.scope);
  const part = framework && respondentPart(framework, sections);
  if (!part?.questions.has(questionKey)) {
    throw new AppError('assessments.question_not_found', 404, 'There is no such question here.');
  }
  if (a.status === 'completed') throw closed();
  return { accountId: scope.accountId, tenantId: scope.tenantId, assessmentId, questionKey };
}

/**
 * Links file `evidenceId` to the answer in the caller's transaction: nothing when it is linked
 * already; 409 past EVIDENCE_LIMITS.filesPerAnswer or when the assessment was completed
 * meanwhile. Links to one answer are made one at a time (a transaction lock on the answer).
 */
export async function insertLink(
  tx: Tx,
  actor: EvidenceActor,
  target: LinkTarget,
  evidenceId: string,
): Promise<boolean> {
  const { accountId, assessmentId, questionKey } = target;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`evidence-links:${assessmentId}:${questionKey}`}))`,
  );
  const [state] = await tx
    .select({ status: assessments.status })
    .from(assessments)
    .where(and(eq(assessments.id, assessmentId), eq(assessments.accountId, accountId)));
  if (state?.status === 'completed') throw closed();
  const answer = and(
    eq(answerEvidence.accountId, accountId),
    eq(answerEvidence.assessmentId, assessmentId),
    eq(answerEvidence.questionKey, questionKey),
  );
  const [linked] = await tx
    .select({ n: count() })
    .from(answerEvidence)
    .where(and(answer, eq(answerEvidence.evidenceId, evidenceId)));
  if (linked?.n) return false;
  const [all] = await tx.select({ n: count() }).from(answerEvidence).where(answer);
  if ((all?.n ?? 0) >= EVIDENCE_LIMITS.filesPerAnswer) {
    throw new AppError(
      EVIDENCE_ERROR_CODES.tooManyFiles,
      409,
      `An answer holds at most ${EVIDENCE_LIMITS.filesPerAnswer} files. Remove one first.`,
    );
  }
  await tx.insert(answerEvidence).values({
    accountId,
    assessmentId,
    questionKey,
    evidenceId,
    linkedByUserId: actor.userId,
    linkedByRespondentId: actor.respondentId,
    linkedByName: actor.name,
  });
  return true;
}

/** Links a library file to an answer (idempotent). */
export async function linkEvidence(
  db: Database,
  actor: EvidenceActor,
  scope: TenantScope,
  at: { assessmentId: string; questionKey: string; evidenceId: string },
): Promise<EvidenceFile> {
  await assertTenant(db, scope);
  const file = await fileOf(db, scope, at.evidenceId);
  const target = await linkTarget(db, scope, at.assessmentId, at.questionKey);
  await db.transaction((tx) => insertLink(tx, actor, target, file.id));
  return describeFile(db, scope.accountId, file);
}

/** Removes a file from an answer (the file stays in the library); 404 when it was not there. */
export async function unlinkEvidence(
  db: Database,
  scope: TenantScope & { accountId: string },
  at: { assessmentId: string; questionKey: string; evidenceId: string },
  onlyRespondentId?: string,
): Promise<void> {
  await assertTenant(db, scope);
  const target = await linkTarget(db, scope, at.assessmentId, at.questionKey);
  const gone = await db
    .delete(answerEvidence)
    .where(
      and(
        eq(answerEvidence.accountId, target.accountId),
        eq(answerEvidence.assessmentId, target.assessmentId),
        eq(answerEvidence.questionKey, target.questionKey),
        eq(answerEvidence.evidenceId, at.evidenceId),
        onlyRespondentId ? eq(answerEvidence.linkedByRespondentId, onlyRespondentId) : undefined,
      ),
    )
    .returning({ id: answerEvidence.evidenceId });
  if (!gone.length) throw evidenceNotFound();
}

/**
 * Every answer's linked files of the account's assessment `assessmentId`, by question key, in
 * the order they were linked; only the keys in `questions` when given. For other modules (the
 * PDF report, evidence packs) as for the routes.
 */
export async function evidenceForAssessment(
  db: Db,
  accountId: string,
  assessmentId: string,
  questions?: ReadonlySet<string> | ReadonlyMap<string, unknown>,
): Promise<Record<string, EvidenceFile[]>> {
  const rows = await db
    .select({ questionKey: answerEvidence.questionKey, file: evidenceFiles })
    .from(answerEvidence)
    .innerJoin(
      evidenceFiles,
      and(
        eq(evidenceFiles.id, answerEvidence.evidenceId),
        eq(evidenceFiles.accountId, answerEvidence.accountId),
      ),
    )
    .where(
      and(eq(answerEvidence.accountId, accountId), eq(answerEvidence.assessmentId, assessmentId)),
    )
    .orderBy(asc(answerEvidence.linkedAt), asc(answerEvidence.evidenceId));
  const wanted = rows.filter((r) => !questions || questions.has(r.questionKey));
  const unique = [...new Map(wanted.map((r) => [r.file.id, r.file])).values()];
  const described = new Map(
    (await describeFiles(db, accountId, unique)).map((f) => [f.id, f] as const),
  );
  const answers: Record<string, EvidenceFile[]> = {};
  for (const r of wanted) (answers[r.questionKey] ??= []).push(described.get(r.file.id)!);
  return answers;
}

/** The evidence map of one assessment of the tenant (404 when it is not there). */
export async function assessmentEvidence(
  db: Db,
  scope: TenantScope,
  assessmentId: string,
): Promise<{ answers: Record<string, EvidenceFile[]> }> {
  await assertTenant(db, scope);
  await assessmentOf(db, scope, assessmentId);
  return { answers: await evidenceForAssessment(db, scope.accountId, assessmentId) };
}

/** Where file `evidenceId` is used: each answer with its assessment's and question's names. */
export async function usesOf(
  db: Db,
  accountId: string,
  evidenceId: string,
): Promise<EvidenceUse[]> {
  const rows = await db
    .select({
      assessmentId: answerEvidence.assessmentId,
      questionKey: answerEvidence.questionKey,
      assessmentName: assessments.name,
      frameworkId: assessments.frameworkId,
      frameworkVersion: assessments.frameworkVersion,
      scope: assessments.scope,
    })
    .from(answerEvidence)
    .innerJoin(assessments, eq(assessments.id, answerEvidence.assessmentId))
    .where(and(eq(answerEvidence.accountId, accountId), eq(answerEvidence.evidenceId, evidenceId)))
    .orderBy(asc(answerEvidence.linkedAt));
  return Promise.all(
    rows.map(async (r) => {
      const framework = await scopedFramework(db, r.frameworkId, r.frameworkVersion, r.scope);
      return {
        assessmentId: r.assessmentId,
        assessmentName: r.assessmentName,
        questionKey: r.questionKey,
        questionTitle: framework?.questions.get(r.questionKey)?.question.title ?? r.questionKey,
      };
    }),
  );
}

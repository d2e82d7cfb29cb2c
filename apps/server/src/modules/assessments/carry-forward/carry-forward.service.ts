/**
 * Carrying an assessment forward to a newer published version of its framework
 * (docs/assessments.md, "Carrying forward"). The answers follow their questions by stable key:
 * - a question unchanged in the new version keeps its answer as it is;
 * - a question whose text, type, options or N/A changed keeps its answer when it still fits
 *   the new question, and is marked for review either way;
 * - an answer whose question was removed (or that no longer fits) is set aside: it leaves the
 *   assessment but stays in the carry-forward's record, where it can be read forever and from
 *   where an undo puts it back. Nothing is deleted.
 * The operation is one transaction on the locked assessment row, recorded and audited; it can
 * be undone for CARRY_FORWARD_UNDO_HOURS, while nobody has answered since.
 */
import { randomUUID } from 'node:crypto';
import {
  ASSESSMENT_ERROR_CODES,
  CARRY_FORWARD_UNDO_HOURS,
  type CarryForwardPreview,
  type CarryForwardRecord,
  type CarryForwardSummary,
} from '@tenantry/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TenantContext } from '../../../auth/types.ts';
import type { Database, Tx } from '../../../db/client.ts';
import { publishLive } from '../../../db/live.ts';
import {
  assessmentAnswers,
  assessmentCarryForwards,
  assessments,
} from '../../../db/schema/assessments.ts';
import { frameworks } from '../../../db/schema/content.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { assessmentNotFound, lockedError } from '../assessments.errors.ts';
import { computeProgress, effectiveTargets } from '../assessments.framework.ts';
import { plan, snapshotOf, type Plan } from './carry-forward.plan.ts';

type Db = Database | Tx;
type Scope = TenantContext & { name: string };
type AssessmentRow = typeof assessments.$inferSelect;
type AnswerRow = typeof assessmentAnswers.$inferSelect;

const HOUR = 3_600_000;

const carryForwardNotFound = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.carryForwardNotFound,
    404,
    'There is no such carry-forward of this assessment.',
  );
const undoUnavailable = (why: string) =>
  new AppError(ASSESSMENT_ERROR_CODES.undoUnavailable, 409, why);

const inAssessment = (scope: Pick<TenantContext, 'accountId' | 'tenantId'>, id: string) =>
  and(
    eq(assessments.id, id),
    eq(assessments.accountId, scope.accountId),
    eq(assessments.tenantId, scope.tenantId),
  )!;

async function answersOf(db: Db, scope: Pick<TenantContext, 'accountId'>, id: string) {
  return db
    .select()
    .from(assessmentAnswers)
    .where(
      and(eq(assessmentAnswers.assessmentId, id), eq(assessmentAnswers.accountId, scope.accountId)),
    );
}

async function readAssessment(db: Db, scope: TenantContext, id: string, lock = false) {
  const q = db.select().from(assessments).where(inAssessment(scope, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw assessmentNotFound();
  return row;
}

/** What carrying the assessment forward to `version` would do (nothing is changed). */
export async function previewCarryForward(
  db: Database,
  scope: TenantContext,
  id: string,
  version: number,
): Promise<CarryForwardPreview> {
  const a = await readAssessment(db, scope, id);
  const answers = await answersOf(db, scope, id);
  return (await plan(db, a, version, answers)).preview;
}

const fromJson = (row: Record<string, unknown>): AnswerRow => ({
  ...(row as unknown as AnswerRow),
  answeredAt: new Date(String(row.answeredAt)),
});

/** Carries the assessment forward to `version` (one transaction; recorded and audited). */
export async function carryForward(
  db: Database,
  scope: Scope,
  id: string,
  version: number,
): Promise<CarryForwardRecord> {
  const recordId = randomUUID();
  await db.transaction(async (tx) => {
    const a = await readAssessment(tx, scope, id, true);
    if (a.status === 'completed') throw lockedError();
    const answers = await answersOf(tx, scope, id);
    const p = await plan(tx, a, version, answers);
    const targets = Object.fromEntries(
      Object.entries(a.targets).filter(([k]) => k in p.next.defaultTargets),
    );
    const progress = computeProgress(p.next, p.scoreInput, effectiveTargets(p.next, targets));
    const snapshot = await snapshotOf(tx, a, p);
    await moveAnswers(tx, scope, id, p);
    await tx
      .update(assessments)
      .set({
        frameworkVersion: version,
        scope: p.nextScope,
        targets,
        scoreInput: p.scoreInput,
        progress,
        score: progress.score,
        completion: progress.completion,
        answered: progress.answered,
        total: progress.total,
        review: p.review,
        writeVersion: sql`${assessments.writeVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(inAssessment(scope, id));
    await tx.insert(assessmentCarryForwards).values({
      id: recordId,
      accountId: scope.accountId,
      tenantId: scope.tenantId,
      assessmentId: id,
      fromVersion: a.frameworkVersion,
      toVersion: version,
      preview: p.preview,
      snapshot,
      createdBy: scope.userId,
      createdByName: scope.name,
    });
    await recordAudit(tx, scope, {
      action: 'assessments.carried_forward',
      targetType: 'assessment',
      targetId: id,
      data: {
        name: a.name,
        tenantId: scope.tenantId,
        from: a.frameworkVersion,
        to: version,
        ...p.preview.counts,
      },
    });
    await publishLive(tx, { ...scope, assessmentId: id, kind: 'updated' });
  });
  const [record] = await listCarryForwards(db, scope, id, recordId);
  return record!;
}

/** The plan's answer changes: set-aside answers leave the assessment, kept ones are rescored. */
async function moveAnswers(tx: Tx, scope: TenantContext, id: string, p: Plan): Promise<void> {
  if (p.setAside.length) {
    await tx.delete(assessmentAnswers).where(
      and(
        eq(assessmentAnswers.assessmentId, id),
        eq(assessmentAnswers.accountId, scope.accountId),
        inArray(
          assessmentAnswers.questionKey,
          p.setAside.map((r) => r.questionKey),
        ),
      ),
    );
  }
  for (const { row, score } of p.rescored) {
    await tx
      .update(assessmentAnswers)
      .set({ score })
      .where(
        and(
          eq(assessmentAnswers.assessmentId, id),
          eq(assessmentAnswers.accountId, scope.accountId),
          eq(assessmentAnswers.questionKey, row.questionKey),
        ),
      );
  }
}

type RecordRow = typeof assessmentCarryForwards.$inferSelect;

function summaryOf(
  r: RecordRow,
  a: Pick<AssessmentRow, 'lastAnswerAt' | 'status'>,
  latest: boolean,
  now = Date.now(),
): CarryForwardSummary {
  const undoUntil = new Date(r.createdAt.getTime() + CARRY_FORWARD_UNDO_HOURS * HOUR);
  const problem = undoProblem(r, a, latest, now);
  return {
    id: r.id,
    fromVersion: r.fromVersion,
    toVersion: r.toVersion,
    at: r.createdAt.toISOString(),
    by: r.createdByName,
    undoUntil: undoUntil.toISOString(),
    canUndo: problem === null,
    undoBlockedBy: problem,
    counts: r.preview.counts,
  };
}

/** Why the carry-forward cannot be undone now, or null when it can. */
function undoProblem(
  r: RecordRow,
  a: Pick<AssessmentRow, 'lastAnswerAt' | 'status'>,
  latest: boolean,
  now = Date.now(),
): string | null {
  if (r.undoneAt) return 'This carry-forward was undone already.';
  if (!latest) return 'Undo the later carry-forward first.';
  if (a.status === 'completed') return 'The assessment is completed. Reopen it first.';
  if (now > r.createdAt.getTime() + CARRY_FORWARD_UNDO_HOURS * HOUR) {
    return `A carry-forward can be undone for ${CARRY_FORWARD_UNDO_HOURS} hours only.`;
  }
  if (a.lastAnswerAt && a.lastAnswerAt > r.createdAt) {
    return 'Answers were given since the carry-forward; undoing it would lose them.';
  }
  return null;
}

/** The latest carry-forward not undone (the assessment screen shows it, with undo). */
export async function latestCarryForward(
  db: Db,
  a: Pick<AssessmentRow, 'id' | 'accountId' | 'lastAnswerAt' | 'status'>,
): Promise<CarryForwardSummary | null> {
  const [r] = await db
    .select()
    .from(assessmentCarryForwards)
    .where(
      and(
        eq(assessmentCarryForwards.assessmentId, a.id),
        eq(assessmentCarryForwards.accountId, a.accountId),
        isNull(assessmentCarryForwards.undoneAt),
      ),
    )
    .orderBy(desc(assessmentCarryForwards.createdAt))
    .limit(1);
  return r ? summaryOf(r, a, true) : null;
}

/** The newest published version of the framework, when it is newer than `version`. */
export async function newerVersionOf(db: Db, frameworkId: string, version: number) {
  const [f] = await db
    .select({ latest: frameworks.latestVersion })
    .from(frameworks)
    .where(eq(frameworks.id, frameworkId));
  return f?.latest && f.latest > version ? f.latest : null;
}

/** Every carry-forward of the assessment, newest first, with what each set aside. */
export async function listCarryForwards(
  db: Db,
  scope: TenantContext,
  id: string,
  only?: string,
): Promise<CarryForwardRecord[]> {
  const a = await readAssessment(db, scope, id);
  const rows = await db
    .select()
    .from(assessmentCarryForwards)
    .where(
      and(
        eq(assessmentCarryForwards.assessmentId, id),
        eq(assessmentCarryForwards.accountId, scope.accountId),
      ),
    )
    .orderBy(desc(assessmentCarryForwards.createdAt));
  const latestId = rows.find((r) => !r.undoneAt)?.id;
  return rows
    .filter((r) => only === undefined || r.id === only)
    .map((r) => ({
      ...summaryOf(r, a, r.id === latestId),
      undoneAt: r.undoneAt?.toISOString() ?? null,
      preview: r.preview,
      setAside: r.snapshot.setAside.map((row) => {
        const x = fromJson(row);
        return {
          questionKey: x.questionKey,
          questionTitle: r.snapshot.titles[x.questionKey] ?? x.questionKey,
          value: x.value,
          na: x.na,
          note: x.note,
          answeredBy: x.answeredByName,
          answeredAt: x.answeredAt.toISOString(),
        };
      }),
    }));
}

/** Puts the assessment back as it was before the carry-forward (answers included). */
export async function undoCarryForward(
  db: Database,
  scope: Scope,
  id: string,
  recordId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const a = await readAssessment(tx, scope, id, true);
    const rows = await tx
      .select()
      .from(assessmentCarryForwards)
      .where(
        and(
          eq(assessmentCarryForwards.assessmentId, id),
          eq(assessmentCarryForwards.accountId, scope.accountId),
        ),
      )
      .orderBy(desc(assessmentCarryForwards.createdAt));
    const r = rows.find((x) => x.id === recordId);
    if (!r) throw carryForwardNotFound();
    const why = undoProblem(r, a, rows.find((x) => !x.undoneAt)?.id === r.id);
    if (why) throw undoUnavailable(why);
    const { previous, setAside, rescored } = r.snapshot;
    const restore = [...setAside, ...rescored].map(fromJson);
    if (restore.length) {
      await tx.delete(assessmentAnswers).where(
        and(
          eq(assessmentAnswers.assessmentId, id),
          eq(assessmentAnswers.accountId, scope.accountId),
          inArray(
            assessmentAnswers.questionKey,
            restore.map((x) => x.questionKey),
          ),
        ),
      );
      await tx.insert(assessmentAnswers).values(restore);
    }
    await tx
      .update(assessments)
      .set({
        frameworkVersion: previous.frameworkVersion,
        scope: previous.scope,
        targets: previous.targets,
        scoreInput: previous.scoreInput,
        progress: previous.progress,
        score: previous.score,
        completion: previous.completion,
        answered: previous.answered,
        total: previous.total,
        review: previous.review,
        writeVersion: sql`${assessments.writeVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(inAssessment(scope, id));
    await tx
      .update(assessmentCarryForwards)
      .set({ undoneAt: new Date(), undoneBy: scope.userId })
      .where(eq(assessmentCarryForwards.id, r.id));
    await recordAudit(tx, scope, {
      action: 'assessments.carry_forward_undone',
      targetType: 'assessment',
      targetId: id,
      data: { name: a.name, tenantId: scope.tenantId, from: r.toVersion, to: r.fromVersion },
    });
    await publishLive(tx, { ...scope, assessmentId: id, kind: 'updated' });
  });
}

/** Marks a question as reviewed after a carry-forward (no error when it was not marked). */
export async function markReviewed(
  db: Database,
  scope: TenantContext,
  id: string,
  questionKey: string,
): Promise<string[]> {
  const [row] = await db
    .update(assessments)
    .set({ review: sql`array_remove(${assessments.review}, ${questionKey}::text)` })
    .where(inAssessment(scope, id))
    .returning({ review: assessments.review });
  if (!row) throw assessmentNotFound();
  await publishLive(db, { ...scope, assessmentId: id, kind: 'updated' });
  return row.review;
}

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
  diffFrameworks,
  isAnswered,
  questionScore,
  type AssessmentScope,
  type CarriedQuestion,
  type CarryForwardPreview,
  type CarryForwardRecord,
  type CarryForwardSummary,
  type FrameworkDocument,
  type ScoredAnswer,
} from '@tenantry/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TenantContext } from '../../../auth/types.ts';
import type { Database, Tx } from '../../../db/client.ts';
import { publishLive } from '../../../db/live.ts';
import {
  assessmentAnswers,
  assessmentCarryForwards,
  assessments,
  type CarryForwardSnapshot,
} from '../../../db/schema/assessments.ts';
import { frameworks, frameworkVersions } from '../../../db/schema/content.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { assessmentNotFound, lockedError } from '../answers/write.ts';
import {
  computeProgress,
  effectiveTargets,
  loadVersionDocument,
  scopedFramework,
  type ScopedFramework,
} from '../assessments.framework.ts';

type Db = Database | Tx;
type Scope = TenantContext & { name: string };
type AssessmentRow = typeof assessments.$inferSelect;
type AnswerRow = typeof assessmentAnswers.$inferSelect;

const HOUR = 3_600_000;

const notNewer = (current: number) =>
  new AppError(
    ASSESSMENT_ERROR_CODES.notNewerVersion,
    400,
    `Pick a published version newer than version ${current}.`,
    { version: `Must be a published version newer than ${current}.` },
  );
const versionNotFound = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.frameworkNotFound,
    404,
    'There is no such published version of this framework.',
  );
const carryForwardNotFound = () =>
  new AppError(
    ASSESSMENT_ERROR_CODES.carryForwardNotFound,
    404,
    'There is no such carry-forward of this assessment.',
  );
const undoUnavailable = (why: string) =>
  new AppError(ASSESSMENT_ERROR_CODES.undoUnavailable, 409, why);

/** What makes an answer need a second look: its question's meaning or shape changed. */
const REVIEW_FIELDS = new Set(['title', 'type', 'options', 'naAllowed']);

const inAssessment = (scope: Pick<TenantContext, 'accountId' | 'tenantId'>, id: string) =>
  and(
    eq(assessments.id, id),
    eq(assessments.accountId, scope.accountId),
    eq(assessments.tenantId, scope.tenantId),
  )!;

/** The scope of the assessment on the new version: sections that no longer exist dropped. */
function scopeOn(doc: FrameworkDocument, scope: AssessmentScope): AssessmentScope {
  if (!scope.sections) return scope;
  const keys = new Set<string>();
  const walk = (sections: FrameworkDocument['sections']) => {
    for (const s of sections) {
      keys.add(s.key);
      walk(s.sections);
    }
  };
  walk(doc.sections);
  return { ...scope, sections: scope.sections.filter((k) => keys.has(k)) };
}

function scoreEntry(na: boolean, value: unknown, type: string): ScoredAnswer {
  if (na) return { na: true };
  return { value: type === 'text' ? '✓' : (value as ScoredAnswer['value']) };
}

interface Plan {
  preview: CarryForwardPreview;
  next: ScopedFramework;
  nextScope: AssessmentScope;
  /** Answers leaving the assessment, with their question's old title. */
  setAside: AnswerRow[];
  /** Kept answers whose stored score changes, with the new score. */
  rescored: Array<{ row: AnswerRow; score: number | null }>;
  review: string[];
  scoreInput: Record<string, ScoredAnswer>;
}

async function plan(
  db: Db,
  a: AssessmentRow,
  version: number,
  answers: AnswerRow[],
): Promise<Plan> {
  if (version <= a.frameworkVersion) throw notNewer(a.frameworkVersion);
  const [current, target] = await Promise.all([
    scopedFramework(db, a.frameworkId, a.frameworkVersion, a.scope),
    loadVersionDocument(db, a.frameworkId, version),
  ]);
  if (!current) throw assessmentNotFound();
  if (!target) throw versionNotFound();
  const nextScope = scopeOn(target, a.scope);
  const next = await scopedFramework(db, a.frameworkId, version, nextScope);
  if (!next || next.questions.size === 0) {
    throw new AppError(
      ASSESSMENT_ERROR_CODES.emptyScope,
      400,
      'None of this assessment’s questions are in that version. Start a new assessment instead.',
    );
  }
  const [notes] = await db
    .select({ releaseNotes: frameworkVersions.releaseNotes })
    .from(frameworkVersions)
    .where(
      and(eq(frameworkVersions.frameworkId, a.frameworkId), eq(frameworkVersions.version, version)),
    );
  const diff = diffFrameworks(current.document, next.document);
  const byKey = new Map(answers.map((r) => [r.questionKey, r]));
  const changedFields = new Map(
    diff.changed.filter((c) => c.kind === 'question').map((c) => [c.key, c.fields]),
  );

  const setAside: AnswerRow[] = [];
  const rescored: Plan['rescored'] = [];
  const review = new Set(a.review.filter((k) => next.questions.has(k)));
  const scoreInput: Record<string, ScoredAnswer> = {};
  const removed: CarriedQuestion[] = [];
  const changed: CarriedQuestion[] = [];
  let carried = 0;

  for (const [key, info] of current.questions) {
    if (next.questions.has(key)) continue;
    removed.push({
      key,
      title: info.question.title,
      answered: byKey.has(key),
      outcome: 'set_aside',
      fields: [],
    });
  }
  for (const row of answers) {
    const info = next.questions.get(row.questionKey);
    if (!info) {
      // Its question is gone from the new version (or its scope): set aside. An answer outside
      // both scopes (none is written so) stays where it is.
      if (current.questions.has(row.questionKey)) setAside.push(row);
      continue;
    }
    const fields = changedFields.get(row.questionKey) ?? [];
    const entry = scoreEntry(row.na, row.value, info.question.type);
    const fits = isAnswered(info.question, row.na ? { na: true } : { value: row.value });
    if (fields.some((f) => REVIEW_FIELDS.has(f))) {
      // A set-aside answer is not reviewed but given again: its question is unanswered now.
      if (fits) review.add(row.questionKey);
      changed.push({
        key: row.questionKey,
        title: info.question.title,
        answered: true,
        outcome: fits ? 'review' : 'set_aside',
        fields,
      });
    }
    if (!fits) {
      setAside.push(row);
      continue;
    }
    carried += 1;
    scoreInput[row.questionKey] = entry;
    const score = row.na ? null : questionScore(info.question, entry);
    if (score !== row.score) rescored.push({ row, score });
  }
  // Changed questions nobody had answered: listed, nothing to review.
  for (const [key, fields] of changedFields) {
    if (byKey.has(key) || !next.questions.has(key)) continue;
    if (!fields.some((f) => REVIEW_FIELDS.has(f))) continue;
    changed.push({
      key,
      title: next.questions.get(key)!.question.title,
      answered: false,
      outcome: 'review',
      fields,
    });
  }
  const added: CarriedQuestion[] = [...next.questions.entries()]
    .filter(([key]) => !current.questions.has(key))
    .map(([key, info]) => ({
      key,
      title: info.question.title,
      answered: false,
      outcome: 'added',
      fields: [],
    }));
  const reviewed = changed.filter((c) => c.answered && c.outcome === 'review').length;
  return {
    preview: {
      fromVersion: a.frameworkVersion,
      toVersion: version,
      releaseNotes: notes?.releaseNotes ?? '',
      added,
      removed,
      changed,
      counts: {
        carried: carried - reviewed,
        review: reviewed,
        setAside: setAside.length,
        added: added.length,
      },
    },
    next,
    nextScope,
    setAside,
    rescored,
    review: [...review],
    scoreInput,
  };
}

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

const toJson = (row: AnswerRow): Record<string, unknown> => JSON.parse(JSON.stringify(row));
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
    const current = await scopedFramework(tx, a.frameworkId, a.frameworkVersion, a.scope);
    const snapshot: CarryForwardSnapshot = {
      previous: {
        frameworkVersion: a.frameworkVersion,
        scope: a.scope,
        targets: a.targets,
        scoreInput: a.scoreInput,
        progress: a.progress,
        score: a.score,
        completion: a.completion,
        answered: a.answered,
        total: a.total,
        review: a.review,
      },
      setAside: p.setAside.map(toJson),
      rescored: p.rescored.map((r) => toJson(r.row)),
      titles: Object.fromEntries(
        p.setAside.map((r) => [
          r.questionKey,
          current?.questions.get(r.questionKey)?.question.title ?? r.questionKey,
        ]),
      ),
    };
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

/**
 * The plan of a carry-forward (docs/assessments.md, "Carrying forward"): what moving the
 * assessment's answers to a newer published version of its framework does, question by
 * question, computed from the two versions and the answers — for the preview, and for the
 * carry-forward itself, which applies it and keeps the snapshot an undo restores from.
 */
import {
  ASSESSMENT_ERROR_CODES,
  diffFrameworks,
  isAnswered,
  questionScore,
  type AssessmentScope,
  type CarriedQuestion,
  type CarryForwardPreview,
  type FrameworkDocument,
  type ScoredAnswer,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import type {
  assessmentAnswers,
  assessments,
  CarryForwardSnapshot,
} from '../../../db/schema/assessments.ts';
import { frameworkVersions } from '../../../db/schema/content.ts';
import { AppError } from '../../../lib/errors.ts';
import { assessmentNotFound } from '../assessments.errors.ts';
import {
  loadVersionDocument,
  scopedFramework,
  type ScopedFramework,
} from '../assessments.framework.ts';

type Db = Database | Tx;
type AssessmentRow = typeof assessments.$inferSelect;
type AnswerRow = typeof assessmentAnswers.$inferSelect;

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

/** What makes an answer need a second look: its question's meaning or shape changed. */
const REVIEW_FIELDS = new Set(['title', 'type', 'options', 'naAllowed']);

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

export interface Plan {
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

export async function plan(
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

const toJson = (row: AnswerRow): Record<string, unknown> => JSON.parse(JSON.stringify(row));

/**
 * What an undo needs to put the assessment back: its columns before, and the answers the plan
 * sets aside or rescores, with their questions' titles (the record shows them forever).
 */
export async function snapshotOf(tx: Tx, a: AssessmentRow, p: Plan): Promise<CarryForwardSnapshot> {
  const current = await scopedFramework(tx, a.frameworkId, a.frameworkVersion, a.scope);
  return {
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
}

/**
 * The baseline of a client tenant (docs/baseline.md): mark a completed assessment as where the
 * client stood, and compare a later assessment of the same framework with it, per section and
 * per question, matched by stable key across framework versions (SCORING.md, "Comparison with
 * a baseline"). Every score comes from what the assessments keep on write; nothing is
 * recomputed from answers here. Every query carries the account and the tenant (ADR 0005).
 */
import {
  ASSESSMENT_STATUSES,
  BASELINE_ERROR_CODES,
  TRENDS,
  can,
  compareOverall,
  type ComparedSection,
  type LeftOutReason,
  type AssessmentProgress,
  type AssessmentSummary,
  type BaselineComparison,
  type ComparedSide,
  type FrameworkDocument,
  type Question,
  type QuestionComparison,
  type QuestionTask,
  type SectionComparison,
  type Trend,
} from '@tenantry/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { assessmentAnswers, assessments } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { tenantBaselines } from '../../db/schema/baseline.ts';
import type { remediationTasks } from '../../db/schema/remediation.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.events.ts';
import { tasksByQuestion } from '../remediation/tasks.service.ts';
import { scopedFramework } from '../assessments/assessments.framework.ts';
import { refreshTenantPosture } from '../assessments/assessments.rollup.ts';
import { carriedStatesOf } from '../assessments/carried/carried.service.ts';
import {
  assessmentNotFound,
  inTenant,
  ownerName,
  toSummary,
  type AssessmentRow,
} from '../assessments/assessments.service.ts';
import { assertTenant } from '../tenants/tenants.service.ts';

/** The most assessments of one tenant the comparison lists (newest first). */
const LIST_MAX = 200;
/** Scores closer than this count as unchanged (floating point noise of the weighted means). */
const EPSILON = 1e-9;

type TaskRow = typeof remediationTasks.$inferSelect;
type Listed = { row: AssessmentRow; summary: AssessmentSummary };

const notCompleted = () =>
  new AppError(
    BASELINE_ERROR_CODES.notCompleted,
    409,
    'Only a completed assessment can be the baseline. Complete it first.',
  );
const compareNotFound = () =>
  new AppError(
    BASELINE_ERROR_CODES.compareNotFound,
    404,
    'There is no such assessment of the baseline’s framework on this client tenant.',
  );

async function tenantAssessments(db: Database, scope: TenantContext): Promise<Listed[]> {
  const rows = await db
    .select({ a: assessments, ownerName })
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.ownerId))
    .where(inTenant(scope))
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(LIST_MAX);
  return rows.map((r) => ({
    row: r.a,
    summary: toSummary(
      r.a,
      r.a.ownerId && r.ownerName ? { id: r.a.ownerId, name: r.ownerName } : null,
    ),
  }));
}

/** Improved, regressed or unchanged between two scores; `unscored` when one has none. */
export function trendOf(baseline: number | null, latest: number | null): Trend {
  if (baseline === null || latest === null) return 'unscored';
  const d = latest - baseline;
  return d > EPSILON ? 'improved' : d < -EPSILON ? 'regressed' : 'unchanged';
}

const deltaOf = (baseline: number | null, latest: number | null) =>
  baseline === null || latest === null ? null : latest - baseline;

function sideOf(progress: AssessmentProgress, key: string): ComparedSide | null {
  const s = progress.sections[key];
  if (!s) return null;
  return { score: s.score, target: s.target, gap: s.gap, answered: s.answered, total: s.total };
}

interface SectionNode {
  key: string;
  title: string;
  parentKey: string | null;
  depth: number;
  questions: Question[];
}

function flatten(doc: FrameworkDocument): SectionNode[] {
  const out: SectionNode[] = [];
  const walk = (
    sections: FrameworkDocument['sections'],
    parentKey: string | null,
    depth: number,
  ) => {
    for (const s of sections) {
      out.push({ key: s.key, title: s.title, parentKey, depth, questions: s.questions });
      walk(s.sections, s.key, depth + 1);
    }
  };
  walk(doc.sections, null, 0);
  return out;
}

/** What makes a question "the same question" for its answers: text, type and answer options. */
function questionShape(q: Question): string {
  const { key: _key, guidance: _guidance, description: _description, tags: _tags, ...rest } = q;
  return JSON.stringify(rest);
}

interface Side {
  row: AssessmentRow;
  sections: SectionNode[];
  /** The top-level sections in scope with their weights and kept scores (the overall's terms). */
  top: ComparedSection[];
  questions: Map<string, { question: Question; sectionKey: string }>;
  answers: Map<string, { score: number | null; na: boolean; answeredAt: Date }>;
  gaps: Set<string>;
}

type AnswerRow = {
  assessmentId: string;
  questionKey: string;
  score: number | null;
  na: boolean;
  answeredAt: Date;
};

async function loadSide(db: Database, row: AssessmentRow, answers: AnswerRow[]): Promise<Side> {
  const framework = await scopedFramework(db, row.frameworkId, row.frameworkVersion, row.scope);
  if (!framework) throw assessmentNotFound();
  const sections = flatten(framework.document);
  const questions = new Map<string, { question: Question; sectionKey: string }>();
  for (const s of sections)
    for (const q of s.questions) questions.set(q.key, { question: q, sectionKey: s.key });
  const mine: Side['answers'] = new Map();
  for (const a of answers)
    if (a.assessmentId === row.id && questions.has(a.questionKey))
      mine.set(a.questionKey, { score: a.na ? null : a.score, na: a.na, answeredAt: a.answeredAt });
  const top = framework.document.sections
    .filter((s) => row.progress.sections[s.key] !== undefined)
    .map((s) => ({ key: s.key, weight: s.weight, score: row.progress.sections[s.key]!.score }));
  return { row, sections, top, questions, answers: mine, gaps: new Set(row.progress.gaps) };
}

/**
 * What the view shows of the task on a question: a done one waits for confirmation until an
 * answer newer than its completion (the compared assessment's, else the baseline's) exists.
 */
function questionTask(
  task: TaskRow | undefined,
  answeredAt: Date | undefined,
): QuestionTask | null {
  if (!task) return null;
  return {
    id: task.id,
    title: task.title,
    status: task.status,
    doneAt: task.doneAt?.toISOString() ?? null,
    awaitingConfirmation:
      task.status === 'done' && !!task.doneAt && (!answeredAt || task.doneAt > answeredAt),
  };
}

function compare(baseline: Side, latest: Side | null, tasks: Map<string, TaskRow>) {
  const sections: SectionComparison[] = [];
  const seen = new Set<string>();
  const sectionRow = (node: SectionNode): SectionComparison => {
    const b = baseline.sections.some((s) => s.key === node.key)
      ? sideOf(baseline.row.progress, node.key)
      : null;
    const l = latest ? sideOf(latest.row.progress, node.key) : null;
    const onlyLatest = latest?.sections.some((s) => s.key === node.key) && !b;
    const onlyBaseline = b && !l;
    const bs = b?.score ?? null;
    const ls = l?.score ?? null;
    const leftOut: LeftOutReason | null = !latest
      ? null
      : onlyLatest
        ? ls === null
          ? null
          : 'added'
        : onlyBaseline
          ? bs === null
            ? null
            : 'removed'
          : bs !== null && ls === null
            ? 'no_score_latest'
            : bs === null && ls !== null
              ? 'no_score_baseline'
              : null;
    return {
      leftOut,
      key: node.key,
      title: node.title,
      parentKey: node.parentKey,
      depth: node.depth,
      baseline: b,
      latest: l,
      delta: deltaOf(b?.score ?? null, l?.score ?? null),
      trend: onlyLatest
        ? 'added'
        : onlyBaseline
          ? 'removed'
          : trendOf(b?.score ?? null, l?.score ?? null),
    };
  };
  for (const node of latest?.sections ?? []) {
    seen.add(node.key);
    sections.push(sectionRow(node));
  }
  for (const node of baseline.sections) if (!seen.has(node.key)) sections.push(sectionRow(node));

  const questions: QuestionComparison[] = [];
  const questionSide = (side: Side, key: string) => {
    const a = side.answers.get(key);
    return {
      score: a?.score ?? null,
      answered: a !== undefined,
      na: a?.na ?? false,
      gap: side.gaps.has(key),
    };
  };
  const order = [
    ...(latest ? latest.questions.keys() : []),
    ...[...baseline.questions.keys()].filter((k) => !latest?.questions.has(k)),
  ];
  for (const key of order) {
    const inB = baseline.questions.get(key);
    const inL = latest?.questions.get(key);
    const b = inB ? questionSide(baseline, key) : null;
    const l = inL && latest ? questionSide(latest, key) : null;
    const info = (inL ?? inB)!;
    questions.push({
      key,
      title: info.question.title,
      sectionKey: info.sectionKey,
      baseline: b,
      latest: l,
      delta: deltaOf(b?.score ?? null, l?.score ?? null),
      trend: !latest ? 'unscored' : !b ? 'added' : !l ? 'removed' : trendOf(b.score, l.score),
      changed: !!inB && !!inL && questionShape(inB.question) !== questionShape(inL.question),
      task: questionTask(tasks.get(key), (latest ?? baseline).answers.get(key)?.answeredAt),
      sinceLastPeriod: null,
    });
  }
  return { sections, questions };
}

const NO_COUNTS = () => Object.fromEntries(TRENDS.map((t) => [t, 0])) as Record<Trend, number>;

/**
 * The tenant's baseline and the comparison of `compareId` (or the latest completed or
 * in-progress assessment of the baseline's framework) with it.
 */
export async function getBaseline(
  db: Database,
  scope: TenantContext,
  compareId?: string,
): Promise<BaselineComparison> {
  await assertTenant(db, scope);
  const [listed, [mark]] = await Promise.all([
    tenantAssessments(db, scope),
    db
      .select({ assessmentId: tenantBaselines.assessmentId })
      .from(tenantBaselines)
      .where(
        and(
          eq(tenantBaselines.tenantId, scope.tenantId),
          eq(tenantBaselines.accountId, scope.accountId),
        ),
      ),
  ]);
  const candidates = listed
    .filter((x) => x.row.status === 'completed')
    .sort((x, y) => (y.row.completedAt?.getTime() ?? 0) - (x.row.completedAt?.getTime() ?? 0));
  const base = mark ? listed.find((x) => x.row.id === mark.assessmentId) : undefined;
  const comparable = base
    ? listed.filter(
        (x) =>
          x.row.id !== base.row.id &&
          x.row.frameworkId === base.row.frameworkId &&
          x.row.status !== ASSESSMENT_STATUSES[0],
      )
    : [];
  let latest: Listed | undefined;
  if (compareId !== undefined) {
    latest = comparable.find((x) => x.row.id === compareId);
    if (!latest) throw compareNotFound();
  } else {
    latest = comparable[0];
  }
  const result: BaselineComparison = {
    baseline: base?.summary ?? null,
    latest: latest?.summary ?? null,
    candidates: candidates.map((x) => x.summary),
    comparable: comparable.map((x) => x.summary),
    overall: {
      baseline: base?.row.score ?? null,
      latest: latest?.row.score ?? null,
      delta: null,
      trend: trendOf(base?.row.score ?? null, latest?.row.score ?? null),
      comparedBaseline: null,
      comparedLatest: null,
      comparedSections: [],
      leftOut: [],
    },
    sections: [],
    questions: [],
    counts: NO_COUNTS(),
    sinceLastPeriod: null,
    canManage: can(scope.accountRole, 'assessments.manage'),
  };
  if (!base) return result;
  const ids = latest ? [base.row.id, latest.row.id] : [base.row.id];
  const answers = await db
    .select({
      assessmentId: assessmentAnswers.assessmentId,
      questionKey: assessmentAnswers.questionKey,
      score: assessmentAnswers.score,
      na: assessmentAnswers.na,
      answeredAt: assessmentAnswers.answeredAt,
    })
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.accountId, scope.accountId),
        inArray(assessmentAnswers.assessmentId, ids),
      ),
    );
  const [baseSide, latestSide, tasks] = await Promise.all([
    loadSide(db, base.row, answers),
    latest ? loadSide(db, latest.row, answers) : Promise.resolve(null),
    tasksByQuestion(db, scope, base.row.frameworkId),
  ]);
  const { sections, questions } = compare(baseSide, latestSide, tasks);
  // What the compared assessment changed since the previous period it was started from.
  const carried = latestSide
    ? await carriedStatesOf(
        db,
        { ...scope, assessmentId: latestSide.row.id },
        new Set(latestSide.questions.keys()),
      )
    : null;
  if (carried) {
    result.sinceLastPeriod = carried.counts;
    for (const q of questions) q.sinceLastPeriod = carried.states.get(q.key) ?? null;
  }
  for (const q of questions) result.counts[q.trend]++;
  if (latestSide) {
    const like = compareOverall(baseSide.top, latestSide.top);
    const titles = new Map(sections.map((s) => [s.key, s.title]));
    result.overall = {
      ...result.overall,
      delta: like.delta,
      trend: trendOf(like.baseline, like.latest),
      comparedBaseline: like.baseline,
      comparedLatest: like.latest,
      comparedSections: like.compared,
      leftOut: like.leftOut.map((x) => ({ ...x, title: titles.get(x.key) ?? x.key })),
    };
  }
  return { ...result, sections, questions };
}

/** Marks a completed assessment of the tenant as its baseline (replacing the one before). */
export async function setBaseline(
  db: Database,
  scope: TenantContext,
  assessmentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const tenant = await assertTenant(tx, scope);
    const [a] = await tx
      .select({ id: assessments.id, name: assessments.name, status: assessments.status })
      .from(assessments)
      .where(inTenant(scope, assessmentId));
    if (!a) throw assessmentNotFound();
    if (a.status !== 'completed') throw notCompleted();
    const [before] = await tx
      .select({ assessmentId: tenantBaselines.assessmentId })
      .from(tenantBaselines)
      .where(
        and(
          eq(tenantBaselines.tenantId, scope.tenantId),
          eq(tenantBaselines.accountId, scope.accountId),
        ),
      )
      .for('update');
    if (before?.assessmentId === a.id) return;
    const now = new Date();
    await tx
      .insert(tenantBaselines)
      .values({
        tenantId: scope.tenantId,
        accountId: scope.accountId,
        assessmentId: a.id,
        setBy: scope.userId,
        setAt: now,
      })
      .onConflictDoUpdate({
        target: tenantBaselines.tenantId,
        set: { assessmentId: a.id, setBy: scope.userId, setAt: now },
      });
    await refreshTenantPosture(tx, scope);
    await recordAudit(tx, scope, {
      action: 'tenants.baseline_set',
      targetType: 'tenant',
      targetId: scope.tenantId,
      data: {
        tenantName: tenant.name,
        assessmentId: a.id,
        assessmentName: a.name,
        previousAssessmentId: before?.assessmentId ?? null,
      },
    });
    await emitWebhookEvent(tx, scope, 'baseline.changed', {
      tenantId: scope.tenantId,
      assessment: { id: a.id, name: a.name },
      previousAssessmentId: before?.assessmentId ?? null,
    });
  });
}

/** Clears the tenant's baseline (nothing to clear is not an error). */
export async function clearBaseline(db: Database, scope: TenantContext): Promise<void> {
  await db.transaction(async (tx) => {
    const tenant = await assertTenant(tx, scope);
    const removed = await tx
      .delete(tenantBaselines)
      .where(
        and(
          eq(tenantBaselines.tenantId, scope.tenantId),
          eq(tenantBaselines.accountId, scope.accountId),
        ),
      )
      .returning({ assessmentId: tenantBaselines.assessmentId });
    if (removed.length === 0) return;
    await refreshTenantPosture(tx, scope);
    await recordAudit(tx, scope, {
      action: 'tenants.baseline_cleared',
      targetType: 'tenant',
      targetId: scope.tenantId,
      data: { tenantName: tenant.name, assessmentId: removed[0]!.assessmentId },
    });
    await emitWebhookEvent(tx, scope, 'baseline.changed', {
      tenantId: scope.tenantId,
      assessment: null,
      previousAssessmentId: removed[0]!.assessmentId,
    });
  });
}

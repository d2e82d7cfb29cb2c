/**
 * An assessment's results (docs/assessments.md, "Results"): read from what the assessment
 * keeps on write — its progress (scores, targets, gaps), its answers — the remediation tasks on
 * its questions and the baseline view's own comparison. Nothing is recomputed from answers.
 */
import {
  can,
  isOpenTask,
  readableValue,
  TRENDS,
  type AssessmentDetail,
  type AssessmentResults,
  type FrameworkDocument,
  type ResultsBaseline,
  type ResultsGap,
  type ResultsSection,
  type Trend,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { tenantBaselines } from '../../db/schema/baseline.ts';
import { getAssessment } from '../assessments/assessments.service.ts';
import { getBaseline } from '../baseline/baseline.service.ts';
import { tasksByQuestion } from '../remediation/tasks.service.ts';

type Section = FrameworkDocument['sections'][number];

const NO_COUNTS = () => Object.fromEntries(TRENDS.map((t) => [t, 0])) as Record<Trend, number>;

function flatten(doc: FrameworkDocument) {
  const out: { section: Section; depth: number }[] = [];
  const walk = (sections: Section[], depth: number) => {
    for (const section of sections) {
      out.push({ section, depth });
      walk(section.sections, depth + 1);
    }
  };
  walk(doc.sections, 0);
  return out;
}

/** The tenant's baseline mark (its assessment's id, name, score and framework), if any. */
async function baselineMark(db: Database, scope: TenantContext) {
  const [row] = await db
    .select({
      id: assessments.id,
      name: assessments.name,
      score: assessments.score,
      frameworkId: assessments.frameworkId,
    })
    .from(tenantBaselines)
    .innerJoin(
      assessments,
      and(
        eq(assessments.id, tenantBaselines.assessmentId),
        eq(assessments.accountId, tenantBaselines.accountId),
      ),
    )
    .where(
      and(
        eq(tenantBaselines.accountId, scope.accountId),
        eq(tenantBaselines.tenantId, scope.tenantId),
      ),
    );
  return row ?? null;
}

/** What changed since the baseline: the baseline view's comparison of this assessment. */
async function sinceBaseline(
  db: Database,
  scope: TenantContext,
  a: AssessmentDetail,
): Promise<{ baseline: ResultsBaseline; deltas: Map<string, number | null> }> {
  const mark = await baselineMark(db, scope);
  const base = (kind: ResultsBaseline['kind']): ResultsBaseline => ({
    kind,
    assessment: mark ? { id: mark.id, name: mark.name, score: mark.score } : null,
    delta: null,
    trend: null,
    leftOut: [],
    counts: NO_COUNTS(),
    changes: [],
  });
  const deltas = new Map<string, number | null>();
  if (!mark) return { baseline: base('none'), deltas };
  if (mark.id === a.id) return { baseline: base('this'), deltas };
  if (mark.frameworkId !== a.framework.id) return { baseline: base('other_framework'), deltas };
  if (a.status === 'draft') return { baseline: base('not_started'), deltas };
  const c = await getBaseline(db, scope, a.id);
  for (const s of c.sections) deltas.set(s.key, s.delta);
  const changes = c.questions
    .filter((q) => q.delta !== null && q.delta !== 0)
    .map((q) => ({
      key: q.key,
      title: q.title,
      baseline: q.baseline?.score ?? null,
      latest: q.latest?.score ?? null,
      delta: q.delta,
      trend: q.trend,
    }))
    .sort((x, y) => x.delta! - y.delta!);
  return {
    baseline: {
      ...base('compared'),
      delta: c.overall.delta,
      trend: c.overall.trend,
      leftOut: c.overall.leftOut,
      counts: c.counts,
      changes,
    },
    deltas,
  };
}

/** The results of one assessment of the tenant (404 as its screen). */
export async function getResults(
  db: Database,
  scope: TenantContext,
  assessmentId: string,
): Promise<AssessmentResults> {
  const a = await getAssessment(db, scope, assessmentId);
  const [tasks, since] = await Promise.all([
    tasksByQuestion(db, scope, a.framework.id),
    sinceBaseline(db, scope, a),
  ]);
  const answers = new Map(a.answers.map((x) => [x.questionKey, x]));
  const gapKeys = new Set(a.progress.gaps);
  const sections: ResultsSection[] = [];
  const gaps: (ResultsGap & { order: number })[] = [];
  let na = 0;
  let scored = 0;
  let notScored = 0;
  for (const { section, depth } of flatten(a.document)) {
    const p = a.progress.sections[section.key];
    sections.push({
      key: section.key,
      title: section.title,
      depth,
      weight: section.weight,
      score: p?.score ?? null,
      target: p?.target ?? null,
      gap: p?.gap ?? null,
      answered: p?.answered ?? 0,
      total: p?.total ?? 0,
      delta: since.deltas.get(section.key) ?? null,
    });
    for (const q of section.questions) {
      const ans = answers.get(q.key);
      if (ans?.na) na++;
      else if (ans && ans.score !== null) scored++;
      else if (ans) notScored++;
      if (!gapKeys.has(q.key)) continue;
      const t = tasks.get(q.key);
      gaps.push({
        order: gaps.length,
        key: q.key,
        title: q.title,
        sectionKey: section.key,
        sectionTitle: section.title,
        weight: q.weight,
        score: ans?.score ?? null,
        target: p?.target ?? null,
        answer: ans && !ans.na ? readableValue(q, ans.value) : '',
        task: t ? { id: t.id, title: t.title, status: t.status, dueDate: t.dueDate } : null,
      });
    }
  }
  const shortfall = (g: ResultsGap) => (g.target ?? 1) - (g.score ?? 0);
  gaps.sort((x, y) => y.weight - x.weight || shortfall(y) - shortfall(x) || x.order - y.order);
  return {
    assessment: {
      id: a.id,
      name: a.name,
      status: a.status,
      framework: { id: a.framework.id, name: a.framework.name, version: a.framework.version },
      completedAt: a.completedAt,
    },
    overall: {
      score: a.progress.score,
      completion: a.progress.completion,
      provisional: a.progress.provisional,
    },
    counts: {
      total: a.progress.total,
      answered: a.progress.answered,
      na,
      unanswered: a.progress.total - a.progress.answered,
      scored,
      notScored,
      gaps: gaps.length,
      gapsWithOpenTask: gaps.filter((g) => g.task && isOpenTask(g.task.status)).length,
    },
    sections,
    gaps: gaps.map(({ order: _order, ...g }) => g),
    baseline: since.baseline,
    can: { createTasks: can(scope.accountRole, 'remediation.manage') },
  };
}

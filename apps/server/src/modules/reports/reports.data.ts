/**
 * What a report shows, read from what exists (docs/reports.md): the assessment as its screen
 * reads it (scores, targets and gaps kept on write, never recomputed here), the account's name
 * and logo, the tenant's name, the baseline's score, and the remediation task of each gap
 * question (by framework and question key, as the baseline view finds them). Every query
 * carries the report's account and tenant (ADR 0005).
 */
import { clientBrand } from '../accounts/brand.service.ts';
import {
  ASSESSMENT_STATUS_LABELS,
  LEFT_OUT_LABELS,
  TASK_STATUS_LABELS,
  compareOverall,
  isOpenTask,
  sameAsCarried,
  readableValue,
  type AssessmentDetail,
  type CarriedCounts,
  type CarriedState,
  type EvidenceState,
  type FrameworkDocument,
  type TaskStatus,
} from '@tenantry/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { tenantBaselines } from '../../db/schema/baseline.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantNotFound } from '../../lib/errors.ts';
import { getAssessment } from '../assessments/assessments.service.ts';
import { scopedFramework } from '../assessments/assessments.framework.ts';
import {
  byQuestion,
  linkedEvidence,
  type LinkedEvidence,
} from '../evidence-packs/linked-evidence.service.ts';
import { readMediaOfPurpose } from '../media/media.service.ts';
import { today, tasksByQuestion } from '../remediation/tasks.service.ts';

/** The widest a logo is drawn is ~170 pt; 600 px keeps it sharp in print and the file small. */
const LOGO_MAX_PX = 600;

export interface ReportTask {
  title: string;
  status: TaskStatus;
  statusLabel: string;
  assignee: string | null;
  dueDate: string | null;
  overdue: boolean;
}

export interface ReportQuestion {
  key: string;
  title: string;
  /** The answer as a person reads it; empty when unanswered or not applicable. */
  answer: string;
  answered: boolean;
  na: boolean;
  score: number | null;
  gap: boolean;
  note: string;
  answeredBy: string | null;
  answeredAt: string | null;
  /**
   * Against last period's answer carried into this assessment (docs/assessments.md): confirmed
   * unchanged, changed, or not confirmed yet; null when none was carried.
   */
  sinceLastPeriod: CarriedState | null;
  /** Last period's answer as a person reads it, when it changed. */
  lastPeriodAnswer: string | null;
  /** The evidence files linked to the answer (docs/evidence.md), by name. */
  evidence: ReportEvidence[];
}

/** An evidence file behind an answer, as the report lists it. */
export interface ReportEvidence {
  name: string;
  /** SHA-256 of the bytes as uploaded, lower-case hex. */
  sha256: string;
  effectiveOn: string;
  expiresOn: string | null;
  state: EvidenceState;
}

export interface ReportSection {
  key: string;
  title: string;
  /** 0 for a top-level section. */
  depth: number;
  score: number | null;
  target: number | null;
  answered: number;
  total: number;
  /** The baseline's score of the same section (matched by key); null without one. */
  baselineScore: number | null;
  questions: ReportQuestion[];
}

export interface ReportGap {
  key: string;
  title: string;
  sectionTitle: string;
  score: number | null;
  target: number | null;
  answer: string;
  task: ReportTask | null;
}

/**
 * The tenant's baseline as the report sees it: none marked; this very assessment; one of
 * another framework (nothing to compare); or one compared like with like (docs/baseline.md).
 */
export type ReportBaseline =
  | { kind: 'none' }
  | { kind: 'this' }
  | { kind: 'other_framework'; name: string }
  | {
      kind: 'compared';
      name: string;
      /** The baseline's own overall score. */
      score: number | null;
      /** The change over the top-level sections both score; null when there is none. */
      delta: number | null;
      /** Sections left out of the change, as "Detect (no score on the compared assessment)". */
      leftOut: string[];
      at: string | null;
    };

export interface ReportData {
  generatedAt: Date;
  /**
   * The provider as the cover shows it: the brand's display name (else the account's name),
   * its logo and colour while the plan applies the brand (docs/branding.md).
   */
  account: { name: string; logoPng: Buffer | null; color: string | null };
  tenant: { name: string };
  assessment: {
    name: string;
    status: string;
    framework: string;
    version: number;
    owner: string | null;
    createdAt: string;
    startedAt: string | null;
    completedAt: string | null;
    dueDate: string | null;
    lastAnswerAt: string | null;
  };
  summary: {
    score: number | null;
    completion: number | null;
    answered: number;
    total: number;
    gaps: number;
    gapsWithTask: number;
    /** Not completed: the score may still change (docs/scoring.md, "Provisional scores"). */
    provisional: boolean;
    baseline: ReportBaseline;
    /** What changed since the previous period and what was confirmed unchanged (null: none). */
    sinceLastPeriod: CarriedCounts | null;
  };
  /** Every section in the framework's order, nested ones after their parent. */
  sections: ReportSection[];
  gaps: ReportGap[];
}

type Scope = Pick<TenantContext, 'accountId' | 'tenantId'>;

const reportEvidence = (e: LinkedEvidence): ReportEvidence => ({
  name: e.name,
  sha256: e.sha256,
  effectiveOn: e.effectiveOn,
  expiresOn: e.expiresOn,
  state: e.state,
});

/** The account's logo as PNG (PDF readers do not read WebP), or null without a usable one. */
async function logoPng(db: Database, accountId: string): Promise<Buffer | null> {
  try {
    const logo = await readMediaOfPurpose(db, { accountId }, 'account_logo');
    return await sharp(logo.data)
      .resize({ width: LOGO_MAX_PX, height: LOGO_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null; // no logo, or bytes sharp cannot read: the cover shows the name alone
  }
}

/** The tenant's baseline (any assessment; `reportBaseline` says what it is to this one). */
async function baselineOf(db: Database, scope: Scope) {
  const [row] = await db
    .select({
      id: assessments.id,
      name: assessments.name,
      score: assessments.score,
      progress: assessments.progress,
      frameworkId: assessments.frameworkId,
      frameworkVersion: assessments.frameworkVersion,
      scope: assessments.scope,
      completedAt: assessments.completedAt,
    })
    .from(tenantBaselines)
    .innerJoin(
      assessments,
      and(
        eq(assessments.id, tenantBaselines.assessmentId),
        eq(assessments.accountId, tenantBaselines.accountId),
        eq(assessments.tenantId, tenantBaselines.tenantId),
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

/** What the report says of the baseline: the same like-with-like change as the baseline tab. */
async function reportBaseline(
  db: Database,
  a: AssessmentDetail,
  row: Awaited<ReturnType<typeof baselineOf>>,
): Promise<ReportBaseline> {
  if (!row) return { kind: 'none' };
  if (row.id === a.id) return { kind: 'this' };
  if (row.frameworkId !== a.framework.id) return { kind: 'other_framework', name: row.name };
  const theirs = await scopedFramework(db, row.frameworkId, row.frameworkVersion, row.scope);
  const top = (doc: FrameworkDocument, progress: Pick<AssessmentDetail['progress'], 'sections'>) =>
    doc.sections
      .filter((s) => progress.sections[s.key] !== undefined)
      .map((s) => ({ key: s.key, weight: s.weight, score: progress.sections[s.key]!.score }));
  const like = compareOverall(
    theirs ? top(theirs.document, row.progress) : [],
    top(a.document, a.progress),
  );
  const titles = new Map(
    [...(theirs?.document.sections ?? []), ...a.document.sections].map((s) => [s.key, s.title]),
  );
  return {
    kind: 'compared',
    name: row.name,
    score: row.score,
    delta: like.delta,
    leftOut: like.leftOut.map(
      (x) => `${titles.get(x.key) ?? x.key} (${LEFT_OUT_LABELS[x.reason]})`,
    ),
    at: row.completedAt?.toISOString() ?? null,
  };
}

async function namesOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function flatten(doc: FrameworkDocument) {
  const out: { section: FrameworkDocument['sections'][number]; depth: number }[] = [];
  const walk = (sections: FrameworkDocument['sections'], depth: number) => {
    for (const section of sections) {
      out.push({ section, depth });
      walk(section.sections, depth + 1);
    }
  };
  walk(doc.sections, 0);
  return out;
}

/** Everything the PDF of `assessmentId` shows. 404s as the assessment's screen does. */
export async function loadReportData(
  db: Database,
  scope: Scope,
  assessmentId: string,
  now = new Date(),
): Promise<ReportData> {
  const reader: TenantContext = {
    ...scope,
    userId: '',
    email: '',
    accountRole: null,
    shareRole: 'viewer',
  };
  const [a, [names], logo] = await Promise.all([
    getAssessment(db, reader, assessmentId),
    db
      .select({ account: accounts.name, tenant: tenants.name })
      .from(tenants)
      .innerJoin(accounts, eq(accounts.id, tenants.accountId))
      .where(and(eq(tenants.id, scope.tenantId), eq(tenants.accountId, scope.accountId))),
    // The account's brand on the cover (logo, name, colour) is the plan feature "branded reports".
    clientBrand(db, scope.accountId).then(async (brand) => ({
      brand,
      png: brand.applied && brand.logoUrl ? await logoPng(db, scope.accountId) : null,
    })),
  ]);
  if (!names) throw tenantNotFound();
  const day = today(now);
  const [baselineRow, tasks, evidence] = await Promise.all([
    baselineOf(db, scope),
    tasksByQuestion(db, scope, a.framework.id),
    linkedEvidence(db, scope, a.id, day).then(byQuestion),
  ]);
  // Section by section, only a different assessment of the same framework is compared.
  const baseline =
    baselineRow && baselineRow.id !== a.id && baselineRow.frameworkId === a.framework.id
      ? baselineRow
      : null;
  const gapKeys = new Set(a.progress.gaps);
  const gapTasks = [...gapKeys].map((k) => tasks.get(k)).filter((t) => t !== undefined);
  const assignees = await namesOf(db, [
    ...new Set(gapTasks.map((t) => t.assigneeId).filter((id): id is string => id !== null)),
  ]);
  const answers = new Map(a.answers.map((x) => [x.questionKey, x]));
  const carried = new Map(a.carried.answers.map((x) => [x.questionKey, x]));

  const sections: ReportSection[] = [];
  const gaps: ReportGap[] = [];
  for (const { section, depth } of flatten(a.document)) {
    const p = a.progress.sections[section.key];
    const questions = section.questions.map((q): ReportQuestion => {
      const ans = answers.get(q.key);
      const was = carried.get(q.key);
      const since: CarriedState | null = !was
        ? null
        : !ans
          ? 'to_confirm'
          : sameAsCarried(ans, was)
            ? 'confirmed'
            : 'changed';
      return {
        key: q.key,
        title: q.title,
        answer: ans && !ans.na ? readableValue(q, ans.value) : '',
        answered: ans !== undefined,
        na: ans?.na ?? false,
        score: ans?.score ?? null,
        gap: gapKeys.has(q.key),
        note: ans?.note ?? '',
        // An automated result names its tool as such (docs/developer.md).
        answeredBy: !ans
          ? null
          : ans.answeredBy.source === 'automation'
            ? `${ans.answeredBy.name} (automated check)`
            : ans.answeredBy.name,
        answeredAt: ans?.answeredAt ?? null,
        sinceLastPeriod: since,
        lastPeriodAnswer:
          since === 'changed' && was
            ? was.na
              ? 'Not applicable'
              : readableValue(q, was.value) || 'No answer'
            : null,
        evidence: (evidence.get(q.key) ?? []).map(reportEvidence),
      };
    });
    sections.push({
      key: section.key,
      title: section.title,
      depth,
      score: p?.score ?? null,
      target: p?.target ?? null,
      answered: p?.answered ?? 0,
      total: p?.total ?? questions.length,
      baselineScore: baseline?.progress.sections[section.key]?.score ?? null,
      questions,
    });
    for (const q of questions) {
      if (!q.gap) continue;
      const t = tasks.get(q.key);
      gaps.push({
        key: q.key,
        title: q.title,
        sectionTitle: section.title,
        score: q.score,
        target: p?.target ?? null,
        answer: q.answer,
        task: t
          ? {
              title: t.title,
              status: t.status,
              statusLabel: TASK_STATUS_LABELS[t.status],
              assignee: t.assigneeId ? (assignees.get(t.assigneeId) ?? null) : null,
              dueDate: t.dueDate,
              overdue: isOpenTask(t.status) && t.dueDate !== null && t.dueDate < day,
            }
          : null,
      });
    }
  }

  const started = a.statusHistory.find((s) => s.status === 'in_progress');
  return {
    generatedAt: now,
    account: { name: logo.brand.name || names.account, logoPng: logo.png, color: logo.brand.color },
    tenant: { name: names.tenant },
    assessment: {
      name: a.name,
      status: ASSESSMENT_STATUS_LABELS[a.status],
      framework: a.framework.name,
      version: a.framework.version,
      owner: a.owner?.name ?? null,
      createdAt: a.createdAt,
      startedAt: started?.at ?? null,
      completedAt: a.completedAt,
      dueDate: a.dueDate,
      lastAnswerAt: a.lastAnswer?.at ?? null,
    },
    summary: {
      score: a.progress.score,
      completion: a.progress.completion,
      answered: a.progress.answered,
      total: a.progress.total,
      gaps: gaps.length,
      gapsWithTask: gaps.filter((g) => g.task).length,
      provisional: a.progress.provisional,
      baseline: await reportBaseline(db, a, baselineRow),
      sinceLastPeriod: a.carried.answers.length > 0 ? a.carried.counts : null,
    },
    sections,
    gaps,
  };
}

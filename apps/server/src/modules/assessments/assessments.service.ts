/**
 * Assessments of one client tenant (docs/assessments.md): start one on a pinned, published
 * framework version, change its details, move its status, delete it. Every query carries the
 * account and the tenant from the guard (ADR 0005): another account's assessment is not found.
 */
import { assertLimit } from '../billing/entitlements.ts';
import { randomUUID } from 'node:crypto';
import {
  ASSESSMENT_ERROR_CODES,
  can,
  type AssessmentDetail,
  type AssessmentProgress,
  type AssessmentScope,
  type AssessmentListQuery,
  type AssessmentPage,
  type AssessmentStatus,
  type AssessmentSummary,
  type AuditAction,
  type CreateAssessment,
  type Locale,
  type UpdateAssessment,
  isProvisional,
} from '@tenantry/shared';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TenantContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { publishLive } from '../../db/live.ts';
import { memberships } from '../../db/schema/accounts.ts';
import { assessmentAnswers, assessments, type StatusChange } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { tenantBaselines } from '../../db/schema/baseline.ts';
import { frameworks, frameworkVersions } from '../../db/schema/content.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditScope } from '../audit/audit.service.ts';
import { assertTenant } from '../tenants/tenants.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.events.ts';
import { toAnswer } from './answers/answer.ts';
import { assessmentNotFound } from './assessments.errors.ts';
import { rollUpLocked } from './answers/score-rollup.ts';
import { refreshTenantRollup } from './assessments.rollup.ts';
import { carriedSummary, readCarriedRows } from './carried/carried.read.ts';
import { latestCarryForward, newerVersionOf } from './carry-forward/carry-forward.service.ts';
import { assessmentOrigin } from './next/origin.ts';
import {
  computeProgress,
  cutDocument,
  effectiveTargets,
  loadVersionDocument,
  scopedFramework,
} from './assessments.framework.ts';

/** Other modules (baseline) answer with the same 404 for an assessment not in the tenant. */
export { assessmentNotFound };

export type AssessmentRow = typeof assessments.$inferSelect;
type Row = AssessmentRow;
type Scope = TenantContext & { name: string };

const validation = (message: string, fields: Record<string, string>) =>
  new AppError('common.validation', 400, message, fields);

export const inTenant = (scope: Pick<TenantContext, 'accountId' | 'tenantId'>, id?: string): SQL =>
  and(
    eq(assessments.accountId, scope.accountId),
    eq(assessments.tenantId, scope.tenantId),
    id === undefined ? undefined : eq(assessments.id, id),
  )!;

export const ownerName = sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`;

export function toSummary(row: Row, owner: { id: string; name: string } | null): AssessmentSummary {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    status: row.status,
    framework: {
      id: row.frameworkId,
      key: row.frameworkKey,
      name: row.frameworkName,
      version: row.frameworkVersion,
    },
    owner,
    dueDate: row.dueDate,
    language: row.language,
    score: row.score,
    completion: row.completion,
    answered: row.answered,
    total: row.total,
    provisional: isProvisional(row.status),
    respondents: { total: row.respondentsTotal, submitted: row.respondentsSubmitted },
    lastAnswer:
      row.lastAnswerAt && row.lastAnswerBy && row.lastAnswerSource
        ? { at: row.lastAnswerAt.toISOString(), by: row.lastAnswerBy, source: row.lastAnswerSource }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export async function assertOwner(db: Database | Tx, accountId: string, ownerId: string) {
  const [m] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, ownerId)));
  if (!m) {
    throw validation('The owner must be a member of your account.', {
      ownerId: 'Choose a member of your account.',
    });
  }
}

function allSectionKeys(sections: { key: string; sections: unknown[] }[], out = new Set<string>()) {
  for (const s of sections) {
    out.add(s.key);
    allSectionKeys(s.sections as { key: string; sections: unknown[] }[], out);
  }
  return out;
}

function checkTargets(targets: Record<string, number | null>, topLevel: Set<string>) {
  const unknown = Object.keys(targets).filter((k) => !topLevel.has(k));
  if (unknown.length) {
    throw validation('Targets are set per top-level section in the assessment.', {
      [`targets.${unknown[0]}`]: 'Not a top-level section of this assessment.',
    });
  }
}

/**
 * The scope and targets of a new assessment on a framework version, checked (400 for a section
 * the version lacks, an empty scope, a target of no top-level section), with its empty progress.
 */
export async function checkedScope(
  db: Database | Tx,
  frameworkId: string,
  version: number,
  scope: { sections?: string[] | null; tags?: string[] | null },
  targets: Record<string, number | null>,
) {
  const doc = await loadVersionDocument(db, frameworkId, version);
  if (!doc) {
    throw new AppError(
      ASSESSMENT_ERROR_CODES.frameworkNotFound,
      404,
      'There is no such published framework version.',
    );
  }
  const assessmentScope: AssessmentScope = {
    sections: scope.sections ?? null,
    tags: scope.tags ?? null,
  };
  if (assessmentScope.sections) {
    const known = allSectionKeys(doc.sections);
    const missing = assessmentScope.sections.find((k) => !known.has(k));
    if (missing) {
      throw validation('Pick sections of this framework version.', {
        'scope.sections': `There is no section “${missing}” in this framework version.`,
      });
    }
  }
  const framework = cutDocument(doc, assessmentScope);
  if (framework.questions.size === 0) {
    throw new AppError(
      ASSESSMENT_ERROR_CODES.emptyScope,
      400,
      'No question of this framework version is in that scope. Pick other sections or tags.',
      { scope: 'No question is in this scope.' },
    );
  }
  checkTargets(targets, new Set(Object.keys(framework.defaultTargets)));
  const progress = computeProgress(framework, {}, effectiveTargets(framework, targets));
  return { assessmentScope, targets, progress, framework };
}

export async function createAssessment(
  db: Database,
  scope: Scope,
  input: CreateAssessment & { scope: NonNullable<CreateAssessment['scope']> },
): Promise<AssessmentDetail> {
  await assertTenant(db, scope);
  const [fw] = await db
    .select({
      key: frameworks.key,
      name: frameworks.name,
      archivedAt: frameworks.archivedAt,
    })
    .from(frameworks)
    .innerJoin(
      frameworkVersions,
      and(
        eq(frameworkVersions.frameworkId, frameworks.id),
        eq(frameworkVersions.version, input.version),
      ),
    )
    .where(
      and(
        eq(frameworks.id, input.frameworkId),
        or(isNull(frameworks.accountId), eq(frameworks.accountId, scope.accountId)),
      ),
    );
  if (!fw || fw.archivedAt) {
    throw new AppError(
      ASSESSMENT_ERROR_CODES.frameworkNotFound,
      404,
      fw
        ? 'That framework is archived; start assessments on a current one.'
        : 'There is no such published framework version.',
    );
  }
  const ownerId = input.ownerId ?? scope.userId;
  if (input.ownerId) await assertOwner(db, scope.accountId, input.ownerId);
  const { assessmentScope, targets, progress } = await checkedScope(
    db,
    input.frameworkId,
    input.version,
    input.scope,
    input.targets ?? {},
  );
  const id = randomUUID();
  await db.transaction((tx) =>
    insertAssessment(tx, scope, {
      id,
      frameworkId: input.frameworkId,
      frameworkVersion: input.version,
      frameworkKey: fw.key,
      frameworkName: fw.name,
      name: input.name,
      ownerId,
      dueDate: input.dueDate ?? null,
      language: input.language ?? null,
      scope: assessmentScope,
      targets,
      progress,
      createdBy: scope.userId,
    }),
  );
  return getAssessment(db, scope, id);
}

/** What a new assessment row is made of (the rest starts empty). */
export interface NewAssessment {
  id: string;
  frameworkId: string;
  frameworkVersion: number;
  frameworkKey: string;
  frameworkName: string;
  name: string;
  ownerId: string | null;
  dueDate: string | null;
  /** The client-facing language (null: each person's own). */
  language?: Locale | null;
  scope: AssessmentScope;
  targets: Record<string, number | null>;
  progress: AssessmentProgress;
  previousAssessmentId?: string | null;
  createdBy: string | null;
}

/**
 * Inserts a new draft assessment in the caller's transaction: the plan's limit, the row, the
 * audit entry, the tenant's roll-up and the live event. Starting one by hand and starting the
 * next one from a previous (next/next.service.ts) both come through here.
 */
export async function insertAssessment(
  tx: Tx,
  scope: AuditScope & { tenantId: string; name: string },
  a: NewAssessment,
): Promise<void> {
  const now = new Date();
  await assertLimit(tx, scope.accountId, 'activeAssessments');
  await tx.insert(assessments).values({
    ...a,
    accountId: scope.accountId,
    tenantId: scope.tenantId,
    score: a.progress.score,
    completion: a.progress.completion,
    answered: a.progress.answered,
    total: a.progress.total,
    statusHistory: [{ status: 'draft', at: now.toISOString(), by: scope.name }],
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(tx, scope, {
    action: 'assessments.created',
    targetType: 'assessment',
    targetId: a.id,
    data: {
      name: a.name,
      tenantId: scope.tenantId,
      framework: a.frameworkName,
      version: a.frameworkVersion,
    },
  });
  await refreshTenantRollup(tx, scope);
  await publishLive(tx, { ...scope, assessmentId: a.id, kind: 'updated' });
}

const ListCursorSchema = z.tuple([z.string(), cursorPart.time, cursorPart.id]);
const createdKey = sql<string>`to_char(${assessments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Newest first, keyset-paged by (created_at, id). */
export async function listAssessments(
  db: Database,
  scope: TenantContext,
  query: AssessmentListQuery,
): Promise<AssessmentPage> {
  await assertTenant(db, scope);
  const after = query.cursor ? decodeCursor(query.cursor, ListCursorSchema) : null;
  if (after && after[0] !== query.status) {
    throw validation('The page cursor is not valid.', {
      cursor: 'Not a cursor this list gave out for this query. Start again from the first page.',
    });
  }
  const rows = await db
    .select({ a: assessments, ownerName, key: createdKey })
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.ownerId))
    .where(
      and(
        inTenant(scope),
        query.status === 'open'
          ? inArray(assessments.status, ['draft', 'in_progress', 'reopened'])
          : query.status === 'completed'
            ? eq(assessments.status, 'completed')
            : undefined,
        after
          ? sql`(${assessments.createdAt}, ${assessments.id}) < (${after[1]}::timestamptz, ${after[2]}::text)`
          : undefined,
      ),
    )
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) =>
      toSummary(r.a, r.a.ownerId && r.ownerName ? { id: r.a.ownerId, name: r.ownerName } : null),
    ),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor([query.status, last.key, last.a.id]) : null,
  };
}

async function readRow(db: Database | Tx, scope: TenantContext, id: string, lock = false) {
  const q = db
    .select({ a: assessments, ownerName })
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.ownerId))
    .where(inTenant(scope, id));
  const [row] = lock ? await q.for('update', { of: assessments }) : await q;
  if (!row) throw assessmentNotFound();
  return row;
}

export function permissionsOf(scope: TenantContext): AssessmentDetail['can'] {
  return {
    answer: scope.accountRole !== null || scope.shareRole === 'contributor',
    manage: can(scope.accountRole, 'assessments.manage'),
    delete: can(scope.accountRole, 'assessments.delete'),
  };
}

export async function getAssessment(
  db: Database,
  scope: TenantContext,
  id: string,
): Promise<AssessmentDetail> {
  const { a, ownerName: owner } = await readRow(db, scope, id);
  const framework = await scopedFramework(db, a.frameworkId, a.frameworkVersion, a.scope);
  if (!framework) throw assessmentNotFound();
  const [answers, newerVersion, carryForward, baseline, carriedRows, origin] = await Promise.all([
    db
      .select()
      .from(assessmentAnswers)
      .where(
        and(
          eq(assessmentAnswers.assessmentId, id),
          eq(assessmentAnswers.accountId, scope.accountId),
        ),
      )
      .orderBy(asc(assessmentAnswers.questionKey)),
    newerVersionOf(db, a.frameworkId, a.frameworkVersion),
    latestCarryForward(db, a),
    db
      .select({ id: tenantBaselines.assessmentId })
      .from(tenantBaselines)
      .where(
        and(
          eq(tenantBaselines.tenantId, scope.tenantId),
          eq(tenantBaselines.accountId, scope.accountId),
          eq(tenantBaselines.assessmentId, id),
        ),
      ),
    readCarriedRows(db, { accountId: scope.accountId, assessmentId: id }),
    assessmentOrigin(db, a),
  ]);
  const current = new Map(answers.map((r) => [r.questionKey, { value: r.value, na: r.na }]));
  return {
    ...toSummary(a, a.ownerId && owner ? { id: a.ownerId, name: owner } : null),
    scope: a.scope,
    targets: effectiveTargets(framework, a.targets),
    document: framework.document,
    progress: { ...a.progress, provisional: isProvisional(a.status) },
    answers: answers.filter((r) => framework.questions.has(r.questionKey)).map(toAnswer),
    statusHistory: a.statusHistory,
    can: permissionsOf(scope),
    review: a.review,
    isBaseline: baseline.length > 0,
    newerVersion,
    carryForward,
    carried: carriedSummary(carriedRows, current, framework.questions, a.previousAssessmentId),
    origin,
  };
}

export async function updateAssessment(
  db: Database,
  scope: Scope,
  id: string,
  input: UpdateAssessment,
): Promise<AssessmentDetail> {
  if (input.ownerId) await assertOwner(db, scope.accountId, input.ownerId);
  await db.transaction(async (tx) => {
    const { a } = await readRow(tx, scope, id, true);
    const set: Partial<typeof assessments.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) set.name = input.name;
    if (input.ownerId !== undefined) set.ownerId = input.ownerId;
    if (input.dueDate !== undefined) set.dueDate = input.dueDate;
    if (input.language !== undefined) set.language = input.language;
    if (input.targets !== undefined) {
      const framework = (await scopedFramework(tx, a.frameworkId, a.frameworkVersion, a.scope))!;
      checkTargets(input.targets, new Set(Object.keys(framework.defaultTargets)));
      const targets = { ...a.targets, ...input.targets };
      const progress = computeProgress(
        framework,
        a.scoreInput,
        effectiveTargets(framework, targets),
      );
      Object.assign(set, { targets, progress, score: progress.score });
    }
    await tx
      .update(assessments)
      // An answer being saved on the version read before this change is read again.
      .set({ ...set, writeVersion: sql`${assessments.writeVersion} + 1` })
      .where(inTenant(scope, id));
    await recordAudit(tx, scope, {
      action: 'assessments.updated',
      targetType: 'assessment',
      targetId: id,
      data: { name: input.name ?? a.name, fields: Object.keys(input) },
    });
    // The tenant's nearest due date (tenant list, dashboard) moves with it.
    if (input.dueDate !== undefined && input.dueDate !== a.dueDate) {
      await refreshTenantRollup(tx, scope);
    }
    await publishLive(tx, { ...scope, assessmentId: id, kind: 'updated' });
  });
  return getAssessment(db, scope, id);
}

const TRANSITIONS: Record<
  'start' | 'complete' | 'reopen',
  { from: AssessmentStatus[]; to: AssessmentStatus; action: AuditAction; refusal: string }
> = {
  start: {
    from: ['draft'],
    to: 'in_progress',
    action: 'assessments.started',
    refusal: 'Only a draft can be started.',
  },
  complete: {
    from: ['in_progress', 'reopened'],
    to: 'completed',
    action: 'assessments.completed',
    refusal: 'Only an assessment in progress (or reopened) can be completed.',
  },
  reopen: {
    from: ['completed'],
    to: 'reopened',
    action: 'assessments.reopened',
    refusal: 'Only a completed assessment can be reopened.',
  },
};

export async function transitionAssessment(
  db: Database,
  scope: Scope,
  id: string,
  move: keyof typeof TRANSITIONS,
): Promise<AssessmentDetail> {
  const t = TRANSITIONS[move];
  await db.transaction(async (tx) => {
    const { a } = await readRow(tx, scope, id, true);
    if (!t.from.includes(a.status)) {
      throw new AppError(ASSESSMENT_ERROR_CODES.invalidTransition, 409, t.refusal, undefined, {
        status: a.status,
      });
    }
    // A reopened assessment is active again: it counts against the plan.
    if (t.to === 'reopened') await assertLimit(tx, scope.accountId, 'activeAssessments');
    const now = new Date();
    const change: StatusChange = { status: t.to, at: now.toISOString(), by: scope.name };
    await tx
      .update(assessments)
      .set({
        status: t.to,
        statusHistory: [...a.statusHistory, change],
        updatedAt: now,
        writeVersion: sql`${assessments.writeVersion} + 1`,
        completedAt: t.to === 'completed' ? now : t.to === 'reopened' ? null : a.completedAt,
      })
      .where(inTenant(scope, id));
    await recordAudit(tx, scope, {
      action: t.action,
      targetType: 'assessment',
      targetId: id,
      data: { name: a.name, tenantId: scope.tenantId },
    });
    if (t.to === 'completed') {
      // The final scores: from every answer, whatever roll-up was still due (score-rollup.ts).
      const p = (await rollUpLocked(tx as unknown as Database, { ...scope, assessmentId: id })) ?? {
        score: a.score,
        completion: a.completion,
        answered: a.answered,
        total: a.total,
      };
      await emitWebhookEvent(tx, scope, 'assessment.completed', {
        assessment: {
          id,
          tenantId: scope.tenantId,
          name: a.name,
          score: p.score,
          completion: p.completion,
          answered: p.answered,
          total: p.total,
          completedAt: now.toISOString(),
        },
      });
    }
    await refreshTenantRollup(tx, scope);
    await publishLive(tx, { ...scope, assessmentId: id, kind: 'status' });
  });
  return getAssessment(db, scope, id);
}

export async function deleteAssessment(db: Database, scope: Scope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { a } = await readRow(tx, scope, id, true);
    await tx.delete(assessments).where(inTenant(scope, id));
    await recordAudit(tx, scope, {
      action: 'assessments.deleted',
      targetType: 'assessment',
      targetId: id,
      data: { name: a.name, tenantId: scope.tenantId, answered: a.answered },
    });
    await refreshTenantRollup(tx, scope);
    await publishLive(tx, { ...scope, assessmentId: id, kind: 'deleted' });
  });
}

/** 404 unless the assessment is on this tenant of this account (for routes under it). */
export async function assertAssessment(
  db: Database | Tx,
  scope: Pick<TenantContext, 'accountId' | 'tenantId'>,
  id: string,
): Promise<Row> {
  const [row] = await db.select().from(assessments).where(inTenant(scope, id));
  if (!row) throw assessmentNotFound();
  return row;
}

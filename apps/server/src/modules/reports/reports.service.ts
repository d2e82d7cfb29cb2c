/**
 * PDF reports of a client tenant's assessments (docs/reports.md): ask for one (a row `queued`
 * and a `reports.render` job), read its progress, download it once done. The job itself is in
 * reports.worker.ts. Every query carries the account and the tenant (ADR 0005): another
 * account's report is not found.
 */
import { randomUUID } from 'node:crypto';
import {
  ACTIVE_REPORT_STATUSES,
  REPORT_ERROR_CODES,
  REPORT_LIMITS,
  type Report,
} from '@tenantry/shared';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { reports } from '../../db/schema/reports.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { fileNameOf } from '../../lib/csv.ts';
import { AppError, tenantNotFound } from '../../lib/errors.ts';
import type { Jobs } from '../../lib/jobs/index.ts';
import { assertAssessment } from '../assessments/assessments.service.ts';

export const REPORTS_QUEUE = 'reports.render';

/** What a `reports.render` job carries: the row and the scope it must be found in. */
export interface RenderJob {
  reportId: string;
  accountId: string;
  tenantId: string;
}

type Scope = Pick<TenantContext, 'accountId' | 'tenantId' | 'userId'>;
type ReportRow = typeof reports.$inferSelect;

/** How long a client should wait before asking again after a 429. */
export const RETRY_AFTER_SECONDS = 10;
/**
 * A render whose server died (SIGKILL, a crash) is taken over by another process after this
 * long (plus up to the queue's maintenance interval, 2 minutes): pg-boss's default of 15
 * minutes equals REPORT_LIMITS.staleMinutes, so such a report was failed as stale instead of
 * finished (found by bench/soak.mjs). A render takes seconds (bench/reports.ts: under 5 s for
 * 300 questions); a slower one run twice is harmless, the row is its only state.
 */
export const RENDER_EXPIRE_SECONDS = 60;
export const STALE_ERROR = 'The report took too long and was stopped. Ask for a new one.';

export const reportNotFound = () =>
  new AppError(REPORT_ERROR_CODES.notFound, 404, 'There is no such report on this client tenant.');

export const inTenantReports = (scope: Pick<Scope, 'accountId' | 'tenantId'>, id?: string): SQL =>
  and(
    eq(reports.accountId, scope.accountId),
    eq(reports.tenantId, scope.tenantId),
    id === undefined ? undefined : eq(reports.id, id),
  )!;

/** Reports still queued or rendering that are not stale. */
export const activeReports = (now = new Date()): SQL =>
  and(
    inArray(reports.status, [...ACTIVE_REPORT_STATUSES]),
    gt(reports.createdAt, new Date(now.getTime() - REPORT_LIMITS.staleMinutes * 60_000)),
  )!;

const columns = {
  id: reports.id,
  tenantId: reports.tenantId,
  assessmentId: reports.assessmentId,
  status: reports.status,
  progress: reports.progress,
  fileName: reports.fileName,
  bytes: reports.bytes,
  error: reports.error,
  createdAt: reports.createdAt,
  finishedAt: reports.finishedAt,
  createdBy: reports.createdBy,
  creatorName: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`,
};
type Listed = Omit<ReportRow, 'accountId' | 'data' | 'startedAt'> & { creatorName: string | null };

/** The row as the API shows it; one still on its way after REPORT_LIMITS.staleMinutes failed. */
export function toReport(r: Listed, now = new Date()): Report {
  const stale =
    (ACTIVE_REPORT_STATUSES as readonly string[]).includes(r.status) &&
    now.getTime() - r.createdAt.getTime() > REPORT_LIMITS.staleMinutes * 60_000;
  return {
    id: r.id,
    tenantId: r.tenantId,
    assessmentId: r.assessmentId,
    status: stale ? 'failed' : r.status,
    progress: Math.min(1, Math.max(0, r.progress)),
    fileName: r.fileName,
    bytes: r.bytes,
    error: stale ? STALE_ERROR : r.error,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    createdBy: r.createdBy && r.creatorName ? { id: r.createdBy, name: r.creatorName } : null,
  };
}

export async function getReport(db: Database, scope: Scope, id: string): Promise<Report> {
  const [row] = await db
    .select(columns)
    .from(reports)
    .leftJoin(users, eq(users.id, reports.createdBy))
    .where(inTenantReports(scope, id));
  if (!row) throw reportNotFound();
  return toReport(row);
}

/**
 * Asks for a report of one of the tenant's assessments: a `queued` row, then a job. At most
 * REPORT_LIMITS.active per tenant are on their way at once (the tenant row is locked while
 * counting, so two requests cannot both take the last place).
 */
export async function createReport(
  db: Database,
  jobs: Jobs,
  scope: Scope,
  assessmentId: string,
): Promise<Report> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const [tenant] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.id, scope.tenantId), eq(tenants.accountId, scope.accountId)))
      .for('no key update');
    if (!tenant) throw tenantNotFound();
    const a = await assertAssessment(tx, scope, assessmentId);
    const [busy] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(inTenantReports(scope), activeReports()));
    if ((busy?.n ?? 0) >= REPORT_LIMITS.active) {
      throw new AppError(
        REPORT_ERROR_CODES.tooMany,
        429,
        `This client tenant already has ${REPORT_LIMITS.active} reports on their way. Try again when one is ready.`,
        undefined,
        { retryAfterSeconds: RETRY_AFTER_SECONDS },
      );
    }
    await tx.insert(reports).values({
      id,
      accountId: scope.accountId,
      tenantId: scope.tenantId,
      assessmentId: a.id,
      fileName: fileNameOf(`${a.name} report`, 'pdf'),
      createdBy: scope.userId || null,
    });
  });
  const job: RenderJob = { reportId: id, accountId: scope.accountId, tenantId: scope.tenantId };
  try {
    await jobs.send(REPORTS_QUEUE, job, {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: RENDER_EXPIRE_SECONDS,
    });
  } catch (err) {
    await db
      .update(reports)
      .set({ status: 'failed', error: 'The report could not be queued.', finishedAt: new Date() })
      .where(inTenantReports(scope, id));
    throw err;
  }
  return getReport(db, scope, id);
}

/** The PDF of a report that is done; 409 while it is on its way or when it failed. */
export async function reportFile(
  db: Database,
  scope: Scope,
  id: string,
): Promise<{ fileName: string; data: Buffer }> {
  const [row] = await db
    .select({
      status: reports.status,
      progress: reports.progress,
      fileName: reports.fileName,
      data: reports.data,
      createdAt: reports.createdAt,
      error: reports.error,
    })
    .from(reports)
    .where(inTenantReports(scope, id));
  if (!row) throw reportNotFound();
  if (row.status === 'done' && row.data) return { fileName: row.fileName, data: row.data };
  const shown = toReport({
    ...row,
    id,
    tenantId: scope.tenantId,
    assessmentId: '',
    bytes: null,
    finishedAt: null,
    createdBy: null,
    creatorName: null,
  });
  if (shown.status === 'failed') {
    throw new AppError(
      REPORT_ERROR_CODES.failed,
      409,
      shown.error ?? 'The report could not be made. Ask for a new one.',
    );
  }
  throw new AppError(
    REPORT_ERROR_CODES.notReady,
    409,
    'The report is not ready yet. Ask again in a moment.',
    undefined,
    { status: shown.status, progress: shown.progress },
  );
}

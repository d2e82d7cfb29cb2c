/**
 * The `reports.render` job (docs/reports.md, ADR 0013): claims the report's row, reads what
 * the report shows, draws the PDF while writing its progress into the row, and stores the PDF
 * in the row. Any server process may run it; the row is the only state, so the progress is
 * read by whichever process answers the browser's polling.
 *
 * A failure to draw marks the report failed (trying again would fail again); a failure of the
 * database write at the end throws, so pg-boss retries the job, which claims the row again.
 * After each job, reports older than REPORT_LIMITS.keepDays are deleted and reports stuck on
 * their way past REPORT_LIMITS.staleMinutes are marked failed, in every account.
 */
import { ACTIVE_REPORT_STATUSES, REPORT_LIMITS } from '@tenantry/shared';
import { and, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { reports } from '../../db/schema/reports.ts';
import type { Jobs, Logger } from '../../lib/jobs/index.ts';
import { throttledProgress } from '../../lib/jobs/progress.ts';
import { loadReportData } from './reports.data.ts';
import { renderReportPdf } from './pdf/render.ts';
import { inTenantReports, REPORTS_QUEUE, STALE_ERROR, type RenderJob } from './reports.service.ts';

/** Progress is written when it moved at least this much (a write per ~4 %). */
const PROGRESS_STEP = 0.04;
export const FAILED_ERROR = 'The report could not be made. Ask for a new one.';

/** Deletes old reports and fails stuck ones (all accounts); answers how many were deleted. */
export async function pruneReports(db: Database, now = new Date()): Promise<number> {
  const keep = new Date(now.getTime() - REPORT_LIMITS.keepDays * 86_400_000);
  const stale = new Date(now.getTime() - REPORT_LIMITS.staleMinutes * 60_000);
  await db
    .update(reports)
    .set({ status: 'failed', error: STALE_ERROR, finishedAt: now })
    .where(and(inArray(reports.status, [...ACTIVE_REPORT_STATUSES]), lt(reports.createdAt, stale)));
  const gone = await db
    .delete(reports)
    .where(lt(reports.createdAt, keep))
    .returning({ id: reports.id });
  return gone.length;
}

/** Renders one report; see the file's comment for what happens on failure. */
export async function renderReport(db: Database, logger: Logger, job: RenderJob): Promise<void> {
  const where = inTenantReports(job, job.reportId);
  const [row] = await db
    .update(reports)
    .set({ status: 'running', startedAt: new Date(), progress: 0.02 })
    .where(and(where, inArray(reports.status, [...ACTIVE_REPORT_STATUSES])))
    .returning({ assessmentId: reports.assessmentId });
  if (!row) return; // deleted with its assessment, or already finished (a repeated job)
  let pdf: Buffer;
  const started = Date.now();
  try {
    const onProgress = throttledProgress(
      async (p) => {
        await db.update(reports).set({ progress: p }).where(where);
      },
      { from: 0.02, step: PROGRESS_STEP },
    );
    const data = await loadReportData(db, job, row.assessmentId);
    await onProgress(0.1);
    pdf = await renderReportPdf(data, { onProgress });
  } catch (err) {
    logger.error({ err, reportId: job.reportId }, 'reports: could not render a report');
    await db
      .update(reports)
      .set({ status: 'failed', error: FAILED_ERROR, finishedAt: new Date() })
      .where(where);
    return;
  }
  await db
    .update(reports)
    .set({
      status: 'done',
      progress: 1,
      data: pdf,
      bytes: pdf.length,
      error: null,
      finishedAt: new Date(),
    })
    .where(where);
  logger.info(
    { reportId: job.reportId, bytes: pdf.length, ms: Date.now() - started },
    'reports: rendered',
  );
  await pruneReports(db).catch((err: unknown) =>
    logger.warn({ err }, 'reports: could not prune old reports'),
  );
}

/** Registers this process's worker of `reports.render` (server.ts, and test/app.ts). */
export async function registerReports(opts: {
  db: Database;
  jobs: Jobs;
  logger: Logger;
}): Promise<void> {
  const { db, jobs, logger } = opts;
  await jobs.work<RenderJob>(REPORTS_QUEUE, (job) => renderReport(db, logger, job));
}

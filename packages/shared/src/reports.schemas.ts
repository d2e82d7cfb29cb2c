import { z } from 'zod';
import { IdSchema } from './params.schemas.ts';
import { PersonRefSchema } from './remediation.schemas.ts';

/**
 * PDF reports of an assessment (docs/reports.md): asked for on the assessment, rendered on the
 * server as a background job that records its progress, then downloaded. Members and the shared
 * users of the client tenant (viewers and contributors) create and download them.
 */

export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  queued: 'Waiting to start',
  running: 'Rendering',
  done: 'Ready',
  failed: 'Failed',
};
/** Statuses of a report still on its way. */
export const ACTIVE_REPORT_STATUSES = [
  'queued',
  'running',
] as const satisfies readonly ReportStatus[];

export const REPORT_LIMITS = {
  /** Most reports of one client tenant queued or rendering at once (429 `reports.too_many`). */
  active: 3,
  /** A report still queued or rendering after this many minutes counts as failed. */
  staleMinutes: 15,
  /** Days a report is kept before it is deleted. */
  keepDays: 7,
  /** How often a client asks for the progress, in milliseconds. */
  pollMs: 700,
} as const;

export const REPORT_ERROR_CODES = {
  /** 404: no such report on this client tenant. */
  notFound: 'reports.not_found',
  /** 409: the report is still queued or rendering. */
  notReady: 'reports.not_ready',
  /** 409: the report could not be rendered; ask for a new one. */
  failed: 'reports.failed',
  /** 429: the client tenant already has REPORT_LIMITS.active reports on their way. */
  tooMany: 'reports.too_many',
} as const;

export const ReportSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  assessmentId: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** How far the rendering is, in [0, 1] (1 when done). */
  progress: z.number().min(0).max(1),
  /** The name the PDF is downloaded under (ASCII, ends in `.pdf`). */
  fileName: z.string(),
  /** Size of the PDF; null until done. */
  bytes: z.number().int().nullable(),
  /** Why it failed, for people; null unless failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  createdBy: PersonRefSchema.nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportParamsSchema = z.object({ tenantId: IdSchema, reportId: IdSchema });

import { createRoute, z } from '@hono/zod-openapi';
import {
  AssessmentParamsSchema,
  REPORT_ERROR_CODES,
  ReportParamsSchema,
  ReportSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { createRouter, type AppEnv } from '../../auth/context.ts';
import { getTenant, requireTenant } from '../../auth/guards.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponse, errorResponses, json } from '../../lib/openapi.ts';
import { RETRY_AFTER_SECONDS, createReport, getReport, reportFile } from './reports.service.ts';

/** PDF reports of a client tenant's assessments (docs/reports.md). */
const TAGS = ['reports'];
const ONE = '/tenants/{tenantId}/reports/{reportId}';
const noStore = { 'cache-control': 'no-store' };
const reads = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
};
const notFound = errorResponse(
  'No such client tenant in your account (`tenants.not_found`) or no such report on it (`reports.not_found`)',
);

const createReportRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'post',
  path: '/tenants/{tenantId}/assessments/{assessmentId}/reports',
  tags: TAGS,
  summary: 'Ask for a PDF report of an assessment (rendered in the background)',
  description:
    'Answers the report `queued`; a background job renders it and records its progress: poll `GET …/reports/{reportId}` until `done`, then download `…/file`. Members and the tenant’s shared users (viewers too) may ask. At most three reports of a tenant are on their way at once (429 `reports.too_many`, with Retry-After).',
  request: { params: AssessmentParamsSchema },
  responses: {
    202: json(ReportSchema, 'The report, queued (or further along already)'),
    ...reads,
    404: errorResponse(
      'No such client tenant or assessment (`tenants.not_found`, `assessments.not_found`)',
    ),
    429: errorResponse('Too many reports of this tenant on their way (`reports.too_many`)'),
  },
});

const getReportRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: ONE,
  tags: TAGS,
  summary: 'A report: its status and progress (poll it while it renders)',
  request: { params: ReportParamsSchema },
  responses: { 200: json(ReportSchema, 'The report'), ...reads, 404: notFound },
});

const fileRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: `${ONE}/file`,
  tags: TAGS,
  summary: 'The report’s PDF (an attachment), once it is done',
  request: { params: ReportParamsSchema },
  responses: {
    200: {
      description: 'The PDF file (an attachment)',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...reads,
    404: notFound,
    409: errorResponse(
      'Not ready yet (`reports.not_ready`, with `details.status` and `details.progress`) or failed (`reports.failed`)',
    ),
  },
});

/** A 429 of too many reports says when to ask again. */
function retryAfter(c: Context<AppEnv>, err: unknown): never {
  if (err instanceof AppError && err.code === REPORT_ERROR_CODES.tooMany) {
    c.header('retry-after', String(RETRY_AFTER_SECONDS));
  }
  throw err;
}

export const reportRoutes = createRouter()
  .openapi(createReportRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    const { db, jobs } = c.var.deps;
    const report = await createReport(db, jobs, getTenant(c), assessmentId).catch((err) =>
      retryAfter(c, err),
    );
    return c.json(report, 202, noStore);
  })
  .openapi(getReportRoute, async (c) =>
    c.json(
      await getReport(c.var.deps.db, getTenant(c), c.req.valid('param').reportId),
      200,
      noStore,
    ),
  )
  .openapi(fileRoute, async (c) => {
    const { fileName, data } = await reportFile(
      c.var.deps.db,
      getTenant(c),
      c.req.valid('param').reportId,
    );
    return c.body(new Uint8Array(data), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
      'content-length': String(data.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    }) as never;
  });

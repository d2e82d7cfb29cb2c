import { createRoute } from '@hono/zod-openapi';
import {
  AuditVerificationSchema,
  AuditVerificationStatusSchema,
  ServiceAuditExportQuerySchema,
  ServiceAuditPageSchema,
  ServiceAuditQuerySchema,
} from '@tenantry/shared';
import { z } from 'zod';
import { createRouter } from '../../../auth/context.ts';
import { getClaims, requireSystemRole } from '../../../auth/guards.ts';
import { csvHeaders } from '../../../lib/csv.ts';
import { errorResponses, json } from '../../../lib/openapi.ts';
import { exportChunks, exportEntries, listServiceAudit, recordExport } from './audit.service.ts';
import { latestAuditVerification, requestAuditVerification } from './audit-verify.ts';

const TAGS = ['service'];

const listRoute = createRoute({
  method: 'get',
  path: '/service/audit',
  tags: TAGS,
  summary:
    'The system-wide audit log (security events, staff actions, every account’s entries), newest first, keyset-paged, filtered by actor (e-mail or user id), account, action (one, or a prefix such as `service.`) and time. System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { query: ServiceAuditQuerySchema },
  responses: {
    200: json(ServiceAuditPageSchema, 'A page of entries'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/service/audit/export',
  tags: TAGS,
  summary:
    'Every entry the filters match, as CSV or a JSON array, streamed (audited as `service.audit_exported`). System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { query: ServiceAuditExportQuerySchema },
  responses: {
    200: {
      description: 'The entries, newest first',
      content: {
        'text/csv': { schema: z.string() },
        'application/json': { schema: z.array(z.unknown()) },
      },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/service/audit/verify',
  tags: TAGS,
  summary:
    'Verify the audit log’s hash chain: a background job recomputes it from its first sealed entry and says where it breaks, if anywhere (the result is audited as `service.audit_verified`). System admins only.',
  description:
    'Answers the verification `queued` (202), or the one already on its way (200): poll `GET /service/audit/verify` until its `state` is `done` (its `result`) or `failed`. `checked` of `total` is its progress.',
  middleware: requireSystemRole(['admin']),
  responses: {
    200: json(AuditVerificationSchema, 'The verification already on its way'),
    202: json(AuditVerificationSchema, 'The verification, queued (or further along already)'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const latestVerificationRoute = createRoute({
  method: 'get',
  path: '/service/audit/verify',
  tags: TAGS,
  summary:
    'The latest verification of the audit log’s hash chain, with its progress or result (null before the first). System admins only.',
  middleware: requireSystemRole(['admin']),
  responses: {
    200: json(AuditVerificationStatusSchema, 'The latest verification'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

/** A stream of the chunks, pulled as the client reads; closing it stops the reading. */
function textStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/:/g, '-');

/** Mounted under /api/v1. */
export const serviceAuditRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await listServiceAudit(c.var.deps.db, c.req.valid('query')), 200);
  })
  .openapi(exportRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const query = c.req.valid('query');
    const { db } = c.var.deps;
    await recordExport(db, { userId: uid, email }, query, c.var.deps.clientIp(c) ?? null);
    const { format, ...filters } = query;
    const body = textStream(exportChunks(exportEntries(db, filters), format));
    const fileName = `tenantry-audit-${stamp()}.${format}`;
    const headers =
      format === 'csv'
        ? csvHeaders(fileName)
        : {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': `attachment; filename="${fileName}"`,
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
          };
    return c.body(body, 200, headers) as never;
  })
  .openapi(verifyRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { created, verification } = await requestAuditVerification(
      c.var.deps.db,
      c.var.deps.jobs,
      { userId: uid, email },
      c.var.deps.clientIp(c) ?? null,
    );
    c.header('cache-control', 'no-store');
    return created ? c.json(verification, 202) : c.json(verification, 200);
  })
  .openapi(latestVerificationRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ verification: await latestAuditVerification(c.var.deps.db) }, 200);
  });

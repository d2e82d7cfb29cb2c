import { createRoute, z } from '@hono/zod-openapi';
import {
  AssessmentParamsSchema,
  EVIDENCE_ERROR_CODES,
  EvidencePackParamsSchema,
  EvidencePackSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getTenant, requireTenant } from '../../auth/guards.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponse, errorResponses, json } from '../../lib/openapi.ts';
import { blobStream } from '../../lib/storage/blob-store.ts';
import {
  RETRY_AFTER_SECONDS,
  createEvidencePack,
  evidencePackFile,
  getEvidencePack,
} from './evidence-packs.service.ts';

/** Evidence packs of a client tenant's assessments (docs/evidence.md, "Evidence packs"). */
const TAGS = ['evidence'];
const ONE = '/tenants/{tenantId}/evidence-packs/{packId}';
const noStore = { 'cache-control': 'no-store' };
const reads = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
};
const notFound = errorResponse(
  'No such client tenant in your account (`tenants.not_found`) or no such pack on it (`evidence.pack_not_found`)',
);

const createPackRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'post',
  path: '/tenants/{tenantId}/assessments/{assessmentId}/evidence-packs',
  tags: TAGS,
  summary: 'Ask for an evidence pack of an assessment (a ZIP built in the background)',
  description:
    'Answers the pack `queued`; a background job builds the ZIP — `answers.csv`, every linked evidence file’s current revision under `evidence/<questionKey>/`, and `manifest.json` / `manifest.csv` with each file’s SHA-256 — and records its progress: poll `GET …/evidence-packs/{packId}` until `done`, then download `…/file`. Members and the tenant’s shared users (viewers too) may ask. At most two packs of a tenant are on their way at once (429 `evidence.pack_too_many`, with Retry-After).',
  request: { params: AssessmentParamsSchema },
  responses: {
    202: json(EvidencePackSchema, 'The pack, queued (or further along already)'),
    ...reads,
    404: errorResponse(
      'No such client tenant or assessment (`tenants.not_found`, `assessments.not_found`)',
    ),
    429: errorResponse('Too many packs of this tenant on their way (`evidence.pack_too_many`)'),
  },
});

const getPackRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: ONE,
  tags: TAGS,
  summary: 'An evidence pack: its status and progress (poll it while it is built)',
  request: { params: EvidencePackParamsSchema },
  responses: { 200: json(EvidencePackSchema, 'The pack'), ...reads, 404: notFound },
});

const fileRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: `${ONE}/file`,
  tags: TAGS,
  summary: 'The evidence pack’s ZIP (an attachment, streamed), once it is done',
  request: { params: EvidencePackParamsSchema },
  responses: {
    200: {
      description: 'The ZIP file (an attachment)',
      content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...reads,
    404: notFound,
    409: errorResponse(
      'Not ready yet, or failed (`evidence.pack_not_ready`, with `details.status` and `details.progress`)',
    ),
  },
});

export const evidencePackRoutes = createRouter()
  .openapi(createPackRoute, async (c) => {
    const { db, jobs } = c.var.deps;
    const pack = await createEvidencePack(
      db,
      jobs,
      getTenant(c),
      c.req.valid('param').assessmentId,
    ).catch((err: unknown) => {
      // A 429 says when to ask again.
      if (err instanceof AppError && err.code === EVIDENCE_ERROR_CODES.packTooMany) {
        c.header('retry-after', String(RETRY_AFTER_SECONDS));
      }
      throw err;
    });
    return c.json(pack, 202, noStore);
  })
  .openapi(getPackRoute, async (c) =>
    c.json(
      await getEvidencePack(c.var.deps.db, getTenant(c), c.req.valid('param').packId),
      200,
      noStore,
    ),
  )
  .openapi(fileRoute, async (c) => {
    const { db, blobs } = c.var.deps;
    const file = await evidencePackFile(db, getTenant(c), c.req.valid('param').packId);
    return c.body(blobStream(blobs, file.blobKey), 200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'content-length': String(file.bytes),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    }) as never;
  });

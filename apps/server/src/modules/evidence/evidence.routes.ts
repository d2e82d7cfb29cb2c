import { createRoute } from '@hono/zod-openapi';
import {
  AnswerEvidenceParamsSchema,
  AssessmentParamsSchema,
  EvidenceCreateQuerySchema,
  EvidenceDetailSchema,
  EvidenceDownloadLinkSchema,
  EvidenceDownloadParamsSchema,
  EvidenceFileSchema,
  EvidenceListQuerySchema,
  EvidenceListSchema,
  EvidenceMapSchema,
  EvidenceParamsSchema,
  EvidencePatchSchema,
  EvidenceReplaceQuerySchema,
  EvidenceRevisionQuerySchema,
  EVIDENCE_TYPES_LABEL,
  TenantParamsSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getTenant, requireTenant } from '../../auth/guards.ts';
import { blobStream } from '../../lib/storage/blob-store.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { mediaHeaders } from '../media/media.service.ts';
import { evidencePreview, openDownload, tenantDownloadLink } from './downloads.service.ts';
import { userActor } from './evidence-rows.ts';
import { binary, downloadHeaders, rawBody, uploadOf } from './evidence.http.ts';
import {
  deleteEvidence,
  getEvidence,
  listEvidence,
  patchEvidence,
  replaceEvidence,
  uploadToTenant,
} from './evidence.service.ts';
import { assessmentEvidence, linkEvidence, unlinkEvidence } from './links.service.ts';

/** A client tenant's evidence library and the evidence on answers (docs/evidence.md). */
const TAGS = ['evidence'];
const LIBRARY = '/tenants/{tenantId}/evidence';
const ONE = `${LIBRARY}/{evidenceId}`;
const ON_ANSWER =
  '/tenants/{tenantId}/assessments/{assessmentId}/answers/{questionKey}/evidence/{evidenceId}';
const noStore = { 'cache-control': 'no-store' };

const notFound = errorResponse(
  'No such client tenant in your account (`tenants.not_found`) or no such evidence file on it (`evidence.not_found`)',
);
const reads = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };
const uploadRefusals = {
  400: errorResponse(
    'Empty (`evidence.empty`), a bad name (`evidence.bad_name`: empty, over 200 characters, a path separator, `..`, control characters) or dates (`evidence.bad_dates`)',
  ),
  413: errorResponse(
    'Over 25 MB (`storage.file_too_large`) or past the plan’s storage quota (`storage.quota_exceeded`, `details` say how much is left)',
  ),
  415: errorResponse(
    `Not an allowed type by its bytes (\`evidence.type_not_allowed\`: ${EVIDENCE_TYPES_LABEL}), or unsafe (\`evidence.unsafe_file\`: a zip bomb, a file that is also a web page or script)`,
  ),
};

const listRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: LIBRARY,
  tags: TAGS,
  summary: 'The client tenant’s evidence library, newest first',
  description:
    '`q` searches the names, `state` is `current`, `expiring` (within 30 days) or `expired`; `nextCursor` fetches the next page.',
  request: { params: TenantParamsSchema, query: EvidenceListQuerySchema },
  responses: { 200: json(EvidenceListSchema, 'A page of files'), ...reads, 404: notFound },
});

const uploadRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'post',
  path: LIBRARY,
  tags: TAGS,
  summary: 'Upload a file to the library (raw body), optionally onto an answer (audited)',
  description:
    'The body is the file itself (`fetch(url, { method: "POST", body: file })`), streamed into the file store; `name` is its name. The type is decided from the bytes (the name’s extension is corrected to it). With `assessmentId` and `questionKey` the file is also linked to that answer (409 `evidence.too_many_files` past 10, `evidence.assessment_closed` on a completed assessment). Refused uploads keep nothing.',
  request: { params: TenantParamsSchema, query: EvidenceCreateQuerySchema, body: rawBody },
  responses: {
    201: json(EvidenceFileSchema, 'The file'),
    ...reads,
    ...uploadRefusals,
    404: errorResponse(
      'No such client tenant, assessment or question (`tenants.not_found`, `assessments.not_found`, `assessments.question_not_found`)',
    ),
    409: errorResponse(
      'The answer has 10 files (`evidence.too_many_files`) or the assessment is completed (`evidence.assessment_closed`)',
    ),
  },
});

const getRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: ONE,
  tags: TAGS,
  summary: 'One file with its revisions (newest first) and the answers using it',
  request: { params: EvidenceParamsSchema },
  responses: { 200: json(EvidenceDetailSchema, 'The file'), ...reads, 404: notFound },
});

const patchRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'patch',
  path: ONE,
  tags: TAGS,
  summary: 'Rename or re-date a file (send the `version` read)',
  request: { params: EvidenceParamsSchema, body: jsonBody(EvidencePatchSchema) },
  responses: {
    200: json(EvidenceFileSchema, 'The file'),
    ...reads,
    404: notFound,
    409: errorResponse('Changed since it was read (`evidence.conflict`, `details.current`)'),
  },
});

const replaceRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'post',
  path: `${ONE}/revisions`,
  tags: TAGS,
  summary: 'Replace the file (raw body): a new revision, the old ones kept (audited)',
  request: { params: EvidenceParamsSchema, query: EvidenceReplaceQuerySchema, body: rawBody },
  responses: {
    200: json(EvidenceFileSchema, 'The file, at its new revision'),
    ...reads,
    ...uploadRefusals,
    404: notFound,
    409: errorResponse('Changed since it was read (`evidence.conflict`, `details.current`)'),
  },
});

const deleteRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'delete',
  path: ONE,
  tags: TAGS,
  summary: 'Delete a file: its revisions, their bytes and its links to answers (audited)',
  request: { params: EvidenceParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...reads, 404: notFound },
});

const linkRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'post',
  path: `${ONE}/download-link`,
  tags: TAGS,
  summary: 'A signed download link to the file (5 minutes; no session needed to follow it)',
  request: { params: EvidenceParamsSchema, query: EvidenceRevisionQuerySchema },
  responses: { 200: json(EvidenceDownloadLinkSchema, 'The link'), ...reads, 404: notFound },
});

const downloadRoute = createRoute({
  method: 'get',
  path: '/evidence-downloads/{token}',
  tags: TAGS,
  summary: 'The bytes of a signed download link, streamed as an attachment',
  description:
    'The signature is the authority (no session). `Content-Disposition: attachment`, `nosniff`, a sandboxing CSP, `Cache-Control: private, no-store`; `X-Evidence-SHA256` is the file’s hash.',
  request: { params: EvidenceDownloadParamsSchema },
  responses: {
    200: {
      description: 'The file',
      content: { 'application/octet-stream': { schema: binary } },
    },
    400: errorResponses[400],
    403: errorResponse('Not a valid link (`evidence.link_invalid`)'),
    404: errorResponse('The file has been deleted (`evidence.not_found`)'),
    410: errorResponse('The link has expired (`evidence.link_invalid`)'),
  },
});

const previewRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: `${ONE}/preview`,
  tags: TAGS,
  summary: 'An image file’s preview, re-encoded by the media pipeline (WebP, no metadata)',
  request: { params: EvidenceParamsSchema, query: EvidenceRevisionQuerySchema },
  responses: {
    200: { description: 'The preview', content: { 'image/webp': { schema: binary } } },
    ...reads,
    404: errorResponse('No such file, or no preview of it (not a PNG, JPEG or WebP image)'),
  },
});

const mapRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: '/tenants/{tenantId}/assessments/{assessmentId}/evidence',
  tags: TAGS,
  summary: 'The files of every answer of an assessment, by question key',
  request: { params: AssessmentParamsSchema },
  responses: {
    200: json(EvidenceMapSchema, 'The files by answer'),
    ...reads,
    404: errorResponse('No such client tenant or assessment'),
  },
});

const answerLinkRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'put',
  path: ON_ANSWER,
  tags: TAGS,
  summary: 'Link a library file to an answer (idempotent)',
  request: { params: AnswerEvidenceParamsSchema },
  responses: {
    200: json(EvidenceFileSchema, 'The file, linked'),
    ...reads,
    404: errorResponse('No such client tenant, assessment, question or file'),
    409: errorResponse(
      'The answer has 10 files (`evidence.too_many_files`) or the assessment is completed (`evidence.assessment_closed`)',
    ),
  },
});

const answerUnlinkRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'delete',
  path: ON_ANSWER,
  tags: TAGS,
  summary: 'Remove a file from an answer (it stays in the library)',
  request: { params: AnswerEvidenceParamsSchema },
  responses: {
    204: { description: 'Removed' },
    ...reads,
    404: errorResponse('No such client tenant, assessment, question or link'),
    409: errorResponse('The assessment is completed (`evidence.assessment_closed`)'),
  },
});

export const evidenceRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listEvidence(c.var.deps.db, getTenant(c), c.req.valid('query')), 200, noStore),
  )
  .openapi(uploadRoute, async (c) => {
    const { db, blobs } = c.var.deps;
    const scope = getTenant(c);
    const { assessmentId, questionKey, ...meta } = c.req.valid('query');
    const file = await uploadToTenant(
      db,
      blobs,
      await userActor(db, scope),
      scope,
      uploadOf(c, meta),
      {
        assessmentId,
        questionKey,
      },
    );
    return c.json(file, 201);
  })
  .openapi(getRoute, async (c) =>
    c.json(
      await getEvidence(c.var.deps.db, getTenant(c), c.req.valid('param').evidenceId),
      200,
      noStore,
    ),
  )
  .openapi(patchRoute, async (c) =>
    c.json(
      await patchEvidence(
        c.var.deps.db,
        getTenant(c),
        c.req.valid('param').evidenceId,
        c.req.valid('json'),
      ),
      200,
    ),
  )
  .openapi(replaceRoute, async (c) => {
    const { db, blobs } = c.var.deps;
    const scope = getTenant(c);
    const { version, name, ...meta } = c.req.valid('query');
    const upload = uploadOf(c, { ...meta, name: name ?? '' });
    const file = await replaceEvidence(
      db,
      blobs,
      await userActor(db, scope),
      scope,
      c.req.valid('param').evidenceId,
      {
        ...upload,
        name,
        version,
      },
    );
    return c.json(file, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { db, blobs } = c.var.deps;
    const scope = getTenant(c);
    await deleteEvidence(
      db,
      blobs,
      await userActor(db, scope),
      scope,
      c.req.valid('param').evidenceId,
    );
    return c.body(null, 204);
  })
  .openapi(linkRoute, async (c) => {
    const { db, config } = c.var.deps;
    const link = await tenantDownloadLink(
      db,
      config.authSecret,
      getTenant(c),
      c.req.valid('param').evidenceId,
      c.req.valid('query').revision,
    );
    return c.json(link, 200, noStore);
  })
  .openapi(downloadRoute, async (c) => {
    const { db, blobs, config } = c.var.deps;
    const d = await openDownload(db, config.authSecret, c.req.valid('param').token);
    return c.body(blobStream(blobs, d.blobKey), 200, downloadHeaders(d)) as never;
  })
  .openapi(previewRoute, async (c) => {
    const { db, blobs } = c.var.deps;
    const image = await evidencePreview(
      db,
      blobs,
      getTenant(c),
      c.req.valid('param').evidenceId,
      c.req.valid('query').revision,
    );
    return c.body(new Uint8Array(image.data), 200, mediaHeaders(image, 'revalidate')) as never;
  })
  .openapi(mapRoute, async (c) =>
    c.json(
      await assessmentEvidence(c.var.deps.db, getTenant(c), c.req.valid('param').assessmentId),
      200,
      noStore,
    ),
  )
  .openapi(answerLinkRoute, async (c) => {
    const { db } = c.var.deps;
    const scope = getTenant(c);
    const file = await linkEvidence(db, await userActor(db, scope), scope, c.req.valid('param'));
    return c.json(file, 200);
  })
  .openapi(answerUnlinkRoute, async (c) => {
    const scope = getTenant(c);
    const { assessmentId, questionKey, evidenceId } = c.req.valid('param');
    await unlinkEvidence(c.var.deps.db, scope, { assessmentId, questionKey, evidenceId });
    return c.body(null, 204);
  });

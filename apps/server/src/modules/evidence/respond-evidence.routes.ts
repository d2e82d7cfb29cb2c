import { createRoute } from '@hono/zod-openapi';
import {
  EvidenceDownloadLinkSchema,
  EvidenceFileSchema,
  EvidenceMapSchema,
  EvidenceUploadQuerySchema,
  EVIDENCE_TYPES_LABEL,
  RESPONDENT_TOKEN_HEADER,
  RespondentAnswerParamsSchema,
  RespondentEvidenceFileParamsSchema,
  RespondentEvidenceParamsSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { errorResponse, errorResponses, json } from '../../lib/openapi.ts';
import {
  headers,
  linkRefused,
  privateAnswer,
  RESPOND_TAGS,
  respondentGuard,
  tooManyFailures,
} from '../assessments/respondents/respond.guard.ts';
import { rawBody, uploadOf } from './evidence.http.ts';
import {
  respondentDownloadLink,
  respondentEvidence,
  respondentUnlink,
  respondentUpload,
} from './respond-evidence.service.ts';

/**
 * A respondent's evidence (docs/evidence.md): the token of their link is the authority, for the
 * questions of their part only (the respondent page's API, respond.guard.ts).
 */
const TAGS = [...RESPOND_TAGS, 'evidence'];
const refused = { 400: errorResponses[400], 401: linkRefused, 429: tooManyFailures };

const mapRoute = createRoute({
  middleware: respondentGuard,
  method: 'get',
  path: '/respond/evidence',
  tags: TAGS,
  summary: 'The files of the answers in the respondent’s part, by question key',
  request: { headers },
  responses: { 200: json(EvidenceMapSchema, 'The files by answer'), ...refused },
});

const uploadRoute = createRoute({
  middleware: respondentGuard,
  method: 'post',
  path: '/respond/answers/{questionKey}/evidence',
  tags: TAGS,
  summary: 'Upload a file to one of the respondent’s answers (raw body)',
  description:
    'As the members’ upload (`POST /tenants/{tenantId}/evidence`): streamed, typed by its bytes, refused uploads keep nothing; the file joins the client tenant’s library, linked to the answer.',
  request: {
    headers,
    params: RespondentAnswerParamsSchema,
    query: EvidenceUploadQuerySchema,
    body: rawBody,
  },
  responses: {
    201: json(EvidenceFileSchema, 'The file'),
    ...refused,
    404: errorResponse('No such question in the respondent’s part'),
    409: errorResponse(
      'The answer has 10 files (`evidence.too_many_files`), the assessment is completed (`evidence.assessment_closed`) or the respondent has submitted (`respondent.submitted`)',
    ),
    413: errorResponse('Over 25 MB or past the storage quota'),
    415: errorResponse(`Not an allowed type by its bytes (${EVIDENCE_TYPES_LABEL}) or unsafe`),
  },
});

const unlinkRoute = createRoute({
  middleware: respondentGuard,
  method: 'delete',
  path: '/respond/answers/{questionKey}/evidence/{evidenceId}',
  tags: TAGS,
  summary: 'Remove a file the respondent added from their answer',
  request: { headers, params: RespondentEvidenceParamsSchema },
  responses: {
    204: { description: 'Removed' },
    ...refused,
    404: errorResponse('No such question in the part, or no such file the respondent added'),
    409: errorResponse('The assessment is completed or the respondent has submitted'),
  },
});

const downloadLinkRoute = createRoute({
  middleware: respondentGuard,
  method: 'post',
  path: '/respond/evidence/{evidenceId}/download-link',
  tags: TAGS,
  summary: 'A signed download link to a file of an answer in the respondent’s part',
  request: { headers, params: RespondentEvidenceFileParamsSchema },
  responses: {
    200: json(EvidenceDownloadLinkSchema, 'The link'),
    ...refused,
    404: errorResponse('No such file in the respondent’s part (`evidence.not_found`)'),
  },
});

export const respondEvidenceRoutes = createRouter()
  .openapi(mapRoute, async (c) =>
    c.json(
      await respondentEvidence(c.var.deps.db, c.req.valid('header')[RESPONDENT_TOKEN_HEADER]),
      200,
      privateAnswer,
    ),
  )
  .openapi(uploadRoute, async (c) => {
    const { db, blobs } = c.var.deps;
    const file = await respondentUpload(
      db,
      blobs,
      c.req.valid('header')[RESPONDENT_TOKEN_HEADER],
      c.req.valid('param').questionKey,
      uploadOf(c, c.req.valid('query')),
    );
    return c.json(file, 201, privateAnswer);
  })
  .openapi(unlinkRoute, async (c) => {
    const { questionKey, evidenceId } = c.req.valid('param');
    await respondentUnlink(
      c.var.deps.db,
      c.req.valid('header')[RESPONDENT_TOKEN_HEADER],
      questionKey,
      evidenceId,
    );
    return c.body(null, 204, privateAnswer);
  })
  .openapi(downloadLinkRoute, async (c) => {
    const { db, config } = c.var.deps;
    const link = await respondentDownloadLink(
      db,
      config.authSecret,
      c.req.valid('header')[RESPONDENT_TOKEN_HEADER],
      c.req.valid('param').evidenceId,
    );
    return c.json(link, 200, privateAnswer);
  });

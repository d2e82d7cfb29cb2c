import { createRoute } from '@hono/zod-openapi';
import {
  AssessmentParamsSchema,
  CreateRespondentSchema,
  ResendRespondentSchema,
  RespondentLinkSchema,
  RespondentListSchema,
  RespondentParamsSchema,
  RespondentSchema,
} from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { getTenant, requireTenant } from '../../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import { actor, noStore, notFound, ONE, TAGS } from '../assessments.http.ts';
import {
  addRespondent,
  listRespondents,
  resendRespondent,
  revokeRespondent,
} from './respondents.service.ts';

/** The assessor's side of respondents: their links (the respondent's own side: respond.routes.ts). */

const listRespondentsRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'get',
  path: `${ONE}/respondents`,
  tags: TAGS,
  summary: 'The respondents of an assessment, with their status and progress',
  request: { params: AssessmentParamsSchema },
  responses: {
    200: json(RespondentListSchema, 'The respondents'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const addRespondentRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: `${ONE}/respondents`,
  tags: TAGS,
  summary: 'Add a respondent: their own link, shown once and e-mailed (audited)',
  request: { params: AssessmentParamsSchema, body: jsonBody(CreateRespondentSchema) },
  responses: {
    201: json(RespondentLinkSchema, 'Added; `link` is shown only now'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: errorResponse(
      'Completed (`assessments.locked`) or full (`assessments.too_many_respondents`)',
    ),
  },
});

const resendRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: `${ONE}/respondents/{respondentId}/resend`,
  tags: TAGS,
  summary: 'A new link for a respondent (the old one stops working), e-mailed again',
  request: { params: RespondentParamsSchema, body: jsonBody(ResendRespondentSchema) },
  responses: {
    200: json(RespondentLinkSchema, 'The new link, shown only now'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: errorResponse('The assessment is completed (`assessments.locked`)'),
  },
});

const revokeRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: `${ONE}/respondents/{respondentId}/revoke`,
  tags: TAGS,
  summary: 'Revoke a respondent’s link: their next request is refused (audited)',
  request: { params: RespondentParamsSchema },
  responses: {
    200: json(RespondentSchema, 'Revoked'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

export const respondentRoutes = createRouter()
  .openapi(listRespondentsRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    const items = await listRespondents(c.var.deps.db, getTenant(c), assessmentId);
    return c.json({ items }, 200, noStore);
  })
  .openapi(addRespondentRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    const { db, mailer, config } = c.var.deps;
    const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
    const result = await addRespondent(db, await actor(c), assessmentId, c.req.valid('json'), mail);
    return c.json(result, 201, noStore);
  })
  .openapi(resendRoute, async (c) => {
    const { assessmentId, respondentId } = c.req.valid('param');
    const { db, mailer, config } = c.var.deps;
    const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
    const result = await resendRespondent(
      db,
      await actor(c),
      assessmentId,
      respondentId,
      c.req.valid('json'),
      mail,
    );
    return c.json(result, 200, noStore);
  })
  .openapi(revokeRoute, async (c) => {
    const { assessmentId, respondentId } = c.req.valid('param');
    return c.json(
      await revokeRespondent(c.var.deps.db, await actor(c), assessmentId, respondentId),
      200,
    );
  });

import { createRoute } from '@hono/zod-openapi';
import {
  AssessmentParamsSchema,
  NextAssessmentInputSchema,
  NextAssessmentResultSchema,
} from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { requireTenant } from '../../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import { actor, ONE, TAGS } from '../assessments.http.ts';
import { startNextAssessment } from './next.service.ts';

/** Starting the next assessment from a completed one (next.service.ts, docs/scheduling.md). */

const nextRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: `${ONE}/next`,
  tags: TAGS,
  summary: 'Start the next assessment from this completed one (audited)',
  description:
    'A new draft on the same framework (its newest published version when `useNewestVersion`), with every answer of this assessment carried as a proposal to confirm or change (on a newer version by the carry-forward rules: answers whose question was removed, or that no longer fit it, are not carried). With `reinviteRespondents`, its respondents (not revoked) get new links by e-mail. The owner is told by e-mail unless it is the caller.',
  request: { params: AssessmentParamsSchema, body: jsonBody(NextAssessmentInputSchema) },
  responses: {
    201: json(NextAssessmentResultSchema, 'The new assessment'),
    400: errorResponses[400],
    401: errorResponses[401],
    402: errorResponses[402],
    403: errorResponses[403],
    404: errorResponse(
      'No such client tenant or assessment (`tenants.not_found`, `assessments.not_found`), or its framework is archived (`assessments.framework_not_found`)',
    ),
    409: errorResponse('The assessment is not completed (`assessments.not_completed`)'),
  },
});

export const nextAssessmentRoutes = createRouter().openapi(nextRoute, async (c) => {
  const { assessmentId } = c.req.valid('param');
  const { db, mailer, config } = c.var.deps;
  const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
  const result = await startNextAssessment(
    db,
    await actor(c),
    assessmentId,
    c.req.valid('json'),
    mail,
  );
  return c.json(result, 201);
});

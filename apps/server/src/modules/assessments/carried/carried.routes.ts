import { createRoute } from '@hono/zod-openapi';
import {
  SectionConfirmInputSchema,
  SectionConfirmParamsSchema,
  SectionConfirmResultSchema,
} from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { requireTenant } from '../../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import { actor, noStore, ONE, TAGS } from '../assessments.http.ts';
import { confirmSection } from './carried.service.ts';

/**
 * Confirming last period's answers (docs/assessments.md): "Still true" for one question is an
 * answer like any other (`PUT …/answers/{questionKey}` with the carried value); "Nothing changed
 * here" confirms a whole section in one request.
 */
const confirmSectionRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'post',
  path: `${ONE}/sections/{sectionKey}/confirm`,
  tags: TAGS,
  summary:
    '“Nothing changed here”: confirm every carried answer under a section that is still unanswered',
  description:
    'Each carried answer under the section (at any depth, in scope) that nobody has answered yet is written with its carried value, N/A and note through the answer write path, based on “no answer”: a question answered meanwhile is left as it is and listed in `skipped`. The `idempotencyKey` says the request once: a replay answers `outcome: duplicate` and changes nothing.',
  request: {
    params: SectionConfirmParamsSchema,
    body: jsonBody(SectionConfirmInputSchema),
  },
  responses: {
    200: json(SectionConfirmResultSchema, 'What was confirmed, what was left, the states now'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse(
      'No such assessment, or no such section in its scope (`assessments.section_not_found`)',
    ),
    409: errorResponse('The assessment is completed (`assessments.locked`)'),
  },
});

export const carriedRoutes = createRouter().openapi(confirmSectionRoute, async (c) => {
  const { assessmentId, sectionKey } = c.req.valid('param');
  const who = await actor(c);
  const result = await confirmSection(
    c.var.deps.db,
    who,
    assessmentId,
    sectionKey,
    c.req.valid('json'),
    c.var.deps.live,
  );
  return c.json(result, 200, noStore);
});

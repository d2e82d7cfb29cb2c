import { createRoute, z } from '@hono/zod-openapi';
import {
  AnswerHistorySchema,
  AnswerInputSchema,
  AnswerParamsSchema,
  AnswerWriteResultSchema,
} from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { getTenant, requireTenant } from '../../../auth/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  sessionOrApiKey,
} from '../../../lib/openapi.ts';
import { actor, noStore, notFound, ONE, readWithKey, TAGS } from '../assessments.http.ts';
import { readAnswerHistory } from './history.ts';
import { writeAnswer } from './write.ts';

const answerRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'put',
  path: `${ONE}/answers/{questionKey}`,
  tags: TAGS,
  summary: 'Answer one question (members and shared contributors); scores follow at once',
  description:
    '`value: null` with `na: false` clears the answer. With an `idempotencyKey` a repeated write is applied once (`outcome: duplicate`). A write whose `answeredAt` is older than the stored answer is kept in the history and does not replace it (`outcome: superseded`). A write based on a revision of the answer (`baseRevision` in the body, or `If-Match: "3"`; 0 when there was no answer) is refused with 409 `assessments.answer_conflict` when someone else changed the answer since, with the answer as it is now in `details.current`; nothing is written.',
  request: {
    params: AnswerParamsSchema,
    headers: z.object({
      'if-match': z.string().max(40).optional().openapi({
        description: 'The revision the write is based on, e.g. `"3"` (as `baseRevision`)',
      }),
    }),
    body: jsonBody(AnswerInputSchema),
  },
  responses: {
    200: json(AnswerWriteResultSchema, 'What the write did, the answer and the progress now'),
    400: errorResponse('The value does not fit the question (`assessments.invalid_answer`)'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse('No such assessment or question in its scope'),
    409: errorResponse(
      'The assessment is completed (`assessments.locked`), or the answer changed since the revision the write was based on (`assessments.answer_conflict`, `details.current`)',
    ),
  },
});

/**
 * The revision a write is based on: `baseRevision` in the body, or the `If-Match` header
 * (`"3"`, `W/"3"` or `3`); both must agree.
 */
function baseRevisionOf(header: string | undefined, body: number | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return body;
  const m = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(header);
  const fromHeader = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(fromHeader) || fromHeader > 2_147_483_647) {
    throw new AppError('common.validation', 400, 'If-Match must name a revision, like "3".', {
      'if-match': 'Use the answer’s revision, like "3".',
    });
  }
  if (body !== undefined && body !== fromHeader) {
    throw new AppError('common.validation', 400, 'If-Match and baseRevision disagree.', {
      baseRevision: 'Must equal the revision in If-Match.',
    });
  }
  return fromHeader;
}

const historyRoute = createRoute({
  middleware: readWithKey,
  method: 'get',
  path: `${ONE}/answers/{questionKey}/history`,
  security: sessionOrApiKey('assessments:read'),
  tags: TAGS,
  summary: 'An answer and its earlier values, newest first',
  request: { params: AnswerParamsSchema },
  responses: {
    200: json(AnswerHistorySchema, 'The history'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

export const answerRoutes = createRouter()
  .openapi(answerRoute, async (c) => {
    const { tenantId, assessmentId, questionKey } = c.req.valid('param');
    const who = await actor(c);
    const body = c.req.valid('json');
    const baseRevision = baseRevisionOf(c.req.valid('header')['if-match'], body.baseRevision);
    const result = await writeAnswer(
      c.var.deps.db,
      { accountId: who.accountId, tenantId, assessmentId },
      { source: who.shareRole ? 'shared' : 'member', userId: who.userId, name: who.name },
      questionKey,
      { ...body, ...(baseRevision !== undefined && { baseRevision }) },
      { live: c.var.deps.live },
    );
    // A write is accepted only on an open assessment (completed answers 409 `locked` before
    // anything else), so the progress it answers is provisional (docs/scoring.md).
    return c.json({ ...result, progress: { ...result.progress, provisional: true } }, 200);
  })
  .openapi(historyRoute, async (c) => {
    const { assessmentId, questionKey } = c.req.valid('param');
    const history = await readAnswerHistory(c.var.deps.db, getTenant(c), assessmentId, questionKey);
    return c.json(history, 200, noStore);
  });

import { createRoute } from '@hono/zod-openapi';
import {
  RESPONDENT_TOKEN_HEADER,
  RespondentAnswerInputSchema,
  RespondentAnswerParamsSchema,
  RespondentLocaleInputSchema,
  RespondentSectionConfirmInputSchema,
  RespondentSectionParamsSchema,
  RespondentSessionSchema,
  SectionConfirmResultSchema,
  RespondentWriteResultSchema,
} from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import { respondentConfirmSection } from '../carried/carried.service.ts';
import {
  headers,
  linkRefused,
  privateAnswer,
  RESPOND_TAGS,
  respondentGuard,
  tooManyFailures,
} from './respond.guard.ts';
import {
  recordRespondentLocale,
  respondentByToken,
  respondentSession,
  respondentWrite,
  submitRespondent,
} from './respond.service.ts';

/**
 * The respondent page's API (`/in-progress/{tid}/{ttid}?token=…`): no session, no cookie; the
 * token in the `x-respondent-token` header is the authority, for one assessment and the
 * respondent's sections only.
 */
const TAGS = RESPOND_TAGS;

const sessionRoute = createRoute({
  middleware: respondentGuard,
  method: 'get',
  path: '/respond',
  tags: TAGS,
  summary: 'What the respondent answers: the questions of their part and the answers so far',
  request: { headers },
  responses: {
    200: json(RespondentSessionSchema, 'The respondent’s part'),
    400: errorResponses[400],
    401: linkRefused,
    429: tooManyFailures,
  },
});

const answerRoute = createRoute({
  middleware: respondentGuard,
  method: 'put',
  path: '/respond/answers/{questionKey}',
  tags: TAGS,
  summary:
    'Save one answer as it is given (idempotent; an older write never replaces a newer answer)',
  description:
    'Each write carries an `idempotencyKey` (a replay is applied once: `outcome: duplicate`), the device’s increasing `seq`, and `answeredAt`, the time it was given: a write older than the stored answer is kept in the history and answers `outcome: superseded`.',
  request: {
    headers,
    params: RespondentAnswerParamsSchema,
    body: jsonBody(RespondentAnswerInputSchema),
  },
  responses: {
    200: json(RespondentWriteResultSchema, 'What the write did'),
    400: errorResponse('The value does not fit the question (`assessments.invalid_answer`)'),
    401: linkRefused,
    429: tooManyFailures,
    404: errorResponse(
      'No such question in the respondent’s part (`assessments.question_not_found`)',
    ),
    409: errorResponse(
      'The assessment is completed (`assessments.locked`) or the respondent has submitted (`respondent.submitted`)',
    ),
  },
});

const confirmSectionRoute = createRoute({
  middleware: respondentGuard,
  method: 'post',
  path: '/respond/sections/{sectionKey}/confirm',
  tags: TAGS,
  summary:
    '“Nothing changed here”: confirm every carried answer under one of the respondent’s sections still unanswered',
  description:
    'Each carried answer under the section (in the respondent’s part) that nobody has answered yet is written with its carried value through the answer write path, numbered `seq` and timed `answeredAt` like an answer; a question answered meanwhile is left as it is (`skipped`). The `idempotencyKey` says the request once: a replay answers `outcome: duplicate` and changes nothing. (The respondent page itself queues one answer per question instead, so that it works offline: docs/assessments.md.)',
  request: {
    headers,
    params: RespondentSectionParamsSchema,
    body: jsonBody(RespondentSectionConfirmInputSchema),
  },
  responses: {
    200: json(SectionConfirmResultSchema, 'What was confirmed, what was left, the states now'),
    400: errorResponses[400],
    401: linkRefused,
    429: tooManyFailures,
    404: errorResponse(
      'No such section in the respondent’s part (`assessments.section_not_found`)',
    ),
    409: errorResponse(
      'The assessment is completed (`assessments.locked`) or the respondent has submitted (`respondent.submitted`)',
    ),
  },
});

const submitRoute = createRoute({
  middleware: respondentGuard,
  method: 'post',
  path: '/respond/submit',
  tags: TAGS,
  summary: '“Submit my part”: the respondent’s answers become final (again is a no-op)',
  request: { headers },
  responses: {
    200: json(RespondentSessionSchema, 'The respondent’s part, submitted'),
    400: errorResponses[400],
    401: linkRefused,
    429: tooManyFailures,
    409: errorResponse('The assessment is completed (`assessments.locked`)'),
  },
});

const localeRoute = createRoute({
  middleware: respondentGuard,
  method: 'put',
  path: '/respond/locale',
  tags: TAGS,
  summary: 'The language the respondent chose on the page (their e-mails follow it)',
  description:
    'Kept as the respondent’s last known locale (`respondents.locale`), the language of their e-mails when the assessment has none (docs/languages.md). Opening the page records the browser’s Accept-Language the same way; the page sends the chosen language as that header once a choice was made. Allowed after submitting and on a completed assessment (the e-mails they may still get).',
  request: { headers, body: jsonBody(RespondentLocaleInputSchema) },
  responses: {
    204: { description: 'Recorded' },
    400: errorResponses[400],
    401: linkRefused,
    429: tooManyFailures,
  },
});

export const respondRoutes = createRouter()
  .openapi(sessionRoute, async (c) => {
    const { db } = c.var.deps;
    const respondent = await respondentByToken(db, c.req.valid('header')[RESPONDENT_TOKEN_HEADER]);
    return c.json(
      await respondentSession(db, respondent, c.req.header('accept-language')),
      200,
      privateAnswer,
    );
  })
  .openapi(answerRoute, async (c) => {
    const { db, live } = c.var.deps;
    const token = c.req.valid('header')[RESPONDENT_TOKEN_HEADER];
    const { questionKey } = c.req.valid('param');
    return c.json(
      await respondentWrite(db, token, questionKey, c.req.valid('json'), live),
      200,
      privateAnswer,
    );
  })
  .openapi(confirmSectionRoute, async (c) => {
    const { db, live } = c.var.deps;
    const token = c.req.valid('header')[RESPONDENT_TOKEN_HEADER];
    const { sectionKey } = c.req.valid('param');
    return c.json(
      await respondentConfirmSection(db, token, sectionKey, c.req.valid('json'), live),
      200,
      privateAnswer,
    );
  })
  .openapi(submitRoute, async (c) => {
    const { db } = c.var.deps;
    const respondent = await respondentByToken(db, c.req.valid('header')[RESPONDENT_TOKEN_HEADER]);
    const submitted = await submitRespondent(db, respondent);
    return c.json(await respondentSession(db, submitted), 200, privateAnswer);
  })
  .openapi(localeRoute, async (c) => {
    const { db } = c.var.deps;
    const respondent = await respondentByToken(db, c.req.valid('header')[RESPONDENT_TOKEN_HEADER]);
    await recordRespondentLocale(db, respondent, c.req.valid('json').locale);
    return c.body(null, 204);
  });

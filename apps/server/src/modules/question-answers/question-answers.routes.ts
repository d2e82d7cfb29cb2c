import { createRoute } from '@hono/zod-openapi';
import {
  CreateQuestionTasksSchema,
  QuestionAnswersParamsSchema,
  QuestionAnswersSchema,
  QuestionTasksResultSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { createTasksForFailing, getQuestionAnswers } from './question-answers.service.ts';

/** One question across all clients (docs/across-clients.md). */
const TAGS = ['across clients'];
const PATH = '/questions/{frameworkId}/{questionKey}';
const notFound = errorResponse(
  'The framework is not one your account reads, or no version of it has the question (`questions.not_found`)',
);

const answersRoute = createRoute({
  middleware: requireAccount('tenants.read'),
  method: 'get',
  path: `${PATH}/answers`,
  tags: TAGS,
  summary: 'Every client tenant’s latest answer to a question, grouped by answer',
  description:
    'The latest answer of each client tenant you reach (active ones) to the question’s stable key, in any version of the framework, with who answered and when, grouped by answer with counts. `failing` is the question being a gap of its assessment. Members only (account-wide): a member limited to some client tenants sees only theirs.',
  request: { params: QuestionAnswersParamsSchema },
  responses: {
    200: json(QuestionAnswersSchema, 'The answers'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const tasksRoute = createRoute({
  middleware: requireAccount('remediation.manage'),
  method: 'post',
  path: `${PATH}/tasks`,
  tags: TAGS,
  summary: 'A remediation task for every client tenant whose latest answer fails the question',
  description:
    'One task per failing client tenant you reach, linked to the question and the assessment of the failing answer (title and checklist from its playbook, as "Create tasks for gaps"). A client with an open task on the question already is skipped, so a retry creates nothing twice. Audited as `tasks.created_across_clients`.',
  request: { params: QuestionAnswersParamsSchema, body: jsonBody(CreateQuestionTasksSchema) },
  responses: {
    201: json(QuestionTasksResultSchema, 'What was created and skipped'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

export const questionAnswerRoutes = createRouter()
  .openapi(answersRoute, async (c) =>
    c.json(await getQuestionAnswers(c.var.deps.db, getAccount(c), c.req.valid('param')), 200, {
      'cache-control': 'no-store',
    }),
  )
  .openapi(tasksRoute, async (c) =>
    c.json(
      await createTasksForFailing(
        c.var.deps.db,
        getAccount(c),
        c.req.valid('param'),
        c.req.valid('json'),
      ),
      201,
    ),
  );

import { createRoute } from '@hono/zod-openapi';
import {
  CreateFeedbackSchema,
  CreateRoadmapItemSchema,
  FEEDBACK_LIMITS,
  FeedbackItemSchema,
  FeedbackListQuerySchema,
  FeedbackListSchema,
  FeedbackReceiptSchema,
  FeedbackToTicketSchema,
  IdParamsSchema,
  UpdateFeedbackSchema,
} from '@tenantry/shared';
import type { MiddlewareHandler } from 'hono';
import { type AppEnv, createRouter, mailOf } from '../../auth/context.ts';
import { getClaims, requireSession, requireSystemRole } from '../../auth/guards.ts';
import { errorBody } from '../../lib/errors.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import {
  createFeedback,
  listFeedback,
  setFeedbackHandled,
  turnIntoRoadmapItem,
  turnIntoTicket,
} from './feedback.service.ts';

/** Feedback (docs/feedback.md): sent by members of accounts (not shared users), triaged by system admins. */
const TAGS = ['feedback'];
const staffOnly = requireSystemRole(['admin']);
const guarded = { 401: errorResponses[401], 403: errorResponses[403] };

/**
 * At most FEEDBACK_LIMITS.perUser feedback per user an hour (counted in the database, so across
 * server processes); over it, 429 with Retry-After. After requireSession: the claims are known.
 */
const limitPerUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { uid } = await getClaims(c);
  const wait = await c.var.deps.rateLimiter.hit(`feedback:${uid}`, {
    max: FEEDBACK_LIMITS.perUser,
    windowSeconds: FEEDBACK_LIMITS.windowSeconds,
  });
  if (wait === 0) return next();
  c.header('retry-after', String(wait));
  return c.json(
    errorBody(
      'common.rate_limited',
      'You have sent a lot of feedback in the last hour. Please try again later.',
      c.get('requestId'),
    ),
    429,
  );
};

const createFeedbackRoute = createRoute({
  middleware: [requireSession({ sharedUsers: false }), limitPerUser] as const,
  method: 'post',
  path: '/feedback',
  tags: TAGS,
  summary: 'Send feedback: a rating 1–5, an optional comment, the page path and app version',
  description: `Any member of an account (a shared user is refused 403 \`common.shared_access\`); the sender's user and current account come from the session. At most ${FEEDBACK_LIMITS.perUser} an hour per user (429 with Retry-After).`,
  request: { body: jsonBody(CreateFeedbackSchema) },
  responses: {
    201: json(FeedbackReceiptSchema, 'Received'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponse(
      'A shared user: shared access reaches their client tenant only (`common.shared_access`)',
    ),
    429: errorResponses[429],
  },
});

const listRoute = createRoute({
  middleware: staffOnly,
  method: 'get',
  path: '/service/feedback',
  tags: TAGS,
  summary: 'All feedback, newest first, keyset-paged. System admins only.',
  description:
    'Filters: `page` (an exact page path), `rating` (1–5), `handled` (`all`, `open`, `handled`). `openCount` counts all feedback not handled yet.',
  request: { query: FeedbackListQuerySchema },
  responses: {
    200: json(FeedbackListSchema, 'A page of feedback'),
    400: errorResponses[400],
    ...guarded,
  },
});

const updateRoute = createRoute({
  middleware: staffOnly,
  method: 'patch',
  path: '/service/feedback/{id}',
  tags: TAGS,
  summary: 'Mark feedback handled, or not handled again. System admins only.',
  request: { params: IdParamsSchema, body: jsonBody(UpdateFeedbackSchema) },
  responses: {
    200: json(FeedbackItemSchema, 'The feedback'),
    400: errorResponses[400],
    ...guarded,
    404: errorResponse('No such feedback (`feedback.not_found`)'),
  },
});

const roadmapItemRoute = createRoute({
  middleware: staffOnly,
  method: 'post',
  path: '/service/feedback/{id}/roadmap-item',
  tags: TAGS,
  summary:
    'Turn feedback into a roadmap item (approved at once, audited) and mark it handled. System admins only.',
  request: { params: IdParamsSchema, body: jsonBody(CreateRoadmapItemSchema) },
  responses: {
    201: json(FeedbackItemSchema, 'The feedback, naming its roadmap item'),
    400: errorResponses[400],
    ...guarded,
    404: errorResponse('No such feedback (`feedback.not_found`)'),
    409: errorResponse('Already on the roadmap (`feedback.already_linked`)'),
  },
});

const ticketRoute = createRoute({
  middleware: staffOnly,
  method: 'post',
  path: '/service/feedback/{id}/ticket',
  tags: TAGS,
  summary:
    'Turn feedback into a support ticket in the sender’s name and mark it handled. System admins only.',
  description:
    'The ticket is opened through the support service in the sender’s account, with the feedback’s page and version; the sender sees it under Support.',
  request: { params: IdParamsSchema, body: jsonBody(FeedbackToTicketSchema) },
  responses: {
    201: json(FeedbackItemSchema, 'The feedback, naming its ticket'),
    400: errorResponses[400],
    ...guarded,
    404: errorResponse('No such feedback (`feedback.not_found`)'),
    409: errorResponse(
      'It has a ticket already (`feedback.already_linked`), or its sender is no longer a member of its account (`feedback.no_sender`)',
    ),
  },
});

/** Mounted under /api/v1. */
export const feedbackRoutes = createRouter()
  .openapi(createFeedbackRoute, async (c) => {
    const { uid, tid } = await getClaims(c);
    const receipt = await createFeedback(
      c.var.deps.db,
      { userId: uid, accountId: tid ?? null },
      c.req.valid('json'),
    );
    return c.json(receipt, 201);
  })
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await listFeedback(c.var.deps.db, c.req.valid('query')), 200);
  })
  .openapi(updateRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { id } = c.req.valid('param');
    const item = await setFeedbackHandled(
      c.var.deps.db,
      { userId: uid, email },
      id,
      c.req.valid('json'),
    );
    return c.json(item, 200);
  })
  .openapi(roadmapItemRoute, async (c) => {
    const claims = await getClaims(c);
    const scope = { userId: claims.uid, email: claims.email, staff: true, accountId: claims.tid };
    const { id } = c.req.valid('param');
    return c.json(await turnIntoRoadmapItem(c.var.deps.db, scope, id, c.req.valid('json')), 201);
  })
  .openapi(ticketRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const mail = mailOf(c);
    const { id } = c.req.valid('param');
    const item = await turnIntoTicket(
      c.var.deps.db,
      { userId: uid, email },
      id,
      c.req.valid('json'),
      mail,
    );
    return c.json(item, 201);
  });

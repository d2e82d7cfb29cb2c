import { createRoute } from '@hono/zod-openapi';
import {
  ApproveRoadmapItemSchema,
  CreateRoadmapItemSchema,
  IdParamsSchema,
  MergeRoadmapItemSchema,
  MergeRoadmapResultSchema,
  ROADMAP_LIMITS,
  RoadmapCommentInputSchema,
  RoadmapItemDetailSchema,
  RoadmapItemSchema,
  RoadmapListQuerySchema,
  RoadmapListSchema,
  RoadmapVoteResultSchema,
  SetRoadmapStatusSchema,
  StaffRoadmapListQuerySchema,
  StaffRoadmapListSchema,
  SuggestRoadmapItemSchema,
  UpdateRoadmapItemSchema,
} from '@tenantry/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { type AppEnv, createRouter, mailOf } from '../../auth/context.ts';
import { getClaims, requireSession, requireSystemRole } from '../../auth/guards.ts';
import type { RateLimit } from '../../db/rate-limit.ts';
import { errorBody } from '../../lib/errors.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import type { RoadmapScope } from './item-rows.ts';
import { addComment, getItem, listItems, suggestItem } from './items.service.ts';
import {
  approveItem,
  createItem,
  mergeItem,
  setStatus,
  staffList,
  updateItem,
} from './triage.service.ts';
import { toggleVote } from './votes.service.ts';

/** The public roadmap and its triage in the service console (docs/roadmap.md). */
const TAGS = ['roadmap'];
const ITEMS = '/roadmap/items';
const ONE = `${ITEMS}/{id}`;
const STAFF = '/service/roadmap/items';
const STAFF_ONE = `${STAFF}/{id}`;
const noStore = { 'cache-control': 'no-store' };

const SUGGESTIONS: RateLimit = { windowSeconds: 3600, max: ROADMAP_LIMITS.suggestionsPerHour };
const COMMENTS: RateLimit = { windowSeconds: 600, max: ROADMAP_LIMITS.commentsPer10Minutes };

/** At most `limit` requests per signed-in person to this endpoint (429 with Retry-After). */
function limitByUser(name: string, limit: RateLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { uid } = await getClaims(c);
    const wait = await c.var.deps.rateLimiter.hit(`${name}:user:${uid}`, limit);
    if (wait === 0) return next();
    c.header('retry-after', String(wait));
    return c.json(
      errorBody(
        'common.rate_limited',
        'Too many at once. Please wait a while and try again.',
        c.get('requestId'),
      ),
      429,
    );
  };
}

async function scopeOf(c: Context<AppEnv>): Promise<RoadmapScope> {
  const claims = await getClaims(c);
  return {
    userId: claims.uid,
    email: claims.email,
    staff: claims.role === 'systemadmin',
    accountId: claims.tid ?? null,
  };
}

const notFound = errorResponse(
  'No such item, or another person’s suggestion still waiting for approval (`roadmap.not_found`)',
);
/** The roadmap is for the people of accounts: a shared user is refused (docs/roadmap.md). */
const people = requireSession({ sharedUsers: false });
const reads = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponse(
    'A shared user: shared access reaches their client tenant only (`common.shared_access`)',
  ),
};
const staffReads = { ...reads, 403: errorResponses[403] };

const listRoute = createRoute({
  middleware: people,
  method: 'get',
  path: ITEMS,
  tags: TAGS,
  summary: 'Roadmap items: trending, most voted, newest or by status (board); paged',
  description:
    'Approved items and the caller’s own suggestions still waiting for approval (`approved: false`); merged duplicates are left out. Trending weighs recent votes and comments above old ones (a weight that halves every 7 days). Filters `status`, `tag`; paging `limit`, `offset`.',
  request: { query: RoadmapListQuerySchema },
  responses: { 200: json(RoadmapListSchema, 'A page of items'), ...reads },
});

const suggestRoute = createRoute({
  middleware: [people, limitByUser('roadmap.suggest', SUGGESTIONS)],
  method: 'post',
  path: ITEMS,
  tags: TAGS,
  summary: 'Suggest an idea (seen by its author and staff until staff approve it)',
  description: `At most ${ROADMAP_LIMITS.suggestionsPerHour} suggestions per person per hour (429).`,
  request: { body: jsonBody(SuggestRoadmapItemSchema) },
  responses: {
    201: json(RoadmapItemSchema, 'The suggestion'),
    ...reads,
    429: errorResponses[429],
  },
});

const getRoute = createRoute({
  middleware: people,
  method: 'get',
  path: ONE,
  tags: TAGS,
  summary: 'One item with its comments (and those of the duplicates merged into it)',
  request: { params: IdParamsSchema },
  responses: { 200: json(RoadmapItemDetailSchema, 'The item'), ...reads, 404: notFound },
});

const voteRoute = createRoute({
  middleware: people,
  method: 'post',
  path: `${ONE}/vote`,
  tags: TAGS,
  summary: 'Vote for an item, or take the vote back (a toggle: one vote per person)',
  request: { params: IdParamsSchema },
  responses: {
    200: json(RoadmapVoteResultSchema, 'Whether the caller now votes for it, and its votes'),
    ...reads,
    404: notFound,
    409: errorResponse('The item was merged into another (`roadmap.merged`)'),
  },
});

const commentRoute = createRoute({
  middleware: [people, limitByUser('roadmap.comment', COMMENTS)],
  method: 'post',
  path: `${ONE}/comments`,
  tags: TAGS,
  summary: 'Comment on an item (markdown)',
  description: `At most ${ROADMAP_LIMITS.commentsPer10Minutes} comments per person per 10 minutes (429).`,
  request: { params: IdParamsSchema, body: jsonBody(RoadmapCommentInputSchema) },
  responses: {
    201: json(RoadmapItemDetailSchema, 'The item with its comments'),
    ...reads,
    404: notFound,
    409: errorResponse(
      'Merged into another item, or the most comments it may have (`roadmap.merged`, `roadmap.too_many_comments`)',
    ),
    429: errorResponses[429],
  },
});

const staffListRoute = createRoute({
  middleware: requireSystemRole(['admin']),
  method: 'get',
  path: STAFF,
  tags: TAGS,
  summary: 'Every roadmap item for triage: pending suggestions, approved items or all. Staff only.',
  description:
    '`state=pending` lists suggestions waiting for approval, oldest first; `q` searches titles (the merge dialog). Answers carry who suggested each item.',
  request: { query: StaffRoadmapListQuerySchema },
  responses: { 200: json(StaffRoadmapListSchema, 'A page of items'), ...staffReads },
});

const staffCreateRoute = createRoute({
  middleware: requireSystemRole(['admin']),
  method: 'post',
  path: STAFF,
  tags: TAGS,
  summary: 'Put an item on the roadmap directly (approved at once; audited). Staff only.',
  request: { body: jsonBody(CreateRoadmapItemSchema) },
  responses: { 201: json(RoadmapItemSchema, 'The item'), ...staffReads },
});

const staffUpdateRoute = createRoute({
  middleware: requireSystemRole(['admin']),
  method: 'patch',
  path: STAFF_ONE,
  tags: TAGS,
  summary: 'Edit an item’s title, description or tags (audited). Staff only.',
  request: { params: IdParamsSchema, body: jsonBody(UpdateRoadmapItemSchema) },
  responses: { 200: json(RoadmapItemSchema, 'The item'), ...staffReads, 404: notFound },
});

const approveRoute = createRoute({
  middleware: requireSystemRole(['admin']),
  method: 'post',
  path: `${STAFF_ONE}/approve`,
  tags: TAGS,
  summary: 'Approve a suggestion: everyone sees it (audited). Staff only.',
  request: { params: IdParamsSchema, body: jsonBody(ApproveRoadmapItemSchema) },
  responses: {
    200: json(RoadmapItemSchema, 'The item'),
    ...staffReads,
    404: notFound,
    409: errorResponse(
      'Already approved, or merged (`roadmap.already_approved`, `roadmap.merged`)',
    ),
  },
});

const statusRoute = createRoute({
  middleware: requireSystemRole(['admin']),
  method: 'post',
  path: `${STAFF_ONE}/status`,
  tags: TAGS,
  summary: 'Move an item to a status; on done its voters are e-mailed once (audited). Staff only.',
  request: { params: IdParamsSchema, body: jsonBody(SetRoadmapStatusSchema) },
  responses: { 200: json(RoadmapItemSchema, 'The item'), ...staffReads, 404: notFound },
});

const mergeRoute = createRoute({
  middleware: requireSystemRole(['admin']),
  method: 'post',
  path: `${STAFF_ONE}/merge`,
  tags: TAGS,
  summary: 'Merge a duplicate into another item, moving its votes (audited). Staff only.',
  description:
    'A person who voted for both counts once. The duplicate keeps its comments (shown on the target too), says it was merged, and takes no more votes or comments.',
  request: { params: IdParamsSchema, body: jsonBody(MergeRoadmapItemSchema) },
  responses: {
    200: json(MergeRoadmapResultSchema, 'The target with its votes, and how many moved'),
    ...staffReads,
    404: notFound,
    409: errorResponse('The item was already merged (`roadmap.merged`)'),
  },
});

/** Mounted under /api/v1. */
export const roadmapRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listItems(c.var.deps.db, await scopeOf(c), c.req.valid('query')), 200, noStore),
  )
  .openapi(suggestRoute, async (c) =>
    c.json(await suggestItem(c.var.deps.db, await scopeOf(c), c.req.valid('json')), 201),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getItem(c.var.deps.db, await scopeOf(c), c.req.valid('param').id), 200, noStore),
  )
  .openapi(voteRoute, async (c) =>
    c.json(await toggleVote(c.var.deps.db, await scopeOf(c), c.req.valid('param').id), 200),
  )
  .openapi(commentRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json').body;
    return c.json(await addComment(c.var.deps.db, await scopeOf(c), id, body), 201);
  })
  .openapi(staffListRoute, async (c) =>
    c.json(await staffList(c.var.deps.db, await scopeOf(c), c.req.valid('query')), 200, noStore),
  )
  .openapi(staffCreateRoute, async (c) =>
    c.json(await createItem(c.var.deps.db, await scopeOf(c), c.req.valid('json')), 201),
  )
  .openapi(staffUpdateRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await updateItem(c.var.deps.db, await scopeOf(c), id, c.req.valid('json')), 200);
  })
  .openapi(approveRoute, async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    return c.json(await approveItem(c.var.deps.db, await scopeOf(c), id, input, mailOf(c)), 200);
  })
  .openapi(statusRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    return c.json(await setStatus(c.var.deps.db, await scopeOf(c), id, status, mailOf(c)), 200);
  })
  .openapi(mergeRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { targetId } = c.req.valid('json');
    return c.json(await mergeItem(c.var.deps.db, await scopeOf(c), id, targetId), 200);
  });

/**
 * Forks of global frameworks (docs/content.md, "Forks"): fork, read the upstream's changes,
 * take them into the fork's draft. The service is frameworks.forks.ts.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  ForkFrameworkSchema,
  FrameworkDetailSchema,
  FrameworkUpstreamSchema,
  IdParamsSchema,
  TakeUpstreamSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccountActor } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { forkFramework, getUpstream, takeUpstream } from './frameworks.forks.ts';
import { forbidden, guard, invalid, noStore, notFound, TAGS } from './frameworks.routes.ts';

const forkRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: '/content/frameworks/{id}/fork',
  tags: TAGS,
  summary: 'Fork a global framework into the account’s private library (audited)',
  description:
    'Copies the latest published version with its stable keys into a new private framework (its draft), remembering the upstream and its version. `id` is a global framework with a published version.',
  request: { params: IdParamsSchema, body: jsonBody(ForkFrameworkSchema) },
  responses: {
    201: json(FrameworkDetailSchema, 'The fork'),
    400: invalid,
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
    409: errorResponse('The account already has a framework with that key (`content.key_taken`)'),
  },
});

const notAFork = errorResponse(
  'Not a fork (`content.not_a_fork`), saved on a stale revision (`content.stale_revision`), the upstream version is not the latest or already synced (`content.upstream_version`, `details.latestVersion`), or a taken question reuses a key (`content.key_reused`)',
);

const upstreamRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/content/frameworks/{id}/upstream',
  tags: TAGS,
  summary: 'A fork’s upstream changes since the version its draft is synced to',
  description:
    'The upstream diff by stable key, from the synced version to the upstream’s latest, each change marked as a conflict where the fork has its own edit of the same item.',
  request: { params: IdParamsSchema },
  responses: {
    200: json(FrameworkUpstreamSchema, 'The upstream changes'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
    409: notAFork,
  },
});

const takeUpstreamRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: '/content/frameworks/{id}/upstream/take',
  tags: TAGS,
  summary: 'Take upstream changes into the fork’s draft (audited)',
  description:
    'Writes the listed changes into the draft (`keep`: where the fork has its own edit, `mine` keeps it, `upstream` takes the upstream’s) and records `toVersion` as synced; changes not listed are declined. Publish the draft as usual.',
  request: { params: IdParamsSchema, body: jsonBody(TakeUpstreamSchema) },
  responses: {
    200: json(FrameworkDetailSchema, 'The fork with its new draft'),
    400: invalid,
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
    409: notAFork,
  },
});

export const frameworkForkRoutes = createRouter()
  .openapi(forkRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await forkFramework(c.var.deps.db, actor, id, c.req.valid('json')), 201);
  })
  .openapi(upstreamRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await getUpstream(c.var.deps.db, actor, id), 200, noStore);
  })
  .openapi(takeUpstreamRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await takeUpstream(c.var.deps.db, actor, id, c.req.valid('json')), 200);
  });

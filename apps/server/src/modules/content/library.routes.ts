import { createRoute } from '@hono/zod-openapi';
import {
  ContentListQuerySchema,
  IdParamsSchema,
  LibraryFrameworkDetailSchema,
  LibraryFrameworkListSchema,
  LibraryVersionQuerySchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccountActor, requireAccount } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json } from '../../lib/openapi.ts';
import { getLibraryFramework, listLibraryFrameworks } from './library.service.ts';

const guard = requireAccount('content.read');
const notFound = errorResponse(
  'No such published framework that you may see (`content.not_found`)',
);

const listRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/library/frameworks',
  tags: ['library'],
  summary: 'Published frameworks: global ones and the account’s own (search with `q`)',
  description:
    '`q` is searched in the name, summary and tags, and in the keys and titles of every section and question of the latest version (`GV.OC` finds `GV.OC-01`); `matches` lists up to 5 of those. Archived frameworks are left out.',
  request: { query: ContentListQuerySchema },
  responses: {
    200: json(LibraryFrameworkListSchema, 'A page of frameworks, best match first'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const getRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/library/frameworks/{id}',
  tags: ['library'],
  summary:
    'A published framework: its latest version (or `version`) with the playbooks it links to',
  request: { params: IdParamsSchema, query: LibraryVersionQuerySchema },
  responses: {
    200: json(LibraryFrameworkDetailSchema, 'The framework version'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const noStore = { 'cache-control': 'no-store' };

export const libraryRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await listLibraryFrameworks(c.var.deps.db, actor, c.req.valid('query')),
      200,
      noStore,
    );
  })
  .openapi(getRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    const { version } = c.req.valid('query');
    return c.json(await getLibraryFramework(c.var.deps.db, actor, id, version), 200, noStore);
  });

import { createRoute, type z } from '@hono/zod-openapi';
import {
  ArticleListSchema,
  ArticleSchema,
  ContentListQuerySchema,
  CreateItemSchema,
  IdParamsSchema,
  PlaybookListSchema,
  PlaybookSchema,
  RevisionSchema,
  SaveArticleSchema,
  SavePlaybookSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccountActor, requireAccount } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import {
  ARTICLE_KIND,
  createItem,
  deleteItem,
  getAuthorItem,
  getLibraryItem,
  listAuthorItems,
  listLibraryItems,
  PLAYBOOK_KIND,
  saveItem,
  setItemPublished,
} from './items.service.ts';

const guard = requireAccount('content.read');
const forbidden = errorResponse(
  'Not yours to author: global content is for system admins, private content for the account’s owners and admins (`common.forbidden`)',
);

/**
 * The routes of one item kind (playbooks, articles): authoring under `/content/{plural}` and
 * reading under `/library/{plural}`. Declared once per kind, at module level below.
 */
function itemRouteSet<Item extends z.ZodType, List extends z.ZodType, Save extends z.ZodType>(
  plural: string,
  singular: string,
  schemas: { item: Item; list: List; save: Save },
) {
  const tags = ['content'];
  const notFound = errorResponse(`No such ${singular} that you may see (\`content.not_found\`)`);
  const conflict = errorResponse(
    `Saved on a stale revision (\`content.stale_revision\`, \`details.current\` is the ${singular} as it is now), the key is taken (\`content.key_taken\`)${singular === 'playbook' ? ', or framework questions link to it (`content.in_use`)' : ''}`,
  );
  const one = `/content/${plural}/{id}`;
  return {
    list: createRoute({
      middleware: guard,
      method: 'get',
      path: `/content/${plural}`,
      tags,
      summary: `The ${plural} the caller may author (drafts included)`,
      request: { query: ContentListQuerySchema },
      responses: {
        200: json(schemas.list, `A page of ${plural}`),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    create: createRoute({
      middleware: guard,
      method: 'post',
      path: `/content/${plural}`,
      tags,
      summary: `Create a ${singular} (a draft)`,
      request: { body: jsonBody(CreateItemSchema) },
      responses: {
        201: json(schemas.item, 'Created'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: forbidden,
        409: conflict,
      },
    }),
    get: createRoute({
      middleware: guard,
      method: 'get',
      path: one,
      tags,
      summary: `A ${singular} for authoring`,
      request: { params: IdParamsSchema },
      responses: {
        200: json(schemas.item, `The ${singular}`),
        400: errorResponses[400],
        401: errorResponses[401],
        403: forbidden,
        404: notFound,
      },
    }),
    save: createRoute({
      middleware: guard,
      method: 'put',
      path: one,
      tags,
      summary: `Replace a ${singular}’s content, on the revision the editor loaded`,
      request: { params: IdParamsSchema, body: jsonBody(schemas.save) },
      responses: {
        200: json(schemas.item, 'Saved (the new revision)'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: forbidden,
        404: notFound,
        409: conflict,
      },
    }),
    publish: createRoute({
      middleware: guard,
      method: 'post',
      path: `${one}/publish`,
      tags,
      summary: `Publish a ${singular}: the library shows it (audited)`,
      request: { params: IdParamsSchema, body: jsonBody(RevisionSchema) },
      responses: {
        200: json(schemas.item, 'Published'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: forbidden,
        404: notFound,
        409: conflict,
      },
    }),
    unpublish: createRoute({
      middleware: guard,
      method: 'post',
      path: `${one}/unpublish`,
      tags,
      summary: `Take a ${singular} back to draft: the library no longer shows it (audited)`,
      request: { params: IdParamsSchema, body: jsonBody(RevisionSchema) },
      responses: {
        200: json(schemas.item, 'Unpublished'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: forbidden,
        404: notFound,
        409: conflict,
      },
    }),
    remove: createRoute({
      middleware: guard,
      method: 'delete',
      path: one,
      tags,
      summary: `Delete a ${singular} (audited)`,
      request: { params: IdParamsSchema },
      responses: {
        204: { description: 'Deleted' },
        400: errorResponses[400],
        401: errorResponses[401],
        403: forbidden,
        404: notFound,
        409: conflict,
      },
    }),
    libraryList: createRoute({
      middleware: guard,
      method: 'get',
      path: `/library/${plural}`,
      tags: ['library'],
      summary: `Published ${plural}: global ones and the account’s own (search with \`q\`)`,
      request: { query: ContentListQuerySchema },
      responses: {
        200: json(schemas.list, `A page of ${plural}, best match first`),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    libraryGet: createRoute({
      middleware: guard,
      method: 'get',
      path: `/library/${plural}/{id}`,
      tags: ['library'],
      summary: `One published ${singular}`,
      request: { params: IdParamsSchema },
      responses: {
        200: json(schemas.item, `The ${singular}`),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        404: notFound,
      },
    }),
  };
}

const playbookRoutesDef = itemRouteSet('playbooks', 'playbook', {
  item: PlaybookSchema,
  list: PlaybookListSchema,
  save: SavePlaybookSchema,
});
const articleRoutesDef = itemRouteSet('articles', 'article', {
  item: ArticleSchema,
  list: ArticleListSchema,
  save: SaveArticleSchema,
});

const noStore = { 'cache-control': 'no-store' };

export const playbookRoutes = createRouter()
  .openapi(playbookRoutesDef.list, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await listAuthorItems(c.var.deps.db, PLAYBOOK_KIND, actor, c.req.valid('query')),
      200,
      noStore,
    );
  })
  .openapi(playbookRoutesDef.create, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(await createItem(c.var.deps.db, PLAYBOOK_KIND, actor, c.req.valid('json')), 201);
  })
  .openapi(playbookRoutesDef.get, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await getAuthorItem(c.var.deps.db, PLAYBOOK_KIND, actor, c.req.valid('param').id),
      200,
      noStore,
    );
  })
  .openapi(playbookRoutesDef.save, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(
      await saveItem(c.var.deps.db, PLAYBOOK_KIND, actor, id, c.req.valid('json')),
      200,
    );
  })
  .openapi(playbookRoutesDef.publish, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(
      await setItemPublished(c.var.deps.db, PLAYBOOK_KIND, actor, id, c.req.valid('json'), true),
      200,
    );
  })
  .openapi(playbookRoutesDef.unpublish, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(
      await setItemPublished(c.var.deps.db, PLAYBOOK_KIND, actor, id, c.req.valid('json'), false),
      200,
    );
  })
  .openapi(playbookRoutesDef.remove, async (c) => {
    const actor = await getAccountActor(c);
    await deleteItem(c.var.deps.db, PLAYBOOK_KIND, actor, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(playbookRoutesDef.libraryList, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await listLibraryItems(c.var.deps.db, PLAYBOOK_KIND, actor, c.req.valid('query')),
      200,
      noStore,
    );
  })
  .openapi(playbookRoutesDef.libraryGet, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await getLibraryItem(c.var.deps.db, PLAYBOOK_KIND, actor, c.req.valid('param').id),
      200,
      noStore,
    );
  });

export const articleRoutes = createRouter()
  .openapi(articleRoutesDef.list, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await listAuthorItems(c.var.deps.db, ARTICLE_KIND, actor, c.req.valid('query')),
      200,
      noStore,
    );
  })
  .openapi(articleRoutesDef.create, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(await createItem(c.var.deps.db, ARTICLE_KIND, actor, c.req.valid('json')), 201);
  })
  .openapi(articleRoutesDef.get, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await getAuthorItem(c.var.deps.db, ARTICLE_KIND, actor, c.req.valid('param').id),
      200,
      noStore,
    );
  })
  .openapi(articleRoutesDef.save, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await saveItem(c.var.deps.db, ARTICLE_KIND, actor, id, c.req.valid('json')), 200);
  })
  .openapi(articleRoutesDef.publish, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(
      await setItemPublished(c.var.deps.db, ARTICLE_KIND, actor, id, c.req.valid('json'), true),
      200,
    );
  })
  .openapi(articleRoutesDef.unpublish, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(
      await setItemPublished(c.var.deps.db, ARTICLE_KIND, actor, id, c.req.valid('json'), false),
      200,
    );
  })
  .openapi(articleRoutesDef.remove, async (c) => {
    const actor = await getAccountActor(c);
    await deleteItem(c.var.deps.db, ARTICLE_KIND, actor, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(articleRoutesDef.libraryList, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await listLibraryItems(c.var.deps.db, ARTICLE_KIND, actor, c.req.valid('query')),
      200,
      noStore,
    );
  })
  .openapi(articleRoutesDef.libraryGet, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await getLibraryItem(c.var.deps.db, ARTICLE_KIND, actor, c.req.valid('param').id),
      200,
      noStore,
    );
  });

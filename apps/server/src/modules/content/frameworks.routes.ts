import { createRoute } from '@hono/zod-openapi';
import {
  ContentListQuerySchema,
  CreateFrameworkSchema,
  DiffQuerySchema,
  DiscardDraftSchema,
  ExportQuerySchema,
  FrameworkDetailSchema,
  FrameworkDiffSchema,
  FrameworkDocumentSchema,
  FrameworkListSchema,
  FrameworkVersionParamsSchema,
  FrameworkVersionSchema,
  IdParamsSchema,
  ImportFrameworkSchema,
  PublishFrameworkSchema,
  SaveDraftSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccountActor, requireAccount } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import {
  createFramework,
  deleteFramework,
  diffFramework,
  discardDraft,
  exportFramework,
  getAuthorFramework,
  getAuthorVersion,
  importFramework,
  listAuthorFrameworks,
  publishFramework,
  saveDraft,
  setFrameworkArchived,
} from './frameworks.service.ts';

export const TAGS = ['content'];
export const guard = requireAccount('content.read');
export const notFound = errorResponse('No such framework that you may see (`content.not_found`)');
export const forbidden = errorResponse(
  'Not yours to author: global content is for system admins, private content for the account’s owners and admins (`common.forbidden`)',
);
export const invalid = errorResponse(
  'Invalid input; for a framework document `content.invalid_document` with `fields` mapping each path in the file (`sections[2].questions[5].options[1].score`) to its problem. Nothing is written.',
);
const stale = errorResponse(
  'Saved on a stale revision (`content.stale_revision`, `details.current` is the framework as it is now), or nothing to publish (`content.nothing_to_publish`), or the key is taken (`content.key_taken`), or it has published versions (`content.in_use`), or a new question of the draft takes a key a published version used for another question (`content.key_reused`: `fields` by path in the document, `details.reused`; send the key in `sameQuestions` if it is the same question)',
);

const listRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/content/frameworks',
  tags: TAGS,
  summary: 'Frameworks the caller may author (drafts and archived included)',
  request: { query: ContentListQuerySchema },
  responses: {
    200: json(FrameworkListSchema, 'A page of frameworks'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const createFrameworkRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: '/content/frameworks',
  tags: TAGS,
  summary: 'Create a framework with an empty draft',
  request: { body: jsonBody(CreateFrameworkSchema) },
  responses: {
    201: json(FrameworkDetailSchema, 'Created'),
    400: invalid,
    401: errorResponses[401],
    403: forbidden,
    409: stale,
  },
});

const importRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: '/content/frameworks/import',
  tags: TAGS,
  summary: 'Import a framework file as a new framework (its draft)',
  description:
    'The whole file is validated first; every problem is answered with its path in the file and nothing is written. To import into an existing framework, `PUT /content/frameworks/{id}/draft` with the file’s document.',
  request: { body: jsonBody(ImportFrameworkSchema) },
  responses: {
    201: json(FrameworkDetailSchema, 'Imported'),
    400: invalid,
    401: errorResponses[401],
    403: forbidden,
    409: stale,
  },
});

const getRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/content/frameworks/{id}',
  tags: TAGS,
  summary: 'A framework for authoring: its draft, revision and versions',
  request: { params: IdParamsSchema },
  responses: {
    200: json(FrameworkDetailSchema, 'The framework'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const saveDraftRoute = createRoute({
  middleware: guard,
  method: 'put',
  path: '/content/frameworks/{id}/draft',
  tags: TAGS,
  summary: 'Replace the draft document, on the revision the editor loaded',
  request: { params: IdParamsSchema, body: jsonBody(SaveDraftSchema) },
  responses: {
    200: json(FrameworkDetailSchema, 'Saved (the new revision)'),
    400: invalid,
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
    409: stale,
  },
});

const discardRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: '/content/frameworks/{id}/draft/discard',
  tags: TAGS,
  summary: 'Reset the draft to the latest published version (audited)',
  request: { params: IdParamsSchema, body: jsonBody(DiscardDraftSchema) },
  responses: {
    200: json(FrameworkDetailSchema, 'The draft, reset'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
    409: stale,
  },
});

const publishRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: '/content/frameworks/{id}/publish',
  tags: TAGS,
  summary: 'Publish the draft as the next immutable version (audited)',
  request: { params: IdParamsSchema, body: jsonBody(PublishFrameworkSchema) },
  responses: {
    200: json(FrameworkDetailSchema, 'Published'),
    400: invalid,
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
    409: stale,
  },
});

const versionRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/content/frameworks/{id}/versions/{version}',
  tags: TAGS,
  summary: 'One published version with its document',
  request: { params: FrameworkVersionParamsSchema },
  responses: {
    200: json(FrameworkVersionSchema, 'The version'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const diffRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/content/frameworks/{id}/diff',
  tags: TAGS,
  summary: 'What changed between two versions (or a version and the draft), by stable key',
  request: { params: IdParamsSchema, query: DiffQuerySchema },
  responses: {
    200: json(FrameworkDiffSchema, 'The difference'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const exportRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/content/frameworks/{id}/export',
  tags: TAGS,
  summary: 'A version (or the draft) as a framework file (`tenantry.framework/1`)',
  description: 'Importing the file gives exactly the same document.',
  request: { params: IdParamsSchema, query: ExportQuerySchema },
  responses: {
    200: json(FrameworkDocumentSchema, 'The framework file (an attachment)'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const archiveRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: '/content/frameworks/{id}/archive',
  tags: TAGS,
  summary: 'Archive a framework: hidden from the library, versions kept (audited)',
  request: { params: IdParamsSchema },
  responses: {
    200: json(FrameworkDetailSchema, 'Archived'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const restoreRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: '/content/frameworks/{id}/restore',
  tags: TAGS,
  summary: 'Restore an archived framework (audited)',
  request: { params: IdParamsSchema },
  responses: {
    200: json(FrameworkDetailSchema, 'Restored'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const deleteRoute = createRoute({
  middleware: guard,
  method: 'delete',
  path: '/content/frameworks/{id}',
  tags: TAGS,
  summary: 'Delete a framework that was never published (audited)',
  request: { params: IdParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
    409: stale,
  },
});

export const noStore = { 'cache-control': 'no-store' };

export const frameworkRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(
      await listAuthorFrameworks(c.var.deps.db, actor, c.req.valid('query')),
      200,
      noStore,
    );
  })
  .openapi(createFrameworkRoute, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(await createFramework(c.var.deps.db, actor, c.req.valid('json')), 201);
  })
  .openapi(importRoute, async (c) => {
    const actor = await getAccountActor(c);
    return c.json(await importFramework(c.var.deps.db, actor, c.req.valid('json')), 201);
  })
  .openapi(getRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await getAuthorFramework(c.var.deps.db, actor, id), 200, noStore);
  })
  .openapi(saveDraftRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await saveDraft(c.var.deps.db, actor, id, c.req.valid('json')), 200);
  })
  .openapi(discardRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await discardDraft(c.var.deps.db, actor, id, c.req.valid('json')), 200);
  })
  .openapi(publishRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await publishFramework(c.var.deps.db, actor, id, c.req.valid('json')), 200);
  })
  .openapi(versionRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id, version } = c.req.valid('param');
    return c.json(await getAuthorVersion(c.var.deps.db, actor, id, version), 200, noStore);
  })
  .openapi(diffRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    const { from, to } = c.req.valid('query');
    return c.json(await diffFramework(c.var.deps.db, actor, id, from, to), 200, noStore);
  })
  .openapi(exportRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    const { document, fileName } = await exportFramework(
      c.var.deps.db,
      actor,
      id,
      c.req.valid('query').version,
    );
    return c.json(document, 200, {
      ...noStore,
      'content-disposition': `attachment; filename="${fileName}"`,
    });
  })
  .openapi(archiveRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await setFrameworkArchived(c.var.deps.db, actor, id, true), 200);
  })
  .openapi(restoreRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { id } = c.req.valid('param');
    return c.json(await setFrameworkArchived(c.var.deps.db, actor, id, false), 200);
  })
  .openapi(deleteRoute, async (c) => {
    const actor = await getAccountActor(c);
    await deleteFramework(c.var.deps.db, actor, c.req.valid('param').id);
    return c.body(null, 204);
  });

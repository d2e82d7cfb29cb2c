import { createRoute, z } from '@hono/zod-openapi';
import {
  ContentScopeSchema,
  IdParamsSchema,
  MEDIA_INPUT_TYPES,
  MEDIA_LIMITS,
  MediaSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccountActor, requireAccount } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json } from '../../lib/openapi.ts';
import { readUpload, uploadBody } from '../../lib/upload.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { deleteImage, listImages, mediaTooLarge, storeImage } from '../media/media.service.ts';
import { assertMayAuthor, contentNotFound, ownerOf } from './content.access.ts';

const guard = requireAccount('content.read');
const ContentMediaSchema = MediaSchema.extend({ scope: ContentScopeSchema });
const ScopeQuerySchema = z.object({ scope: ContentScopeSchema.default('private') });
/** The upload's one field: a multipart body's `scope`, or the query's for a raw image. */
const UploadFieldsSchema = z.object({
  scope: ContentScopeSchema.default('private').describe(
    'Whose image: `private` (the account’s) or `global` (system admins)',
  ),
});
const forbidden = errorResponse(
  'Not yours to author: global images are for system admins, private ones for the account’s owners and admins (`common.forbidden`)',
);

const listRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/content/media',
  tags: ['content'],
  summary: 'The images of content in one scope (newest first, at most 200)',
  request: { query: ScopeQuerySchema },
  responses: {
    200: json(z.object({ items: z.array(ContentMediaSchema) }), 'The images'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
  },
});

const uploadRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: '/content/media',
  tags: ['content'],
  summary: 'Upload an image for content (multipart: `file`, `scope`; or the raw image, `?scope=`)',
  description: `PNG, JPEG or WebP recognised by content, at most ${MEDIA_LIMITS.maxBytes} bytes; re-encoded to WebP within ${MEDIA_LIMITS.maxSide} px, metadata dropped. Insert it into markdown as \`![description](url)\`.`,
  request: {
    query: UploadFieldsSchema.partial(),
    body: uploadBody(MEDIA_INPUT_TYPES, UploadFieldsSchema),
  },
  responses: {
    201: json(ContentMediaSchema, 'Stored'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    413: errorResponses[413],
  },
});

const deleteRoute = createRoute({
  middleware: guard,
  method: 'delete',
  path: '/content/media/{id}',
  tags: ['content'],
  summary: 'Delete an image of content (audited); markdown that shows it shows a broken image',
  request: { params: IdParamsSchema, query: ScopeQuerySchema },
  responses: {
    204: { description: 'Deleted' },
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: errorResponse('No such image in that scope (`content.not_found`)'),
  },
});

export const contentMediaRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { scope } = c.req.valid('query');
    await assertMayAuthor(c.var.deps.db, actor, scope);
    const items = await listImages(
      c.var.deps.db,
      { accountId: ownerOf(actor, scope) },
      'content_image',
    );
    return c.json({ items: items.map((m) => ({ ...m, scope })) }, 200, {
      'cache-control': 'no-store',
    });
  })
  .openapi(uploadRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { bytes, fields } = await readUpload(c, {
      maxBytes: MEDIA_LIMITS.maxBytes,
      tooLarge: mediaTooLarge,
      fields: UploadFieldsSchema,
    });
    const { scope } = fields;
    const { db } = c.var.deps;
    await assertMayAuthor(db, actor, scope);
    const image = await storeImage(
      db,
      { accountId: ownerOf(actor, scope), userId: actor.userId },
      { bytes, purpose: 'content_image' },
    );
    return c.json({ ...image, scope }, 201);
  })
  .openapi(deleteRoute, async (c) => {
    const actor = await getAccountActor(c);
    const { scope } = c.req.valid('query');
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    await assertMayAuthor(db, actor, scope);
    await db.transaction(async (tx) => {
      const deleted = await deleteImage(
        tx,
        { accountId: ownerOf(actor, scope) },
        'content_image',
        id,
      );
      if (!deleted) throw contentNotFound('image');
      await recordAudit(tx, actor, {
        action: 'content.deleted',
        targetType: 'image',
        targetId: id,
        data: { kind: 'image', title: id, scope },
      });
    });
    return c.body(null, 204);
  });

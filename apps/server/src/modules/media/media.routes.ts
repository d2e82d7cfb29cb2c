import { createRoute, z } from '@hono/zod-openapi';
import { IdParamsSchema, MEDIA_STORED_TYPES } from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { mediaHeaders, readMedia } from './media.service.ts';

const binary = z.string().openapi({ type: 'string', format: 'binary' });

const getMediaRoute = createRoute({
  middleware: requireAccount('account.read'),
  method: 'get',
  path: '/media/{id}',
  tags: ['media'],
  summary: 'One image of the account by id (members of the account)',
  description:
    'The bytes the server produced when the image was uploaded (re-encoded WebP, no metadata), named `<id>.webp`, with `nosniff`, a sandboxing CSP and `cache-control: private, max-age=31536000, immutable` (an id always names the same bytes). Another account’s image answers 404.',
  request: { params: IdParamsSchema },
  responses: {
    200: {
      description: 'The image',
      content: Object.fromEntries(MEDIA_STORED_TYPES.map((type) => [type, { schema: binary }])),
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const mediaRoutes = createRouter().openapi(getMediaRoute, async (c) => {
  const image = await readMedia(c.var.deps.db, getAccount(c), c.req.valid('param').id);
  return c.body(new Uint8Array(image.data), 200, mediaHeaders(image, 'immutable')) as never;
});

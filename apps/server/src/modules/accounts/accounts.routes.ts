import { createRoute, z } from '@hono/zod-openapi';
import {
  ACCOUNT_PERMISSION_NAMES,
  AccountSchema,
  BrandSchema,
  IdParamsSchema,
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  MEDIA_INPUT_TYPES,
  MEDIA_STORED_TYPES,
  UpdateAccountSchema,
  UpdateBrandSchema,
  can,
  mediaUrl,
  type AccountPermission,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { createRouter, type AppEnv } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { limited } from '../../auth/tenant-access.ts';
import { errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { readUpload, uploadBody } from '../../lib/upload.ts';
import { mediaHeaders, mediaTooLarge } from '../media/media.service.ts';
import { readAccount, readAccountLogo, renameAccount, setAccountLogo } from './accounts.service.ts';
import { readBrand, readPublicBrandLogo, updateBrand } from './brand.service.ts';

const getAccountRoute = createRoute({
  // Open also to a member who must enrol a second factor first: the app shows its name.
  middleware: requireAccount('account.read', { secondFactorPending: true }),
  method: 'get',
  path: '/account',
  tags: ['accounts'],
  summary: 'The account of the session (name, logo, my role and what it may do)',
  responses: {
    200: json(AccountSchema, 'The account'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const updateAccountRoute = createRoute({
  middleware: requireAccount('account.update'),
  method: 'patch',
  path: '/account',
  tags: ['accounts'],
  summary: 'Rename the account (owners and admins)',
  request: {
    body: jsonBody(UpdateAccountSchema),
  },
  responses: {
    200: json(AccountSchema, 'The account'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const binary = z.string().openapi({ type: 'string', format: 'binary' });

const putLogoRoute = createRoute({
  middleware: requireAccount('account.update'),
  method: 'put',
  path: '/account/logo',
  tags: ['accounts'],
  summary: 'Upload the account logo (owners and admins)',
  description: `The image as the raw body, or multipart/form-data with the file (as \`file\`; any name is taken). PNG, JPEG or WebP, recognised by content (the declared type is ignored); at most ${LOGO_MAX_BYTES} bytes (413 \`media.too_large\` above). It is re-encoded (WebP, metadata dropped, within ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE}) and replaces the previous logo; the answer's \`logoUrl\` is the new image's \`/api/v1/media/{id}\`. Refused with 400 \`media.not_an_image\` (not such an image, damaged, truncated) or \`media.too_many_pixels\`.`,
  request: { body: uploadBody([...MEDIA_INPUT_TYPES, 'application/octet-stream']) },
  responses: {
    200: json(AccountSchema, 'The account'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    413: errorResponses[413],
  },
});

const getLogoRoute = createRoute({
  middleware: requireAccount('account.read'),
  method: 'get',
  path: '/account/logo',
  tags: ['accounts'],
  summary: 'The account’s current logo (members of the account)',
  description:
    'The same bytes and headers as `GET /api/v1/media/{id}` of the current logo, but revalidated on every use (this URL shows whichever logo is current). Prefer the account’s `logoUrl`.',
  responses: {
    200: {
      description: 'The image',
      content: Object.fromEntries(MEDIA_STORED_TYPES.map((type) => [type, { schema: binary }])),
    },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const getBrandRoute = createRoute({
  middleware: requireAccount('account.read'),
  method: 'get',
  path: '/account/brand',
  tags: ['accounts'],
  summary: 'The account’s brand: colour, display name, Reply-To, e-mail footer, logo',
  description:
    'What the account’s clients see (docs/branding.md). `applied` is false when the plan does not include branding (Free): the settings are kept and shown, and clients see Tenantry’s look.',
  responses: {
    200: json(BrandSchema, 'The brand'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const putBrandRoute = createRoute({
  middleware: requireAccount('account.update'),
  method: 'put',
  path: '/account/brand',
  tags: ['accounts'],
  summary: 'Save the account’s brand (owners and admins; Pro and up)',
  description:
    'Every field; null or empty clears it. A colour must be readable with white text on it and as text on white (WCAG AA, 4.5:1; the two are one ratio): else 400 `account.brand_low_contrast` with the ratio in the message. A plan without branding answers 402 `billing.feature_locked`. The logo is `PUT /api/v1/account/logo`.',
  request: { body: jsonBody(UpdateBrandSchema) },
  responses: {
    200: json(BrandSchema, 'The brand'),
    400: errorResponses[400],
    401: errorResponses[401],
    402: errorResponses[402],
    403: errorResponses[403],
  },
});

const brandLogoRoute = createRoute({
  method: 'get',
  path: '/brand-logos/{id}',
  tags: ['accounts'],
  summary: 'A provider’s logo as its clients see it (public, by id)',
  description:
    'The respondent page, the shared sign-in and e-mails show the logo by this URL: the id is the authority. Only an account’s current logo while its plan applies the brand; anything else is 404. Cached publicly (an id always names the same bytes).',
  request: { params: IdParamsSchema },
  responses: {
    200: {
      description: 'The image',
      content: Object.fromEntries(MEDIA_STORED_TYPES.map((type) => [type, { schema: binary }])),
    },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

/** What a member limited to some client tenants may not do, whatever their role. */
const RESTRICTED_OUT = new Set<AccountPermission>(['members.invite', 'audit.read']);

async function accountBody(c: Context<AppEnv>) {
  const ctx = getAccount(c);
  const account = await readAccount(c.var.deps.db, ctx);
  return {
    id: account.id,
    name: account.name,
    logoUrl: account.logoMediaId ? mediaUrl(account.logoMediaId) : null,
    createdAt: account.createdAt.toISOString(),
    role: ctx.role,
    // A member limited to some client tenants is refused what reaches beyond them
    // (docs/members.md): inviting, and the account's audit log.
    permissions: ACCOUNT_PERMISSION_NAMES.filter(
      (p) => can(ctx.role, p) && !(limited(ctx) && RESTRICTED_OUT.has(p)),
    ),
    tenantAccessLimited: limited(ctx),
  };
}

export const accountRoutes = createRouter()
  .openapi(getAccountRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await accountBody(c), 200);
  })
  .openapi(updateAccountRoute, async (c) => {
    await renameAccount(c.var.deps.db, getAccount(c), c.req.valid('json').name);
    return c.json(await accountBody(c), 200);
  })
  .openapi(putLogoRoute, async (c) => {
    const { bytes } = await readUpload(c, { maxBytes: LOGO_MAX_BYTES, tooLarge: mediaTooLarge });
    await setAccountLogo(c.var.deps.db, getAccount(c), bytes);
    return c.json(await accountBody(c), 200);
  })
  .openapi(getBrandRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await readBrand(c.var.deps.db, getAccount(c)), 200);
  })
  .openapi(putBrandRoute, async (c) => {
    await updateBrand(c.var.deps.db, getAccount(c), c.req.valid('json'));
    return c.json(await readBrand(c.var.deps.db, getAccount(c)), 200);
  })
  .openapi(brandLogoRoute, async (c) => {
    const { image, headers } = await readPublicBrandLogo(c.var.deps.db, c.req.valid('param').id);
    return c.body(new Uint8Array(image.data), 200, headers) as never;
  })
  .openapi(getLogoRoute, async (c) => {
    const logo = await readAccountLogo(c.var.deps.db, getAccount(c));
    return c.body(new Uint8Array(logo.data), 200, mediaHeaders(logo, 'revalidate')) as never;
  });

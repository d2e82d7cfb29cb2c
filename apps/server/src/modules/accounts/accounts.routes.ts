import { createRoute, z } from '@hono/zod-openapi';
import {
  ACCOUNT_ERROR_CODES,
  ACCOUNT_PERMISSION_NAMES,
  AccountSchema,
  LOGO_MAX_BYTES,
  UpdateAccountSchema,
  can,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { createRouter, type AppEnv } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { readAccount, readAccountLogo, renameAccount, setAccountLogo } from './accounts.service.ts';

const getAccountRoute = createRoute({
  middleware: requireAccount('account.read'),
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
  description: `The image as the raw body, or multipart/form-data with one file field (any name). PNG, JPEG or WebP, recognised by content (the declared type is ignored); at most ${LOGO_MAX_BYTES} bytes (413 above).`,
  request: {
    body: {
      required: true,
      content: {
        'image/png': { schema: binary },
        'image/jpeg': { schema: binary },
        'image/webp': { schema: binary },
        'application/octet-stream': { schema: binary },
      },
    },
  },
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
  summary: 'The account logo’s bytes (members of the account)',
  responses: {
    200: {
      description: 'The image',
      content: {
        'image/png': { schema: binary },
        'image/jpeg': { schema: binary },
        'image/webp': { schema: binary },
      },
    },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

async function accountBody(c: Context<AppEnv>) {
  const ctx = getAccount(c);
  const account = await readAccount(c.var.deps.db, ctx);
  return {
    id: account.id,
    name: account.name,
    logoUrl: account.logoUpdatedAt
      ? `/api/v1/account/logo?v=${account.logoUpdatedAt.getTime()}`
      : null,
    createdAt: account.createdAt.toISOString(),
    role: ctx.role,
    permissions: ACCOUNT_PERMISSION_NAMES.filter((p) => can(ctx.role, p)),
  };
}

/** The uploaded bytes: the first file of a multipart body, else the raw body. */
async function readUpload(c: Context<AppEnv>): Promise<Uint8Array> {
  const type = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new AppError('common.bad_request', 400, 'The upload could not be read.');
    }
    const file = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!file) {
      throw new AppError('common.validation', 400, 'Choose an image file to upload.', {
        file: 'No file was sent.',
      });
    }
    if (file.size > LOGO_MAX_BYTES) {
      throw new AppError(ACCOUNT_ERROR_CODES.logoTooLarge, 413, 'The logo may be at most 1 MB.');
    }
    return new Uint8Array(await file.arrayBuffer());
  }
  return new Uint8Array(await c.req.arrayBuffer());
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
    await setAccountLogo(c.var.deps.db, getAccount(c), await readUpload(c));
    return c.json(await accountBody(c), 200);
  })
  .openapi(getLogoRoute, async (c) => {
    const logo = await readAccountLogo(c.var.deps.db, getAccount(c));
    return c.body(new Uint8Array(logo.data), 200, {
      'content-type': logo.contentType,
      'content-length': String(logo.data.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="logo"',
      'cache-control': 'private, max-age=300',
    }) as never;
  });

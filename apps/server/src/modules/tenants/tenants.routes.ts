import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateTenantSchema,
  ErrorBodySchema,
  TenantDetailSchema,
  TenantListQuerySchema,
  TenantPageSchema,
  TenantSchema,
  UpdateTenantSchema,
} from '@tenantry/shared';
import { getAccount, requireAccount } from '../../auth/account-context.ts';
import type { Auth } from '../../auth/auth.ts';
import { getClaims } from '../../auth/guards.ts';
import { getTenantContext, requireTenant } from '../../auth/tenant-context.ts';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses } from '../../lib/openapi.ts';
import {
  createTenant,
  getTenant,
  listTenants,
  rememberLastTenant,
  setTenantArchived,
  updateTenant,
} from './tenants.service.ts';

const TAGS = ['tenants'];
const notFound = {
  description: 'No such client tenant in your account (`tenants.not_found`)',
  content: { 'application/json': { schema: ErrorBodySchema } },
} as const;
const TenantParams = z.object({ tenantId: z.string().min(1).max(100) });
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const listRoute = createRoute({
  method: 'get',
  path: '/tenants',
  tags: TAGS,
  summary: 'A page of the account’s client tenants (search, tag, status, sort; keyset cursor)',
  description:
    '`q` matches part of the name (case-insensitive) or a whole tag. Pass `nextCursor` back as `cursor` with the same sort and order for the next page. No total count: pages stay equally fast at any depth.',
  request: { query: TenantListQuerySchema },
  responses: {
    200: json(TenantPageSchema, 'One page'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const createTenantRoute = createRoute({
  method: 'post',
  path: '/tenants',
  tags: TAGS,
  summary: 'Create a client tenant',
  request: {
    body: { required: true, content: { 'application/json': { schema: CreateTenantSchema } } },
  },
  responses: {
    201: json(TenantSchema, 'Created'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/tenants/{tenantId}',
  tags: TAGS,
  summary: 'One client tenant; opening it makes it the member’s `ttid`',
  description:
    'Members of the account, and a shared user of this very tenant, may read it. The answer says the caller’s role so the UI can hide what it cannot do.',
  request: { params: TenantParams },
  responses: {
    200: json(TenantDetailSchema, 'The tenant'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/tenants/{tenantId}',
  tags: TAGS,
  summary: 'Change a client tenant’s details (only the fields sent)',
  request: {
    params: TenantParams,
    body: { required: true, content: { 'application/json': { schema: UpdateTenantSchema } } },
  },
  responses: {
    200: json(TenantSchema, 'Updated'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const archiveRoute = createRoute({
  method: 'post',
  path: '/tenants/{tenantId}/archive',
  tags: TAGS,
  summary: 'Archive a client tenant (owners and admins; audited; again is a no-op)',
  request: { params: TenantParams },
  responses: {
    200: json(TenantSchema, 'Archived'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const restoreRoute = createRoute({
  method: 'post',
  path: '/tenants/{tenantId}/restore',
  tags: TAGS,
  summary: 'Restore an archived client tenant (owners and admins; audited)',
  request: { params: TenantParams },
  responses: {
    200: json(TenantSchema, 'Restored'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

/** Hono path of an OpenAPI path: `{tenantId}` → `:tenantId`. */
const honoPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

export function createTenantRoutes(deps: AppDeps, auth: Auth) {
  const { db } = deps;
  const router = createRouter();

  router.on(['GET'], [listRoute.path], ...requireAccount(auth, db, 'tenants.read'));
  router.openapi(listRoute, async (c) => {
    const { accountId } = getAccount(c);
    c.header('cache-control', 'no-store');
    return c.json(await listTenants(db, accountId, c.req.valid('query')), 200);
  });

  router.on(['POST'], [createTenantRoute.path], ...requireAccount(auth, db, 'tenants.create'));
  router.openapi(createTenantRoute, async (c) => {
    const { accountId, userId, email } = getAccount(c);
    const tenant = await createTenant(db, accountId, { userId, email }, c.req.valid('json'));
    return c.json(tenant, 201);
  });

  router.on(['GET'], [honoPath(getRoute.path)], ...requireTenant(auth, db, 'read'));
  router.openapi(getRoute, async (c) => {
    const ctx = getTenantContext(c);
    const tenant = await getTenant(db, ctx.accountId, ctx.tenantId);
    if (ctx.accountRole) {
      const claims = await getClaims(c, db);
      if (claims.ttid !== tenant.id) {
        await rememberLastTenant(db, ctx.accountId, ctx.userId, tenant.id);
      }
    }
    c.header('cache-control', 'no-store');
    return c.json(
      { ...tenant, access: { accountRole: ctx.accountRole, shareRole: ctx.shareRole } },
      200,
    );
  });

  router.on(['PATCH'], [honoPath(updateRoute.path)], ...requireTenant(auth, db, 'tenants.update'));
  router.openapi(updateRoute, async (c) => {
    const ctx = getTenantContext(c);
    return c.json(await updateTenant(db, ctx.accountId, ctx.tenantId, c.req.valid('json')), 200);
  });

  for (const [route, archived] of [
    [archiveRoute, true],
    [restoreRoute, false],
  ] as const) {
    router.on(['POST'], [honoPath(route.path)], ...requireTenant(auth, db, 'tenants.archive'));
    router.openapi(route, async (c) => {
      const ctx = getTenantContext(c);
      const actor = { userId: ctx.userId, email: ctx.email };
      return c.json(await setTenantArchived(db, ctx.accountId, actor, ctx.tenantId, archived), 200);
    });
  }

  return router;
}

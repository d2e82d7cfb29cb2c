import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateTenantSchema,
  PortfolioCsvQuerySchema,
  PortfolioPageSchema,
  PortfolioQuerySchema,
  TenantCsvQuerySchema,
  TenantDetailSchema,
  TenantListQuerySchema,
  TenantPageSchema,
  TenantParamsSchema,
  TenantSchema,
  UpdateTenantSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import {
  getAccount,
  getClaims,
  getTenant,
  requireAccount,
  requireTenant,
} from '../../auth/guards.ts';
import { csvHeaders } from '../../lib/csv.ts';
import {
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  sessionOrApiKey,
} from '../../lib/openapi.ts';
import { clientBrand, pageBrand } from '../accounts/brand.service.ts';
import { portfolioCsv } from './portfolio.export.ts';
import { portfolioPage } from './portfolio.service.ts';
import { tenantsCsv } from './tenants.export.ts';
import {
  createTenant,
  getTenant as readTenant,
  listTenants,
  rememberLastTenant,
  setTenantArchived,
  tenantAccountName,
  updateTenant,
} from './tenants.service.ts';

const TAGS = ['tenants'];
const notFound = errorResponse('No such client tenant in your account (`tenants.not_found`)');

const listRoute = createRoute({
  middleware: requireAccount('tenants.read', { apiKey: 'tenants:read' }),
  method: 'get',
  path: '/tenants',
  security: sessionOrApiKey('tenants:read'),
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

const csvRoute = createRoute({
  middleware: requireAccount('tenants.read'),
  method: 'get',
  path: '/tenants.csv',
  tags: TAGS,
  summary: 'Every client tenant matching the list’s filters, with scores and open work, as CSV',
  description:
    'Same `q`, `tag`, `status`, `sort` and `order` as the list; one row per tenant with its latest completed score, gap questions, open assessments and open tasks. Spreadsheet-safe.',
  request: { query: TenantCsvQuerySchema },
  responses: {
    200: {
      description: 'The CSV file (an attachment)',
      content: { 'text/csv': { schema: z.string() } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const portfolioRoute = createRoute({
  middleware: requireAccount('tenants.read', { apiKey: 'tenants:read' }),
  method: 'get',
  path: '/tenants/portfolio',
  security: sessionOrApiKey('tenants:read'),
  tags: TAGS,
  summary: 'The portfolio: a page of client tenants with their posture (sort, filter, offset)',
  description:
    'Every active client tenant the caller reaches, with what it keeps on write: the latest completed score and completion, the change since the baseline, each top-level section against its target, open and overdue tasks, the next due assessment and the last activity. `sort=section` sorts by the section named in `section`; `belowTarget=true` keeps tenants below target in that section (or in any). Missing values sort last. `columns` are the same on every page of a view: the top-level sections of the `framework` filter, else of the framework most of the tenants were last assessed with.',
  request: { query: PortfolioQuerySchema },
  responses: {
    200: json(PortfolioPageSchema, 'One page'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const portfolioCsvRoute = createRoute({
  middleware: requireAccount('tenants.read', { apiKey: 'tenants:read' }),
  method: 'get',
  path: '/tenants/portfolio.csv',
  security: sessionOrApiKey('tenants:read'),
  tags: TAGS,
  summary: 'The portfolio view (same filters and sort) as CSV, every matching tenant',
  request: { query: PortfolioCsvQuerySchema },
  responses: {
    200: {
      description: 'The CSV file (an attachment)',
      content: { 'text/csv': { schema: z.string() } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const createTenantRoute = createRoute({
  middleware: requireAccount('tenants.create'),
  method: 'post',
  path: '/tenants',
  tags: TAGS,
  summary: 'Create a client tenant',
  request: {
    body: jsonBody(CreateTenantSchema),
  },
  responses: {
    201: json(TenantSchema, 'Created'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const getRoute = createRoute({
  middleware: requireTenant('read', 'tenantId', { apiKey: 'tenants:read' }),
  method: 'get',
  path: '/tenants/{tenantId}',
  security: sessionOrApiKey('tenants:read'),
  tags: TAGS,
  summary: 'One client tenant; opening it makes it the member’s `ttid`',
  description:
    'Members of the account, and a shared user of this very tenant, may read it. The answer says the caller’s role so the UI can hide what it cannot do.',
  request: { params: TenantParamsSchema },
  responses: {
    200: json(TenantDetailSchema, 'The tenant'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const updateRoute = createRoute({
  middleware: requireTenant('tenants.update'),
  method: 'patch',
  path: '/tenants/{tenantId}',
  tags: TAGS,
  summary: 'Change a client tenant’s details (only the fields sent)',
  request: {
    params: TenantParamsSchema,
    body: jsonBody(UpdateTenantSchema),
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
  middleware: requireTenant('tenants.archive'),
  method: 'post',
  path: '/tenants/{tenantId}/archive',
  tags: TAGS,
  summary: 'Archive a client tenant (owners and admins; audited; again is a no-op)',
  request: { params: TenantParamsSchema },
  responses: {
    200: json(TenantSchema, 'Archived'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const restoreRoute = createRoute({
  middleware: requireTenant('tenants.archive'),
  method: 'post',
  path: '/tenants/{tenantId}/restore',
  tags: TAGS,
  summary: 'Restore an archived client tenant (owners and admins; audited)',
  request: { params: TenantParamsSchema },
  responses: {
    200: json(TenantSchema, 'Restored'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

export const tenantRoutes = createRouter()
  .openapi(csvRoute, async (c) => {
    const { fileName, csv } = await tenantsCsv(c.var.deps.db, getAccount(c), c.req.valid('query'));
    return c.body(csv, 200, csvHeaders(fileName)) as never;
  })
  .openapi(portfolioCsvRoute, async (c) => {
    const query = c.req.valid('query');
    const { fileName, csv } = await portfolioCsv(c.var.deps.db, getAccount(c), query);
    return c.body(csv, 200, csvHeaders(fileName)) as never;
  })
  .openapi(portfolioRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await portfolioPage(c.var.deps.db, getAccount(c), c.req.valid('query')), 200);
  })
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await listTenants(c.var.deps.db, getAccount(c), c.req.valid('query')), 200);
  })
  .openapi(createTenantRoute, async (c) => {
    return c.json(await createTenant(c.var.deps.db, getAccount(c), c.req.valid('json')), 201);
  })
  .openapi(getRoute, async (c) => {
    const { db } = c.var.deps;
    const ctx = getTenant(c);
    const [tenant, accountName, brand] = await Promise.all([
      readTenant(db, ctx, ctx.tenantId),
      tenantAccountName(db, ctx),
      // A shared user sees the sharing provider's brand in their layout (docs/branding.md).
      ctx.shareRole ? clientBrand(db, ctx.accountId).then(pageBrand) : null,
    ]);
    if (ctx.accountRole) {
      const claims = await getClaims(c);
      if (!claims.apiKey && claims.ttid !== tenant.id) await rememberLastTenant(db, ctx);
    }
    c.header('cache-control', 'no-store');
    return c.json(
      {
        ...tenant,
        access: { accountRole: ctx.accountRole, shareRole: ctx.shareRole, accountName, brand },
      },
      200,
    );
  })
  .openapi(updateRoute, async (c) => {
    const ctx = getTenant(c);
    return c.json(await updateTenant(c.var.deps.db, ctx, c.req.valid('json')), 200);
  })
  .openapi(archiveRoute, async (c) => {
    return c.json(await setTenantArchived(c.var.deps.db, getTenant(c), true), 200);
  })
  .openapi(restoreRoute, async (c) => {
    return c.json(await setTenantArchived(c.var.deps.db, getTenant(c), false), 200);
  });

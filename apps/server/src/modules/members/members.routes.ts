import { createRoute, z } from '@hono/zod-openapi';
import {
  ChangeRoleSchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberSchema,
  SetTenantAccessSchema,
  TENANT_ACCESS_LIMITS,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import {
  changeRole,
  leaveAccount,
  listMembers,
  removeMember,
  setTenantAccess,
} from './members.service.ts';

export const memberErrorResponses = {
  404: errorResponse('Not in this account (`common.not_found`)'),
  409: errorResponse('The last owner would be gone (`members.last_owner`)'),
} as const;

const listRoute = createRoute({
  middleware: requireAccount('members.read'),
  method: 'get',
  path: '/members',
  tags: ['members'],
  summary: 'Members of the session’s account',
  responses: {
    200: json(MemberListSchema, 'Members'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const changeRoleRoute = createRoute({
  middleware: requireAccount('members.changeRole'),
  method: 'patch',
  path: '/members/{userId}',
  tags: ['members'],
  summary: 'Change a member’s role',
  description:
    'Owners and admins; making someone an owner or changing an owner’s role needs an owner. The last owner cannot be demoted (409 `members.last_owner`).',
  request: {
    params: MemberParamsSchema,
    body: jsonBody(ChangeRoleSchema),
  },
  responses: {
    200: json(MemberSchema, 'The member'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    ...memberErrorResponses,
  },
});

const tenantAccessRoute = createRoute({
  middleware: requireAccount('members.changeRole'),
  method: 'put',
  path: '/members/{userId}/tenant-access',
  tags: ['members'],
  summary: 'Set which client tenants a member reaches',
  description: `Owners and admins who reach every client tenant themselves (403 \`members.access_restricted\` otherwise). \`mode\`: \`all\`; \`only\` the \`tenantIds\`; \`tags\`: tenants carrying one of the \`tags\` (read at every request, so a tenant tagged later is reached at once); \`except\` the \`tenantIds\`. At most ${TENANT_ACCESS_LIMITS.tenants} tenants (of this account: 400 \`members.unknown_tenant\` otherwise) and ${TENANT_ACCESS_LIMITS.tags} tags. An owner always reaches every client tenant (409 \`members.owner_access\`). \`version\` is the one read from GET /members: when the access changed since, 409 \`members.access_conflict\` with the access now in \`details.current\`. Audited as \`members.access_changed\`.`,
  request: {
    params: MemberParamsSchema,
    body: jsonBody(SetTenantAccessSchema),
  },
  responses: {
    200: json(MemberSchema, 'The member, with the access now'),
    400: errorResponse(
      'Invalid input, or a client tenant not in this account (`members.unknown_tenant`)',
    ),
    401: errorResponses[401],
    403: errorResponse(
      'Not an owner or admin, or limited to some client tenants (`members.access_restricted`)',
    ),
    404: memberErrorResponses[404],
    409: errorResponse(
      'Changed since it was read (`members.access_conflict`), or an owner (`members.owner_access`)',
    ),
  },
});

const removeRoute = createRoute({
  middleware: requireAccount('members.remove'),
  method: 'delete',
  path: '/members/{userId}',
  tags: ['members'],
  summary: 'Remove a member from the account',
  description:
    'Owners and admins; removing an owner needs an owner. The last owner cannot be removed (409).',
  request: { params: MemberParamsSchema },
  responses: {
    204: { description: 'Removed' },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    ...memberErrorResponses,
  },
});

const leaveRoute = createRoute({
  middleware: requireAccount('account.read'),
  method: 'post',
  path: '/members/leave',
  tags: ['members'],
  summary: 'Leave the session’s account',
  description: 'Any member. The last owner cannot leave (409 `members.last_owner`).',
  request: {
    body: {
      required: false,
      content: { 'application/json': { schema: z.object({}).strict().optional() } },
    },
  },
  responses: {
    204: { description: 'Left' },
    401: errorResponses[401],
    403: errorResponses[403],
    409: memberErrorResponses[409],
  },
});

export const memberRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ members: await listMembers(c.var.deps.db, getAccount(c)) }, 200);
  })
  // Registered before /members/{userId} so "leave" is never read as a user id.
  .openapi(leaveRoute, async (c) => {
    await leaveAccount(c.var.deps.db, getAccount(c));
    return c.body(null, 204);
  })
  .openapi(changeRoleRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const { role } = c.req.valid('json');
    return c.json(await changeRole(c.var.deps.db, getAccount(c), { userId, role }), 200);
  })
  .openapi(tenantAccessRoute, async (c) => {
    const { userId } = c.req.valid('param');
    return c.json(
      await setTenantAccess(c.var.deps.db, getAccount(c), userId, c.req.valid('json')),
      200,
    );
  })
  .openapi(removeRoute, async (c) => {
    await removeMember(c.var.deps.db, getAccount(c), c.req.valid('param').userId);
    return c.body(null, 204);
  });

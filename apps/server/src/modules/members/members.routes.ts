import { createRoute, z } from '@hono/zod-openapi';
import {
  ChangeRoleSchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberSchema,
} from '@tenantry/shared';
import { getAccount, requireAccount } from '../../auth/account-context.ts';
import type { Auth } from '../../auth/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses } from '../../lib/openapi.ts';
import { changeRole, leaveAccount, listMembers, removeMember } from './members.service.ts';

const content = errorResponses[400].content;
export const memberErrorResponses = {
  404: { description: 'Not in this account (`common.not_found`)', content },
  409: { description: 'The last owner would be gone (`members.last_owner`)', content },
} as const;

const listRoute = createRoute({
  method: 'get',
  path: '/members',
  tags: ['members'],
  summary: 'Members of the session’s account',
  responses: {
    200: { description: 'Members', content: { 'application/json': { schema: MemberListSchema } } },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const changeRoleRoute = createRoute({
  method: 'patch',
  path: '/members/{userId}',
  tags: ['members'],
  summary: 'Change a member’s role',
  description:
    'Owners and admins; making someone an owner or changing an owner’s role needs an owner. The last owner cannot be demoted (409 `members.last_owner`).',
  request: {
    params: MemberParamsSchema,
    body: { required: true, content: { 'application/json': { schema: ChangeRoleSchema } } },
  },
  responses: {
    200: { description: 'The member', content: { 'application/json': { schema: MemberSchema } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    ...memberErrorResponses,
  },
});

const removeRoute = createRoute({
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

export function createMemberRoutes(deps: AppDeps, auth: Auth) {
  const router = createRouter();
  const db = deps.db;

  router.openapi(
    { ...listRoute, middleware: requireAccount(auth, db, 'members.read') },
    async (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ members: await listMembers(db, getAccount(c).accountId) }, 200);
    },
  );

  // Registered before /members/{userId} so "leave" is never read as a user id.
  router.openapi(
    { ...leaveRoute, middleware: requireAccount(auth, db, 'account.read') },
    async (c) => {
      await leaveAccount(db, getAccount(c));
      return c.body(null, 204);
    },
  );

  router.openapi(
    { ...changeRoleRoute, middleware: requireAccount(auth, db, 'members.changeRole') },
    async (c) => {
      const { userId } = c.req.valid('param');
      const { role } = c.req.valid('json');
      return c.json(await changeRole(db, getAccount(c), userId, role), 200);
    },
  );

  router.openapi(
    { ...removeRoute, middleware: requireAccount(auth, db, 'members.remove') },
    async (c) => {
      await removeMember(db, getAccount(c), c.req.valid('param').userId);
      return c.body(null, 204);
    },
  );

  return router;
}

import { createRoute } from '@hono/zod-openapi';
import {
  AcceptInvitationResultSchema,
  CreateInvitationSchema,
  InvitationListSchema,
  InvitationParamsSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  InvitationTokenParamsSchema,
} from '@tenantry/shared';
import { getAccount, requireAccount } from '../../auth/account-context.ts';
import type { Auth } from '../../auth/auth.ts';
import { getAuthContext, requireSession } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses } from '../../lib/openapi.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.service.ts';

const content = errorResponses[400].content;
const notFoundResponse = { description: 'No such invitation (`common.not_found`)', content };

const listRoute = createRoute({
  method: 'get',
  path: '/invitations',
  tags: ['members'],
  summary: 'Pending invitations of the session’s account (owners and admins)',
  responses: {
    200: {
      description: 'Invitations',
      content: { 'application/json': { schema: InvitationListSchema } },
    },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const createInvitationRoute = createRoute({
  method: 'post',
  path: '/invitations',
  tags: ['members'],
  summary: 'Invite someone by e-mail with a role',
  description:
    'Owners and admins; the role must be one the inviter may hand out (403). An existing member’s address answers 409 `members.already_member`; a pending invitation to the same address is replaced (its link stops working). The link is e-mailed, never returned.',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: CreateInvitationSchema } },
    },
  },
  responses: {
    201: {
      description: 'Invited',
      content: { 'application/json': { schema: InvitationSchema } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: { description: 'Already a member (`members.already_member`)', content },
  },
});

const revokeRoute = createRoute({
  method: 'delete',
  path: '/invitations/{id}',
  tags: ['members'],
  summary: 'Revoke a pending invitation',
  request: { params: InvitationParamsSchema },
  responses: {
    204: { description: 'Revoked' },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFoundResponse,
  },
});

const previewRoute = createRoute({
  method: 'get',
  path: '/invitations/by-token/{token}',
  tags: ['members'],
  summary: 'What an invitation link offers (public: the token is the authority)',
  request: { params: InvitationTokenParamsSchema },
  responses: {
    200: {
      description: 'The invitation',
      content: { 'application/json': { schema: InvitationPreviewSchema } },
    },
    400: errorResponses[400],
    404: notFoundResponse,
  },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/invitations/by-token/{token}/accept',
  tags: ['members'],
  summary: 'Accept an invitation as the signed-in user',
  description:
    'The signed-in user’s e-mail must be the invitation’s (403 `members.email_mismatch`). An expired, revoked or accepted invitation answers 410 `members.invitation_unusable`. The account becomes the user’s active account (`tid`).',
  request: { params: InvitationTokenParamsSchema },
  responses: {
    200: {
      description: 'Joined',
      content: { 'application/json': { schema: AcceptInvitationResultSchema } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFoundResponse,
    409: { description: 'Already a member (`members.already_member`)', content },
    410: { description: 'Unusable (`members.invitation_unusable`)', content },
  },
});

export function createInvitationRoutes(deps: AppDeps, auth: Auth) {
  const router = createRouter();
  const db = deps.db;
  const inviter = requireAccount(auth, db, 'members.invite');

  router.openapi({ ...listRoute, middleware: inviter }, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ invitations: await listInvitations(db, getAccount(c).accountId) }, 200);
  });

  router.openapi({ ...createInvitationRoute, middleware: inviter }, async (c) => {
    const input = c.req.valid('json');
    const invitation = await createInvitation(
      db,
      deps.mailer,
      deps.config.publicUrl,
      getAccount(c),
      input,
    );
    return c.json(invitation, 201);
  });

  router.openapi({ ...revokeRoute, middleware: inviter }, async (c) => {
    await revokeInvitation(db, getAccount(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  router.openapi(previewRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await previewInvitation(db, c.req.valid('param').token), 200);
  });

  router.openapi({ ...acceptRoute, middleware: requireSession(auth) }, async (c) => {
    const { userId } = getAuthContext(c);
    return c.json(await acceptInvitation(db, userId, c.req.valid('param').token), 200);
  });

  return router;
}

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
import { createRouter } from '../../auth/context.ts';
import { getAccount, getSession, requireAccount, requireSession } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.service.ts';

const notFoundResponse = errorResponse('No such invitation (`common.not_found`)');
const alreadyMember = errorResponse('Already a member (`members.already_member`)');

const listRoute = createRoute({
  middleware: requireAccount('members.invite'),
  method: 'get',
  path: '/invitations',
  tags: ['members'],
  summary: 'Pending invitations of the session’s account (owners and admins)',
  responses: {
    200: json(InvitationListSchema, 'Invitations'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const createInvitationRoute = createRoute({
  middleware: requireAccount('members.invite'),
  method: 'post',
  path: '/invitations',
  tags: ['members'],
  summary: 'Invite someone by e-mail with a role',
  description:
    'Owners and admins; the role must be one the inviter may hand out (403). An existing member’s address answers 409 `members.already_member`; a pending invitation to the same address is replaced (its link stops working). The link is e-mailed, never returned.',
  request: {
    body: jsonBody(CreateInvitationSchema),
  },
  responses: {
    201: json(InvitationSchema, 'Invited'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: alreadyMember,
  },
});

const revokeRoute = createRoute({
  middleware: requireAccount('members.invite'),
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
    200: json(InvitationPreviewSchema, 'The invitation'),
    400: errorResponses[400],
    404: notFoundResponse,
  },
});

const acceptRoute = createRoute({
  middleware: requireSession(),
  method: 'post',
  path: '/invitations/by-token/{token}/accept',
  tags: ['members'],
  summary: 'Accept an invitation as the signed-in user',
  description:
    'The signed-in user’s e-mail must be the invitation’s (403 `members.email_mismatch`). An expired, revoked or accepted invitation answers 410 `members.invitation_unusable`. The account becomes the user’s active account (`tid`).',
  request: { params: InvitationTokenParamsSchema },
  responses: {
    200: json(AcceptInvitationResultSchema, 'Joined'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFoundResponse,
    409: alreadyMember,
    410: errorResponse('Unusable (`members.invitation_unusable`)'),
  },
});

export const invitationRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ invitations: await listInvitations(c.var.deps.db, getAccount(c)) }, 200);
  })
  .openapi(createInvitationRoute, async (c) => {
    const { db, mailer, config } = c.var.deps;
    const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
    return c.json(await createInvitation(db, getAccount(c), c.req.valid('json'), mail), 201);
  })
  .openapi(revokeRoute, async (c) => {
    await revokeInvitation(c.var.deps.db, getAccount(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(previewRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await previewInvitation(c.var.deps.db, c.req.valid('param').token), 200);
  })
  .openapi(acceptRoute, async (c) => {
    const { token } = c.req.valid('param');
    return c.json(await acceptInvitation(c.var.deps.db, getSession(c), token), 200);
  });

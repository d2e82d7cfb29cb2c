import { createRoute } from '@hono/zod-openapi';
import {
  CannedReplyListSchema,
  CannedReplySchema,
  IdParamsSchema,
  SaveCannedReplySchema,
  StaffReplySchema,
  SupportQueueQuerySchema,
  SupportStaffListSchema,
  SupportTicketDetailSchema,
  SupportTicketListSchema,
  SupportTicketParamsSchema,
  UpdateSupportTicketSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { type AppEnv, createRouter, mailOf } from '../../auth/context.ts';
import { getClaims } from '../../auth/guards.ts';
import { errorResponse, json, jsonBody } from '../../lib/openapi.ts';
import { createCanned, deleteCanned, listCanned, updateCanned } from './canned.service.ts';
import { getStaffTicket, listQueue, listStaff, staffReply, updateTicket } from './staff.service.ts';
import { readAttachment, type StaffScope } from './ticket-rows.ts';
import {
  SIDES,
  TAGS,
  attachmentResponse,
  noStore,
  reads,
  ticketNotFound,
  ticketRoutePair,
} from './ticket-routes.ts';

/** Support in the service console (docs/support.md), under /service/support: system admins. */
const { middleware, tickets } = SIDES.staff;
const pair = ticketRoutePair('staff');
const CANNED = '/service/support/canned';

const staffOf = async (c: Context<AppEnv>): Promise<StaffScope> => {
  const claims = await getClaims(c);
  return { userId: claims.uid, email: claims.email };
};

const queueRoute = createRoute({
  middleware,
  method: 'get',
  path: tickets,
  tags: TAGS,
  summary: 'The support queue across accounts (system admins)',
  description:
    'Filters `status`, `priority`, `assignee` (a staff id, `me` or `none`); `sort=waiting` (default: open tickets whose customer has waited longest first) or `newest`.',
  request: { query: SupportQueueQuerySchema },
  responses: { 200: json(SupportTicketListSchema, 'The tickets'), ...reads },
});

const replyRoute = createRoute({
  middleware,
  method: 'post',
  path: `${tickets}/{id}/messages`,
  tags: TAGS,
  summary: 'Reply to the customer (e-mails them), or add an internal note (`internal: true`)',
  description:
    'A reply sets the status (default `waiting`); a note changes nothing the customer sees.',
  request: { params: SupportTicketParamsSchema, body: jsonBody(StaffReplySchema) },
  responses: {
    201: json(SupportTicketDetailSchema, 'The ticket'),
    ...reads,
    404: ticketNotFound,
    409: errorResponse('The ticket is full (`support.too_many_messages`)'),
  },
});

const updateRoute = createRoute({
  middleware,
  method: 'patch',
  path: `${tickets}/{id}`,
  tags: TAGS,
  summary: 'Set a ticket’s status, priority or assignee (system admins)',
  request: { params: SupportTicketParamsSchema, body: jsonBody(UpdateSupportTicketSchema) },
  responses: { 200: json(SupportTicketDetailSchema, 'The ticket'), ...reads, 404: ticketNotFound },
});

const staffListRoute = createRoute({
  middleware,
  method: 'get',
  path: '/service/support/staff',
  tags: TAGS,
  summary: 'The staff a ticket may be assigned to (system admins)',
  responses: { 200: json(SupportStaffListSchema, 'The staff'), ...reads },
});

const cannedListRoute = createRoute({
  middleware,
  method: 'get',
  path: CANNED,
  tags: TAGS,
  summary: 'Canned replies (system admins)',
  responses: { 200: json(CannedReplyListSchema, 'The canned replies'), ...reads },
});

const cannedCreateRoute = createRoute({
  middleware,
  method: 'post',
  path: CANNED,
  tags: TAGS,
  summary: 'Add a canned reply (system admins)',
  request: { body: jsonBody(SaveCannedReplySchema) },
  responses: {
    201: json(CannedReplySchema, 'The canned reply'),
    ...reads,
    409: errorResponse('Too many canned replies (`support.too_many_canned`)'),
  },
});

const cannedNotFound = errorResponse('No such canned reply (`support.canned_not_found`)');

const cannedUpdateRoute = createRoute({
  middleware,
  method: 'put',
  path: `${CANNED}/{id}`,
  tags: TAGS,
  summary: 'Change a canned reply (system admins)',
  request: { params: IdParamsSchema, body: jsonBody(SaveCannedReplySchema) },
  responses: { 200: json(CannedReplySchema, 'The canned reply'), ...reads, 404: cannedNotFound },
});

const cannedDeleteRoute = createRoute({
  middleware,
  method: 'delete',
  path: `${CANNED}/{id}`,
  tags: TAGS,
  summary: 'Delete a canned reply (system admins)',
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...reads, 404: cannedNotFound },
});

export const supportStaffRoutes = createRouter()
  .openapi(queueRoute, async (c) =>
    c.json(await listQueue(c.var.deps.db, await staffOf(c), c.req.valid('query')), 200, noStore),
  )
  .openapi(pair.get, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await getStaffTicket(c.var.deps.db, await staffOf(c), id), 200, noStore);
  })
  .openapi(replyRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await staffReply(c.var.deps.db, await staffOf(c), id, body, mailOf(c)), 201);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await updateTicket(c.var.deps.db, await staffOf(c), id, body), 200);
  })
  .openapi(pair.attachment, async (c) => {
    const { id, mediaId } = c.req.valid('param');
    const viewer = { staff: await staffOf(c) };
    return attachmentResponse(c, await readAttachment(c.var.deps.db, viewer, id, mediaId));
  })
  .openapi(staffListRoute, async (c) =>
    c.json({ items: await listStaff(c.var.deps.db) }, 200, noStore),
  )
  .openapi(cannedListRoute, async (c) =>
    c.json({ items: await listCanned(c.var.deps.db) }, 200, noStore),
  )
  .openapi(cannedCreateRoute, async (c) =>
    c.json(await createCanned(c.var.deps.db, await staffOf(c), c.req.valid('json')), 201),
  )
  .openapi(cannedUpdateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await updateCanned(c.var.deps.db, await staffOf(c), id, body), 200);
  })
  .openapi(cannedDeleteRoute, async (c) => {
    await deleteCanned(c.var.deps.db, await staffOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

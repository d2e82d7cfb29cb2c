import { createRoute } from '@hono/zod-openapi';
import {
  CreateSupportTicketSchema,
  MEDIA_INPUT_TYPES,
  MEDIA_LIMITS,
  SetSupportTicketStatusSchema,
  SupportHelpListSchema,
  SupportHelpQuerySchema,
  SupportReplySchema,
  SupportTicketDetailSchema,
  SupportTicketListQuerySchema,
  SupportTicketListSchema,
  SupportTicketParamsSchema,
  SupportUploadSchema,
} from '@tenantry/shared';
import { createRouter, mailOf } from '../../auth/context.ts';
import { getAccount } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { readUpload, uploadBody } from '../../lib/upload.ts';
import { mediaTooLarge, storeImage } from '../media/media.service.ts';
import {
  createTicket,
  getTicket,
  helpArticles,
  listTickets,
  replyAsCustomer,
  setTicketStatus,
} from './customer.service.ts';
import { readAttachment } from './ticket-rows.ts';
import {
  SIDES,
  TAGS,
  attachmentResponse,
  noStore,
  reads,
  ticketNotFound,
  ticketRoutePair,
} from './ticket-routes.ts';

/** Support tickets as customers use them (docs/support.md), under /support. */
const { middleware, tickets } = SIDES.customer;
const pair = ticketRoutePair('customer');

const listRoute = createRoute({
  middleware,
  method: 'get',
  path: tickets,
  tags: TAGS,
  summary: 'Your account’s support tickets, latest activity first',
  description:
    'Owners and admins see every ticket of the account, members the ones they opened. Filter: `status`.',
  request: { query: SupportTicketListQuerySchema },
  responses: { 200: json(SupportTicketListSchema, 'The tickets'), ...reads },
});

const createTicketRoute = createRoute({
  middleware,
  method: 'post',
  path: tickets,
  tags: TAGS,
  summary: 'Open a ticket with its first message (e-mails the staff)',
  description:
    'Attachments are ids from `POST /support/attachments` that you uploaded (400 `support.invalid_attachment` otherwise).',
  request: { body: jsonBody(CreateSupportTicketSchema) },
  responses: { 201: json(SupportTicketDetailSchema, 'The ticket'), ...reads },
});

const replyRoute = createRoute({
  middleware,
  method: 'post',
  path: `${tickets}/{id}/messages`,
  tags: TAGS,
  summary: 'Reply on your ticket (reopens it for the staff; e-mails them)',
  request: { params: SupportTicketParamsSchema, body: jsonBody(SupportReplySchema) },
  responses: {
    201: json(SupportTicketDetailSchema, 'The ticket'),
    ...reads,
    404: ticketNotFound,
    409: errorResponse(
      'The ticket is closed (`support.closed`) or full (`support.too_many_messages`)',
    ),
  },
});

const statusRoute = createRoute({
  middleware,
  method: 'patch',
  path: `${tickets}/{id}`,
  tags: TAGS,
  summary: 'Close your ticket, or reopen a resolved or closed one',
  request: { params: SupportTicketParamsSchema, body: jsonBody(SetSupportTicketStatusSchema) },
  responses: { 200: json(SupportTicketDetailSchema, 'The ticket'), ...reads, 404: ticketNotFound },
});

const uploadRoute = createRoute({
  middleware,
  method: 'post',
  path: '/support/attachments',
  tags: TAGS,
  summary: 'Upload a screenshot for a ticket (multipart: `file`, or the raw image)',
  description: `PNG, JPEG or WebP recognised by content, at most ${MEDIA_LIMITS.maxBytes} bytes; re-encoded to WebP. Send its id in a message's \`attachmentIds\`; it is read only through the ticket.`,
  request: { body: uploadBody(MEDIA_INPUT_TYPES) },
  responses: { 201: json(SupportUploadSchema, 'Stored'), ...reads, 413: errorResponses[413] },
});

const helpRoute = createRoute({
  middleware,
  method: 'get',
  path: '/support/help',
  tags: TAGS,
  summary: 'Published articles that may answer a question (matching any of its words)',
  request: { query: SupportHelpQuerySchema },
  responses: { 200: json(SupportHelpListSchema, 'The articles'), ...reads },
});

export const supportCustomerRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listTickets(c.var.deps.db, getAccount(c), c.req.valid('query')), 200, noStore),
  )
  .openapi(createTicketRoute, async (c) =>
    c.json(await createTicket(c.var.deps.db, getAccount(c), c.req.valid('json'), mailOf(c)), 201),
  )
  .openapi(pair.get, async (c) =>
    c.json(await getTicket(c.var.deps.db, getAccount(c), c.req.valid('param').id), 200, noStore),
  )
  .openapi(replyRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await replyAsCustomer(c.var.deps.db, getAccount(c), id, body, mailOf(c)), 201);
  })
  .openapi(statusRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(
      await setTicketStatus(c.var.deps.db, getAccount(c), id, c.req.valid('json')),
      200,
    );
  })
  .openapi(pair.attachment, async (c) => {
    const { id, mediaId } = c.req.valid('param');
    const viewer = { customer: getAccount(c) };
    return attachmentResponse(c, await readAttachment(c.var.deps.db, viewer, id, mediaId));
  })
  .openapi(uploadRoute, async (c) => {
    const { bytes } = await readUpload(c, {
      maxBytes: MEDIA_LIMITS.maxBytes,
      tooLarge: mediaTooLarge,
    });
    const scope = getAccount(c);
    const stored = await storeImage(c.var.deps.db, scope, { bytes, purpose: 'support_attachment' });
    return c.json({ id: stored.id }, 201);
  })
  .openapi(helpRoute, async (c) => {
    const items = await helpArticles(c.var.deps.db, getAccount(c), c.req.valid('query').q);
    return c.json({ items }, 200, noStore);
  });

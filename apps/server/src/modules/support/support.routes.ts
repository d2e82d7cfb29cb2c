import { createRoute, z } from '@hono/zod-openapi';
import {
  CannedReplyListSchema,
  CannedReplySchema,
  CreateSupportTicketSchema,
  IdParamsSchema,
  MEDIA_INPUT_TYPES,
  MEDIA_LIMITS,
  MEDIA_STORED_TYPES,
  SaveCannedReplySchema,
  SetSupportTicketStatusSchema,
  StaffReplySchema,
  SupportAttachmentParamsSchema,
  SupportHelpListSchema,
  SupportHelpQuerySchema,
  SupportQueueQuerySchema,
  SupportReplySchema,
  SupportStaffListSchema,
  SupportTicketDetailSchema,
  SupportTicketListQuerySchema,
  SupportTicketListSchema,
  SupportTicketParamsSchema,
  SupportUploadSchema,
  UpdateSupportTicketSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { createRouter, type AppEnv } from '../../auth/context.ts';
import { getAccount, getClaims, requireAccount, requireSystemRole } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { readUpload, uploadBody } from '../../lib/upload.ts';
import { mediaHeaders, mediaTooLarge, storeImage } from '../media/media.service.ts';
import {
  createCanned,
  createTicket,
  deleteCanned,
  getStaffTicket,
  getTicket,
  helpArticles,
  listCanned,
  listQueue,
  listStaff,
  listTickets,
  readAttachment,
  replyAsCustomer,
  setTicketStatus,
  staffReply,
  updateCanned,
  updateTicket,
  type StaffScope,
} from './support.service.ts';

/** Support tickets (docs/support.md): the customers' routes and the service console's. */
const TAGS = ['support'];
const MINE = '/support/tickets';
const MY_ONE = `${MINE}/{id}`;
const QUEUE = '/service/support/tickets';
const STAFF_ONE = `${QUEUE}/{id}`;
const CANNED = '/service/support/canned';
const noStore = { 'cache-control': 'no-store' };

const customer = requireAccount('account.read');
const staff = requireSystemRole(['admin']);
const binary = z.string().openapi({ type: 'string', format: 'binary' });
const image = {
  description: 'The image',
  content: Object.fromEntries(MEDIA_STORED_TYPES.map((type) => [type, { schema: binary }])),
};

const notFound = errorResponse(
  'No such ticket that you may see (`support.not_found`): another account’s, or for a member one they did not open',
);
const reads = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };

const mail = (c: Context<AppEnv>) => ({
  mailer: c.var.deps.mailer,
  publicUrl: c.var.deps.config.publicUrl,
  log: c.var.log,
});
const staffOf = async (c: Context<AppEnv>): Promise<StaffScope> => {
  const claims = await getClaims(c);
  return { userId: claims.uid, email: claims.email };
};

// ——— customers ———

const listRoute = createRoute({
  middleware: customer,
  method: 'get',
  path: MINE,
  tags: TAGS,
  summary: 'Your account’s support tickets, latest activity first',
  description:
    'Owners and admins see every ticket of the account, members the ones they opened. Filter: `status`.',
  request: { query: SupportTicketListQuerySchema },
  responses: { 200: json(SupportTicketListSchema, 'The tickets'), ...reads },
});

const createTicketRoute = createRoute({
  middleware: customer,
  method: 'post',
  path: MINE,
  tags: TAGS,
  summary: 'Open a ticket with its first message (e-mails the staff)',
  description:
    'Attachments are ids from `POST /support/attachments` that you uploaded (400 `support.invalid_attachment` otherwise).',
  request: { body: jsonBody(CreateSupportTicketSchema) },
  responses: { 201: json(SupportTicketDetailSchema, 'The ticket'), ...reads },
});

const getRoute = createRoute({
  middleware: customer,
  method: 'get',
  path: MY_ONE,
  tags: TAGS,
  summary: 'One ticket with its thread (never the staff’s internal notes)',
  request: { params: SupportTicketParamsSchema },
  responses: { 200: json(SupportTicketDetailSchema, 'The ticket'), ...reads, 404: notFound },
});

const replyRoute = createRoute({
  middleware: customer,
  method: 'post',
  path: `${MY_ONE}/messages`,
  tags: TAGS,
  summary: 'Reply on your ticket (reopens it for the staff; e-mails them)',
  request: { params: SupportTicketParamsSchema, body: jsonBody(SupportReplySchema) },
  responses: {
    201: json(SupportTicketDetailSchema, 'The ticket'),
    ...reads,
    404: notFound,
    409: errorResponse(
      'The ticket is closed (`support.closed`) or full (`support.too_many_messages`)',
    ),
  },
});

const statusRoute = createRoute({
  middleware: customer,
  method: 'patch',
  path: MY_ONE,
  tags: TAGS,
  summary: 'Close your ticket, or reopen a resolved or closed one',
  request: { params: SupportTicketParamsSchema, body: jsonBody(SetSupportTicketStatusSchema) },
  responses: { 200: json(SupportTicketDetailSchema, 'The ticket'), ...reads, 404: notFound },
});

const attachmentRoute = createRoute({
  middleware: customer,
  method: 'get',
  path: `${MY_ONE}/attachments/{mediaId}`,
  tags: TAGS,
  summary: 'An image attached to a reply of your ticket',
  request: { params: SupportAttachmentParamsSchema },
  responses: {
    200: image,
    ...reads,
    404: errorResponse(
      'No such ticket or attachment (`support.not_found`, `support.attachment_not_found`)',
    ),
  },
});

const uploadRoute = createRoute({
  middleware: customer,
  method: 'post',
  path: '/support/attachments',
  tags: TAGS,
  summary: 'Upload a screenshot for a ticket (multipart: `file`, or the raw image)',
  description: `PNG, JPEG or WebP recognised by content, at most ${MEDIA_LIMITS.maxBytes} bytes; re-encoded to WebP. Send its id in a message's \`attachmentIds\`; it is read only through the ticket.`,
  request: { body: uploadBody(MEDIA_INPUT_TYPES) },
  responses: { 201: json(SupportUploadSchema, 'Stored'), ...reads, 413: errorResponses[413] },
});

const helpRoute = createRoute({
  middleware: customer,
  method: 'get',
  path: '/support/help',
  tags: TAGS,
  summary: 'Published articles that may answer a question (matching any of its words)',
  request: { query: SupportHelpQuerySchema },
  responses: { 200: json(SupportHelpListSchema, 'The articles'), ...reads },
});

// ——— staff ———

const queueRoute = createRoute({
  middleware: staff,
  method: 'get',
  path: QUEUE,
  tags: TAGS,
  summary: 'The support queue across accounts (system admins)',
  description:
    'Filters `status`, `priority`, `assignee` (a staff id, `me` or `none`); `sort=waiting` (default: open tickets whose customer has waited longest first) or `newest`.',
  request: { query: SupportQueueQuerySchema },
  responses: { 200: json(SupportTicketListSchema, 'The tickets'), ...reads },
});

const staffGetRoute = createRoute({
  middleware: staff,
  method: 'get',
  path: STAFF_ONE,
  tags: TAGS,
  summary: 'Any ticket with its whole thread, internal notes included (system admins)',
  request: { params: SupportTicketParamsSchema },
  responses: { 200: json(SupportTicketDetailSchema, 'The ticket'), ...reads, 404: notFound },
});

const staffReplyRoute = createRoute({
  middleware: staff,
  method: 'post',
  path: `${STAFF_ONE}/messages`,
  tags: TAGS,
  summary: 'Reply to the customer (e-mails them), or add an internal note (`internal: true`)',
  description:
    'A reply sets the status (default `waiting`); a note changes nothing the customer sees.',
  request: { params: SupportTicketParamsSchema, body: jsonBody(StaffReplySchema) },
  responses: {
    201: json(SupportTicketDetailSchema, 'The ticket'),
    ...reads,
    404: notFound,
    409: errorResponse('The ticket is full (`support.too_many_messages`)'),
  },
});

const staffUpdateRoute = createRoute({
  middleware: staff,
  method: 'patch',
  path: STAFF_ONE,
  tags: TAGS,
  summary: 'Set a ticket’s status, priority or assignee (system admins)',
  request: { params: SupportTicketParamsSchema, body: jsonBody(UpdateSupportTicketSchema) },
  responses: { 200: json(SupportTicketDetailSchema, 'The ticket'), ...reads, 404: notFound },
});

const staffAttachmentRoute = createRoute({
  middleware: staff,
  method: 'get',
  path: `${STAFF_ONE}/attachments/{mediaId}`,
  tags: TAGS,
  summary: 'An image attached to a ticket (system admins)',
  request: { params: SupportAttachmentParamsSchema },
  responses: {
    200: image,
    ...reads,
    404: errorResponse(
      'No such ticket or attachment (`support.not_found`, `support.attachment_not_found`)',
    ),
  },
});

const staffListRoute = createRoute({
  middleware: staff,
  method: 'get',
  path: '/service/support/staff',
  tags: TAGS,
  summary: 'The staff a ticket may be assigned to (system admins)',
  responses: { 200: json(SupportStaffListSchema, 'The staff'), ...reads },
});

const cannedListRoute = createRoute({
  middleware: staff,
  method: 'get',
  path: CANNED,
  tags: TAGS,
  summary: 'Canned replies (system admins)',
  responses: { 200: json(CannedReplyListSchema, 'The canned replies'), ...reads },
});

const cannedCreateRoute = createRoute({
  middleware: staff,
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
  middleware: staff,
  method: 'put',
  path: `${CANNED}/{id}`,
  tags: TAGS,
  summary: 'Change a canned reply (system admins)',
  request: { params: IdParamsSchema, body: jsonBody(SaveCannedReplySchema) },
  responses: { 200: json(CannedReplySchema, 'The canned reply'), ...reads, 404: cannedNotFound },
});

const cannedDeleteRoute = createRoute({
  middleware: staff,
  method: 'delete',
  path: `${CANNED}/{id}`,
  tags: TAGS,
  summary: 'Delete a canned reply (system admins)',
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...reads, 404: cannedNotFound },
});

export const supportRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listTickets(c.var.deps.db, getAccount(c), c.req.valid('query')), 200, noStore),
  )
  .openapi(createTicketRoute, async (c) =>
    c.json(await createTicket(c.var.deps.db, getAccount(c), c.req.valid('json'), mail(c)), 201),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getTicket(c.var.deps.db, getAccount(c), c.req.valid('param').id), 200, noStore),
  )
  .openapi(replyRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await replyAsCustomer(c.var.deps.db, getAccount(c), id, body, mail(c)), 201);
  })
  .openapi(statusRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(
      await setTicketStatus(c.var.deps.db, getAccount(c), id, c.req.valid('json')),
      200,
    );
  })
  .openapi(attachmentRoute, async (c) => {
    const { id, mediaId } = c.req.valid('param');
    const img = await readAttachment(c.var.deps.db, { customer: getAccount(c) }, id, mediaId);
    return c.body(new Uint8Array(img.data), 200, mediaHeaders(img, 'immutable')) as never;
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
  })
  .openapi(queueRoute, async (c) =>
    c.json(await listQueue(c.var.deps.db, await staffOf(c), c.req.valid('query')), 200, noStore),
  )
  .openapi(staffGetRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await getStaffTicket(c.var.deps.db, await staffOf(c), id), 200, noStore);
  })
  .openapi(staffReplyRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await staffReply(c.var.deps.db, await staffOf(c), id, body, mail(c)), 201);
  })
  .openapi(staffUpdateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await updateTicket(c.var.deps.db, await staffOf(c), id, body), 200);
  })
  .openapi(staffAttachmentRoute, async (c) => {
    const { id, mediaId } = c.req.valid('param');
    const img = await readAttachment(c.var.deps.db, { staff: await staffOf(c) }, id, mediaId);
    return c.body(new Uint8Array(img.data), 200, mediaHeaders(img, 'immutable')) as never;
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

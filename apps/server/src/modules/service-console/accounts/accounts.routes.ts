import { createRoute, z } from '@hono/zod-openapi';
import {
  AccountLifecycleParamsSchema,
  IdSchema,
  ServiceAccountDetailSchema,
  ServiceAccountPageSchema,
  ServiceAccountQuerySchema,
  StaffNoteInputSchema,
  StaffNoteListSchema,
  StaffNoteSchema,
  SuspendAccountInputSchema,
  TransferOwnershipInputSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { type AppEnv, createRouter, mailOf } from '../../../auth/context.ts';
import { getClaims, requireSystemRole } from '../../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import {
  addStaffNote,
  deleteStaffNote,
  getServiceAccount,
  listServiceAccounts,
  listStaffNotes,
} from './accounts.service.ts';
import { restoreAccount, suspendAccount, transferOwnership } from './account-actions.service.ts';

/** The service console's accounts (docs/service-console.md). System admins only. */
const TAGS = ['service'];
const BASE = '/service/accounts/{accountId}';
const guard = requireSystemRole(['admin']);
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
};
const noAccount = errorResponse('No such account (`common.not_found`)');
const Params = AccountLifecycleParamsSchema;
const NoteParams = z.object({ accountId: IdSchema, noteId: IdSchema });

const listRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: '/service/accounts',
  tags: TAGS,
  summary:
    'Every account, newest first, keyset-paged: searched by name or owner e-mail (a part of either, any case) or id, filtered by the plan and status that apply now, suspension, creation and last activity. System admins only.',
  request: { query: ServiceAccountQuerySchema },
  responses: { 200: json(ServiceAccountPageSchema, 'A page of accounts'), ...refusals },
});

const getRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: BASE,
  tags: TAGS,
  summary:
    'The account’s page: members and roles, client tenants (counts and the newest), plan and usage against its limits, last activity and its newest audit entries, its support tickets and the staff’s notes. System admins only.',
  request: { params: Params },
  responses: {
    200: json(ServiceAccountDetailSchema, 'The account'),
    ...refusals,
    404: noAccount,
  },
});

const suspendRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: `${BASE}/suspend`,
  tags: TAGS,
  summary:
    'Suspend the account with a reason (audited in its log): its people can sign in and read, every write is refused with 423 `account.suspended`, and they are shown the reason. 409 when it is suspended already. System admins only.',
  request: { params: Params, body: jsonBody(SuspendAccountInputSchema) },
  responses: {
    200: json(ServiceAccountDetailSchema, 'The account now'),
    ...refusals,
    404: noAccount,
    409: errorResponses[409],
  },
});

const restoreRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: `${BASE}/restore`,
  tags: TAGS,
  summary:
    'End the account’s suspension (audited in its log). 409 when it is not suspended, or while its deletion is scheduled (cancel the deletion instead). System admins only.',
  request: { params: Params },
  responses: {
    200: json(ServiceAccountDetailSchema, 'The account now'),
    401: errorResponses[401],
    403: errorResponses[403],
    400: errorResponses[400],
    404: noAccount,
    409: errorResponses[409],
  },
});

const transferRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: `${BASE}/transfer`,
  tags: TAGS,
  summary:
    'Make one of its members the account’s only owner; the owners before become admins (audited in its log). 404 for someone who is not a member; 409 when they are its only owner already. System admins only.',
  request: { params: Params, body: jsonBody(TransferOwnershipInputSchema) },
  responses: {
    200: json(ServiceAccountDetailSchema, 'The account now'),
    ...refusals,
    404: errorResponse('No such account or member (`common.not_found`)'),
    409: errorResponses[409],
  },
});

const notesRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: `${BASE}/notes`,
  tags: TAGS,
  summary:
    'The staff’s internal notes on the account, newest first (never shown to the account). System admins only.',
  request: { params: Params },
  responses: { 200: json(StaffNoteListSchema, 'The notes'), ...refusals, 404: noAccount },
});

const addNoteRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: `${BASE}/notes`,
  tags: TAGS,
  summary:
    'Add an internal note on the account (up to 5,000 characters; audited system-wide, not in the account’s log). System admins only.',
  request: { params: Params, body: jsonBody(StaffNoteInputSchema) },
  responses: { 201: json(StaffNoteSchema, 'The note'), ...refusals, 404: noAccount },
});

const deleteNoteRoute = createRoute({
  middleware: guard,
  method: 'delete',
  path: `${BASE}/notes/{noteId}`,
  tags: TAGS,
  summary:
    'Delete a note of one’s own (audited system-wide); 403 for another’s note. System admins only.',
  request: { params: NoteParams },
  responses: {
    204: { description: 'Deleted' },
    ...refusals,
    404: errorResponse('No such account or note (`common.not_found`)'),
  },
});

const scopeOf = (c: Context<AppEnv>) => ({ defaultProvider: c.var.deps.config.billingProvider });

async function detail(c: Context<AppEnv>, accountId: string) {
  const { uid, email } = await getClaims(c);
  c.header('cache-control', 'no-store');
  return getServiceAccount(c.var.deps.db, scopeOf(c), { userId: uid, email }, accountId);
}

/** Mounted under /api/v1. */
export const serviceAccountRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await listServiceAccounts(c.var.deps.db, scopeOf(c), c.req.valid('query')), 200);
  })
  .openapi(getRoute, async (c) => {
    return c.json(await detail(c, c.req.valid('param').accountId), 200);
  })
  .openapi(suspendRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { accountId } = c.req.valid('param');
    await suspendAccount(
      c.var.deps.db,
      mailOf(c),
      { userId: uid, email },
      accountId,
      c.req.valid('json'),
    );
    return c.json(await detail(c, accountId), 200);
  })
  .openapi(restoreRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { accountId } = c.req.valid('param');
    await restoreAccount(c.var.deps.db, mailOf(c), { userId: uid, email }, accountId);
    return c.json(await detail(c, accountId), 200);
  })
  .openapi(transferRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { accountId } = c.req.valid('param');
    await transferOwnership(
      c.var.deps.db,
      { userId: uid, email },
      accountId,
      c.req.valid('json').userId,
    );
    return c.json(await detail(c, accountId), 200);
  })
  .openapi(notesRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    c.header('cache-control', 'no-store');
    const { accountId } = c.req.valid('param');
    return c.json(await listStaffNotes(c.var.deps.db, { userId: uid, email }, accountId), 200);
  })
  .openapi(addNoteRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { accountId } = c.req.valid('param');
    const note = await addStaffNote(
      c.var.deps.db,
      { userId: uid, email },
      accountId,
      c.req.valid('json'),
    );
    return c.json(note, 201);
  })
  .openapi(deleteNoteRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { accountId, noteId } = c.req.valid('param');
    await deleteStaffNote(c.var.deps.db, { userId: uid, email }, accountId, noteId);
    return c.body(null, 204);
  });

import { createRoute, z } from '@hono/zod-openapi';
import {
  AccountDeletionSchema,
  AccountExportListSchema,
  AccountExportParamsSchema,
  AccountExportSchema,
  AccountLifecycleParamsSchema,
  ScheduleDeletionInputSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { type AppEnv, createRouter, mailOf } from '../../../auth/context.ts';
import { getClaims, requireSystemRole } from '../../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import { blobStream } from '../../../lib/storage/blob-store.ts';
import {
  cancelAccountDeletion,
  getAccountDeletion,
  scheduleAccountDeletion,
} from './deletion.service.ts';
import { accountExportFile, listAccountExports, requestAccountExport } from './exports.service.ts';

/** Exporting and deleting an account (docs/service-console.md). System admins only. */
const TAGS = ['service'];
const BASE = '/service/accounts/{accountId}';
const noStore = { 'cache-control': 'no-store' };
const guard = requireSystemRole(['admin']);
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
};
const noAccount = errorResponse('No such account (`common.not_found`)');

const requestRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: `${BASE}/exports`,
  tags: TAGS,
  summary: 'Export the account: a ZIP built by a background job (audited). System admins only.',
  description:
    'Answers the export `queued` (202), or the one already on its way (200): poll `GET …/exports` until it is `done`, then download it. The ZIP holds one JSON file per entity of the account (secrets left out), its images and stored PDF reports, and `manifest.json` with the counts and the SHA-256 of every file. Kept for 7 days.',
  request: { params: AccountLifecycleParamsSchema },
  responses: {
    200: json(AccountExportSchema, 'The export already on its way'),
    202: json(AccountExportSchema, 'The export, queued (or further along already)'),
    ...refusals,
    404: noAccount,
  },
});

const listRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: `${BASE}/exports`,
  tags: TAGS,
  summary: 'The account’s exports with their progress, newest first. System admins only.',
  request: { params: AccountLifecycleParamsSchema },
  responses: { 200: json(AccountExportListSchema, 'The exports'), ...refusals, 404: noAccount },
});

const downloadRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: `${BASE}/exports/{exportId}/download`,
  tags: TAGS,
  summary: 'Download a finished export (a ZIP attachment, streamed). System admins only.',
  request: { params: AccountExportParamsSchema },
  responses: {
    200: {
      description: 'The ZIP file (an attachment)',
      content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...refusals,
    404: errorResponse(
      'No such account (`common.not_found`) or no such export of it (`account_exports.not_found`)',
    ),
    409: errorResponse(
      'Still on its way, failed or expired (`account_exports.not_ready`, with `details.status` and `details.progress`)',
    ),
  },
});

const getDeletionRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: `${BASE}/deletion`,
  tags: TAGS,
  summary:
    'The account’s deletion: scheduled or not, and whether it may be scheduled now. System admins only.',
  request: { params: AccountLifecycleParamsSchema },
  responses: { 200: json(AccountDeletionSchema, 'The deletion'), ...refusals, 404: noAccount },
});

const scheduleRoute = createRoute({
  middleware: guard,
  method: 'post',
  path: `${BASE}/deletion`,
  tags: TAGS,
  summary: 'Schedule the account’s deletion after the grace period (audited). System admins only.',
  description:
    'Needs an export of the account finished in the last 7 days (409 `account_deletion.export_required` otherwise). The account is suspended until it is deleted, 14 days later (ACCOUNT_DELETION_GRACE_DAYS), and its owners are e-mailed.',
  request: { params: AccountLifecycleParamsSchema, body: jsonBody(ScheduleDeletionInputSchema) },
  responses: {
    200: json(AccountDeletionSchema, 'The deletion, scheduled'),
    ...refusals,
    404: noAccount,
    409: errorResponse(
      'No recent export (`account_deletion.export_required`) or already scheduled (`account_deletion.already_scheduled`)',
    ),
  },
});

const cancelRoute = createRoute({
  middleware: guard,
  method: 'delete',
  path: `${BASE}/deletion`,
  tags: TAGS,
  summary:
    'Cancel the account’s scheduled deletion: it is restored, or keeps the suspension it had before (audited). System admins only.',
  request: { params: AccountLifecycleParamsSchema },
  responses: {
    200: json(AccountDeletionSchema, 'The deletion, canceled'),
    ...refusals,
    404: noAccount,
    409: errorResponse('No deletion is scheduled (`account_deletion.not_scheduled`)'),
  },
});

async function actorOf(c: Context<AppEnv>) {
  const { uid, email } = await getClaims(c);
  return { userId: uid, email };
}

/** Mounted under /api/v1. */
export const serviceAccountLifecycleRoutes = createRouter()
  .openapi(requestRoute, async (c) => {
    const { accountId } = c.req.valid('param');
    const { db, jobs } = c.var.deps;
    const result = await requestAccountExport(db, jobs, await actorOf(c), accountId);
    return c.json(result.export, result.created ? 202 : 200, noStore);
  })
  .openapi(listRoute, async (c) =>
    c.json(await listAccountExports(c.var.deps.db, c.req.valid('param').accountId), 200, noStore),
  )
  .openapi(downloadRoute, async (c) => {
    const { accountId, exportId } = c.req.valid('param');
    const { db, blobs } = c.var.deps;
    const file = await accountExportFile(db, accountId, exportId);
    return c.body(blobStream(blobs, file.blobKey), 200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'content-length': String(file.bytes),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    }) as never;
  })
  .openapi(getDeletionRoute, async (c) =>
    c.json(await getAccountDeletion(c.var.deps.db, c.req.valid('param').accountId), 200, noStore),
  )
  .openapi(scheduleRoute, async (c) => {
    const { accountId } = c.req.valid('param');
    const deletion = await scheduleAccountDeletion(
      c.var.deps.db,
      mailOf(c),
      await actorOf(c),
      accountId,
      c.req.valid('json').reason,
    );
    return c.json(deletion, 200, noStore);
  })
  .openapi(cancelRoute, async (c) => {
    const { accountId } = c.req.valid('param');
    const deletion = await cancelAccountDeletion(
      c.var.deps.db,
      mailOf(c),
      await actorOf(c),
      accountId,
    );
    return c.json(deletion, 200, noStore);
  });

import { z } from 'zod';
import { IdSchema } from './params.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * The service console's account lifecycle (docs/service-console.md, "Service console: export
 * and deletion"): a system admin exports an account (a ZIP built by a job with progress) and,
 * with a recent export in hand, schedules its deletion after a grace period.
 */

/** Days between scheduling an account's deletion and the job that deletes it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

export const ACCOUNT_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type AccountExportStatus = (typeof ACCOUNT_EXPORT_STATUSES)[number];
export const ACCOUNT_EXPORT_STATUS_LABELS: Record<AccountExportStatus, string> = {
  queued: 'Waiting to start',
  running: 'Exporting',
  done: 'Ready',
  failed: 'Failed',
};
/** Statuses of an export still on its way. */
export const ACTIVE_ACCOUNT_EXPORT_STATUSES = [
  'queued',
  'running',
] as const satisfies readonly AccountExportStatus[];

export const ACCOUNT_EXPORT_LIMITS = {
  /** Days a finished export is kept (then deleted by a periodic job); also its download window. */
  keepDays: 7,
  /** A `done` export at most this many days old allows scheduling the deletion. */
  recentDays: 7,
  /** An export still queued or running after this many minutes counts as failed. */
  staleMinutes: 120,
  /** How often a client asks for the progress, in milliseconds. */
  pollMs: 1_000,
  /** Exports listed (newest first). */
  listed: 20,
  /** Longest reason for a deletion. */
  reason: 500,
} as const;

/** The ZIP's manifest.json `schemaVersion`: raised when a file's shape changes. */
export const ACCOUNT_EXPORT_SCHEMA_VERSION = 1;

export const ACCOUNT_EXPORT_ERROR_CODES = {
  /** 404: no such export of this account. */
  notFound: 'account_exports.not_found',
  /** 409: the export is still on its way, or it failed, or it expired. */
  notReady: 'account_exports.not_ready',
  /** 409: a deletion needs a `done` export younger than ACCOUNT_EXPORT_LIMITS.recentDays. */
  exportRequired: 'account_deletion.export_required',
  /** 409: the deletion is already scheduled. */
  alreadyScheduled: 'account_deletion.already_scheduled',
  /** 409: no deletion is scheduled (nothing to cancel). */
  notScheduled: 'account_deletion.not_scheduled',
} as const;

const PersonSchema = z.object({ id: z.string().nullable(), email: z.string().nullable() });

export const AccountExportSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  status: z.enum(ACCOUNT_EXPORT_STATUSES),
  /** Rows and files written so far, of `total` (0 of 0 until the job has counted them). */
  progress: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }),
  /** Why it failed, for people; null unless failed. */
  error: z.string().nullable(),
  /** Size of the ZIP in bytes; null until done. */
  bytes: z.number().int().nullable(),
  /** SHA-256 (hex) of the whole ZIP; null until done. */
  sha256: z.string().nullable(),
  /** The name the ZIP is downloaded under. */
  fileName: z.string(),
  requestedBy: PersonSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When it is deleted (ACCOUNT_EXPORT_LIMITS.keepDays after it was asked for). */
  expiresAt: z.string(),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

export const AccountExportListSchema = z.object({ items: z.array(AccountExportSchema) });
export type AccountExportList = z.infer<typeof AccountExportListSchema>;

/** The deletion of an account as the console shows it. */
export const AccountDeletionSchema = z.object({
  accountId: z.string(),
  /** Null: no deletion is scheduled. */
  scheduled: z
    .object({
      scheduledAt: z.string(),
      /** The periodic job deletes the account once this has passed. */
      deleteAfter: z.string(),
      reason: z.string(),
      scheduledBy: PersonSchema.nullable(),
    })
    .nullable(),
  /** Whether a deletion may be scheduled now (none scheduled and a recent export is done). */
  canSchedule: z.boolean(),
  /** Why not, for people; null when it may. */
  blockedReason: z.string().nullable(),
  /** When a deletion scheduled now would happen. */
  deleteAfterIfScheduledNow: z.string(),
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

/** POST /service/accounts/{accountId}/deletion */
export const ScheduleDeletionInputSchema = z.object({
  reason: storableText()
    .trim()
    .min(1, 'Say why the account is deleted.')
    .max(ACCOUNT_EXPORT_LIMITS.reason, `Use at most ${ACCOUNT_EXPORT_LIMITS.reason} characters.`),
});
export type ScheduleDeletionInput = z.infer<typeof ScheduleDeletionInputSchema>;

export const AccountExportParamsSchema = z.object({ accountId: IdSchema, exportId: IdSchema });
export const AccountLifecycleParamsSchema = z.object({ accountId: IdSchema });

/** The suspension reason a scheduled deletion writes on the account. */
export const deletionSuspensionReason = (deleteAfter: Date | string): string =>
  `Scheduled for deletion on ${new Date(deleteAfter).toISOString().slice(0, 10)}`;

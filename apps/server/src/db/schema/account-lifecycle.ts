/**
 * The service console's account lifecycle (docs/service-console.md, "Service console: export
 * and deletion"): exports of an account (a ZIP built by the `service.account-export` job, its
 * bytes kept in `blob_chunks` under the key `account-exports/{id}`) and an account's scheduled
 * deletion. Every row goes with its account (ON DELETE CASCADE); the blob chunks are not tied
 * to a row by a foreign key (lib/storage: one store for every kind of file) and are deleted by
 * whoever deletes the export.
 */
import { ACCOUNT_EXPORT_STATUSES, type AccountExportStatus } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const statuses = ACCOUNT_EXPORT_STATUSES.map((s) => `'${s}'`).join(', ');

export const accountExports = pgTable(
  'account_exports',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text so the row still says who asked after that user is gone. */
    requestedByEmail: text('requested_by_email'),
    status: text('status').$type<AccountExportStatus>().notNull().default('queued'),
    /** Rows and files written so far, of `progressTotal` (counted when the job starts). */
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    error: text('error'),
    fileName: text('file_name').notNull(),
    /** Size and SHA-256 (hex) of the ZIP, once done. */
    bytes: bigint('bytes', { mode: 'number' }),
    sha256: text('sha256'),
    /**
     * Where the ZIP is (lib/storage): one key per run of the job, so that a run pg-boss retried
     * while an earlier one was still writing never mixes its chunks with the other's; only the
     * run whose key is here may finish the row.
     */
    blobKey: text('blob_key'),
    createdAt: tz('created_at').notNull().defaultNow(),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
    /** Deleted (with its ZIP) by the periodic prune after this. */
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [
    index('account_exports_account_idx').on(t.accountId, t.createdAt),
    index('account_exports_expires_idx').on(t.expiresAt),
    // At most one export of an account on its way: a second request answers this one.
    uniqueIndex('account_exports_one_active_uq')
      .on(t.accountId)
      .where(sql.raw(`"status" in ('queued', 'running')`)),
    check('account_exports_status_check', sql.raw(`"status" in (${statuses})`)),
    check(
      'account_exports_progress_check',
      sql`${t.progressDone} >= 0 and ${t.progressTotal} >= 0`,
    ),
  ],
);

/**
 * Stored files, in chunks of at most 1 MiB (db/pg-blob-store.ts): the PostgreSQL
 * driver of the file store, which works on PGlite and with any number of servers.
 */
export const blobChunks = pgTable(
  'blob_chunks',
  {
    blobKey: text('blob_key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ name: 'blob_chunks_pkey', columns: [t.blobKey, t.seq] }),
    check('blob_chunks_size_check', sql.raw('octet_length("data") <= 1048576')),
  ],
);

/**
 * An account's scheduled deletion: at most one row per account. While it exists the account is
 * suspended ("Scheduled for deletion on …"); the suspension it had before, if any, is kept here
 * and put back when the deletion is canceled. The periodic job deletes the account once
 * `delete_after` has passed (the row goes with it).
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scheduledAt: tz('scheduled_at').notNull().defaultNow(),
    deleteAfter: tz('delete_after').notNull(),
    reason: text('reason').notNull(),
    scheduledBy: text('scheduled_by').references(() => users.id, { onDelete: 'set null' }),
    scheduledByEmail: text('scheduled_by_email'),
    /** The export that allowed it. */
    exportId: text('export_id'),
    /** The account's suspension before the deletion was scheduled (null: none). */
    priorSuspendedAt: tz('prior_suspended_at'),
    priorSuspendedReason: text('prior_suspended_reason'),
  },
  (t) => [index('account_deletions_due_idx').on(t.deleteAfter)],
);

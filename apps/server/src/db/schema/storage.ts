/**
 * The files an account keeps in the file store (lib/storage; docs/storage.md): one row per
 * stored file, written in the same transaction as the row of the feature that uses it (an
 * evidence file), with the bytes the file store answered. An account's storage usage is the sum
 * of its rows' `bytes` (modules/billing/storage.service.ts): every upload inserts its own row, so
 * uploads to one account never wait on a shared counter row; the (account_id, bytes) index
 * answers the sum from the index alone. System files (account exports) have no row here and do
 * not count.
 */
import { STORED_FILE_PURPOSES } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const storedFiles = pgTable(
  'stored_files',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: STORED_FILE_PURPOSES }).notNull(),
    /** The file store's key: `accounts/{accountId}/{purpose}/{id}`. */
    blobKey: text('blob_key').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the bytes, hex (lower case). */
    sha256: text('sha256').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stored_files_blob_key_uq').on(t.blobKey),
    index('stored_files_account_bytes_idx').on(t.accountId, t.bytes),
    check('stored_files_purpose_check', sql.raw(`"purpose" in (${list(STORED_FILE_PURPOSES)})`)),
    check('stored_files_bytes_check', sql`${t.bytes} >= 0`),
    check('stored_files_sha256_check', sql.raw(`"sha256" ~ '^[0-9a-f]{64}$'`)),
  ],
);

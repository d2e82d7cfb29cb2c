/**
 * Media: the images of an account (its logo; later the images of its content), stored as the
 * bytes the server produced by re-encoding the upload (modules/media). Every row belongs to
 * one account and is read with `account_id` in its where (ADR 0005).
 *
 * An account's logo is its one row of purpose `account_logo` (a partial unique index), not a
 * column of `accounts`: a `logo_media_id` there would make `accounts` and `media` reference
 * each other (an import cycle between the schema files and a circular foreign key), and
 * the purpose already says what the image is. Content will reference its images by id from
 * its own rows.
 */
import { MEDIA_PURPOSES, MEDIA_STORED_TYPES } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
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
const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    /** Null: an image of global content (system admins upload it; every account reads it). */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: MEDIA_PURPOSES }).notNull(),
    /** What the server produced (image/webp); PNG/JPEG only for logos carried over by 0004. */
    contentType: text('content_type', { enum: MEDIA_STORED_TYPES }).notNull(),
    data: bytea('data').notNull(),
    /** Pixels of the stored image; null only for logos carried over by migration 0004. */
    width: integer('width'),
    height: integer('height'),
    /** Length of `data`. */
    bytes: integer('bytes').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('media_account_idx').on(t.accountId, t.purpose, t.createdAt),
    uniqueIndex('media_one_logo_per_account_uq')
      .on(t.accountId)
      .where(sql`purpose = 'account_logo'`),
    check('media_purpose_check', sql.raw(`"purpose" in (${list(MEDIA_PURPOSES)})`)),
    check('media_content_type_check', sql.raw(`"content_type" in (${list(MEDIA_STORED_TYPES)})`)),
    check('media_bytes_check', sql.raw('"bytes" = octet_length("data")')),
  ],
);

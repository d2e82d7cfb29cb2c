/**
 * PDF reports of assessments (docs/reports.md): one row per report asked for, which the job
 * rendering it updates (status, progress) and finally fills with the PDF's bytes. The row is
 * the only state, so any server process may render it and any may serve it. Every row carries
 * `account_id` and `tenant_id` (ADR 0005); rows older than REPORT_LIMITS.keepDays are pruned.
 */
import { REPORT_STATUSES, type ReportStatus } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { assessments } from './assessments.ts';
import { users } from './auth.ts';
import { tenants } from './tenants.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const statuses = REPORT_STATUSES.map((s) => `'${s}'`).join(', ');

export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** A report goes with its assessment. */
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReportStatus>().notNull().default('queued'),
    /** In [0, 1], written by the job as it renders. */
    progress: doublePrecision('progress').notNull().default(0),
    fileName: text('file_name').notNull(),
    /** The PDF, once done. */
    data: bytea('data'),
    bytes: integer('bytes'),
    error: text('error'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('reports_tenant_idx').on(t.tenantId, t.createdAt),
    // The reports still on their way, counted per tenant on every new one.
    index('reports_active_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql.raw(`"status" in ('queued', 'running')`)),
    // Pruning.
    index('reports_created_idx').on(t.createdAt),
    check('reports_status_check', sql.raw(`"status" in (${statuses})`)),
    check('reports_progress_check', sql`${t.progress} between 0 and 1`),
    check('reports_bytes_check', sql`${t.bytes} is null or ${t.bytes} = octet_length(${t.data})`),
  ],
);

/**
 * Evidence (docs/evidence.md): a client tenant's library of files, their revisions, the answers
 * they back, and evidence packs (ZIPs for auditors). The bytes are in the file store, each
 * revision's under its own `stored_files` row (docs/storage.md), so they count against the
 * account's quota. Every row carries `account_id` (ADR 0005).
 */
import {
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_PACK_STATUSES,
  type EvidenceContentType,
  type EvidencePackStatus,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { assessments } from './assessments.ts';
import { users } from './auth.ts';
import { storedFiles } from './storage.ts';
import { tenants } from './tenants.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A file of a client tenant's evidence library. Its name, type, size, hash and dates are its
 * current revision's (kept here so lists and the expiry look-ups read one row); `version` is
 * bumped by every change (optimistic concurrency: a stale edit answers 409).
 */
export const evidenceFiles = pgTable(
  'evidence_files',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull().default(1),
    name: text('name').notNull(),
    contentType: text('content_type').$type<EvidenceContentType>().notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    effectiveOn: day('effective_on').notNull(),
    expiresOn: day('expires_on'),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('evidence_files_tenant_idx').on(t.tenantId, t.createdAt),
    // "Evidence expiring in 30 days" across an account's tenants (dashboard, reminder e-mail).
    index('evidence_files_expiry_idx')
      .on(t.accountId, t.expiresOn)
      .where(sql`${t.expiresOn} is not null`),
    check(
      'evidence_files_content_type_check',
      sql.raw(`"content_type" in (${list(EVIDENCE_CONTENT_TYPES)})`),
    ),
    check(
      'evidence_files_dates_check',
      sql`${t.expiresOn} is null or ${t.expiresOn} >= ${t.effectiveOn}`,
    ),
  ],
);

/**
 * Every revision of an evidence file, the current one included; written once, never changed.
 * Who uploaded it is a user or a respondent; `uploaded_by_name` keeps the name as it was.
 */
export const evidenceRevisions = pgTable(
  'evidence_revisions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    evidenceId: text('evidence_id')
      .notNull()
      .references(() => evidenceFiles.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    /** The bytes (and their size and SHA-256 as the file store answered them). */
    storedFileId: text('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    contentType: text('content_type').$type<EvidenceContentType>().notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    effectiveOn: day('effective_on').notNull(),
    expiresOn: day('expires_on'),
    /** A re-encoded image (media pipeline) shown for image evidence; null for other types. */
    previewMediaId: text('preview_media_id'),
    uploadedByUserId: text('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    uploadedByRespondentId: text('uploaded_by_respondent_id'),
    uploadedByName: text('uploaded_by_name').notNull(),
    uploadedAt: tz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evidence_revisions_file_uq').on(t.evidenceId, t.revision),
    index('evidence_revisions_stored_file_idx').on(t.storedFileId),
  ],
);

/**
 * An evidence file backing one answer (one question of one assessment). Links are copied into
 * the next assessment with the answers they back (`carried_from_assessment_id`).
 */
export const answerEvidence = pgTable(
  'answer_evidence',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    questionKey: text('question_key').notNull(),
    evidenceId: text('evidence_id')
      .notNull()
      .references(() => evidenceFiles.id, { onDelete: 'cascade' }),
    linkedByUserId: text('linked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    linkedByRespondentId: text('linked_by_respondent_id'),
    linkedByName: text('linked_by_name').notNull(),
    linkedAt: tz('linked_at').notNull().defaultNow(),
    carriedFromAssessmentId: text('carried_from_assessment_id').references(() => assessments.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({
      name: 'answer_evidence_pkey',
      columns: [t.assessmentId, t.questionKey, t.evidenceId],
    }),
    index('answer_evidence_evidence_idx').on(t.evidenceId),
  ],
);

/**
 * Evidence packs: one row per pack asked for, which the job building it updates (status,
 * progress) and finally points at the ZIP in the file store (a system file: no `stored_files`
 * row, no quota). Any server may build it and any may serve it.
 */
export const evidencePacks = pgTable(
  'evidence_packs',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /**
     * Null once the assessment is deleted: the row stays until the next prune, which deletes
     * it with its ZIP (a cascade would drop the row and leave the ZIP in the file store).
     */
    assessmentId: text('assessment_id').references(() => assessments.id, { onDelete: 'set null' }),
    status: text('status').$type<EvidencePackStatus>().notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    fileName: text('file_name').notNull(),
    /** The ZIP's key in the file store, once done. */
    blobKey: text('blob_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    sha256: text('sha256'),
    error: text('error'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('evidence_packs_assessment_idx').on(t.assessmentId, t.createdAt),
    index('evidence_packs_active_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql.raw(`"status" in ('queued', 'running')`)),
    index('evidence_packs_created_idx').on(t.createdAt),
    check('evidence_packs_status_check', sql.raw(`"status" in (${list(EVIDENCE_PACK_STATUSES)})`)),
    check('evidence_packs_progress_check', sql`${t.progress} between 0 and 1`),
  ],
);

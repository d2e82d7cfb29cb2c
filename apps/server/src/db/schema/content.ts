/**
 * Content (docs/content.md): frameworks with their draft and immutable published versions,
 * playbooks and articles. `account_id` null is **global** content (system admins author it,
 * every account reads it once published); otherwise the row is the account's **private**
 * content and every query carries `account_id` in its where (ADR 0005).
 *
 * A framework document (a tree of sections and questions) is stored whole as `json` (not
 * `jsonb`: key order and numbers are kept exactly as validated, so an export is the document
 * that was published). What the library searches is kept beside it on write: the framework's
 * search vector and one `framework_nodes` row per section and question of the latest version.
 */
import type { FrameworkDocument, PlaybookStep } from '@tenantry/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const tags = () =>
  text('tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** Words of the text (English stemming) plus whole keys such as `gv.oc` (no stemming). */
const searchVector = (textCol: SQL, keysCol: SQL) =>
  sql`to_tsvector('english'::regconfig, ${textCol}) || to_tsvector('simple'::regconfig, ${keysCol})`;

export const frameworks = pgTable(
  'frameworks',
  {
    id: text('id').primaryKey(),
    /** Null: global content. */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Name, summary and tags of the latest version (of the draft before the first publish). */
    name: text('name').notNull(),
    summary: text('summary').notNull().default(''),
    tags: tags(),
    draft: json('draft').$type<FrameworkDocument>().notNull(),
    draftRevision: integer('draft_revision').notNull().default(1),
    draftUpdatedAt: tz('draft_updated_at').notNull().defaultNow(),
    draftUpdatedBy: text('draft_updated_by').references(() => users.id, { onDelete: 'set null' }),
    latestVersion: integer('latest_version'),
    /** The draft revision the latest version was published from (draft unchanged since if equal). */
    publishedRevision: integer('published_revision'),
    publishedAt: tz('published_at'),
    questionCount: integer('question_count').notNull().default(0),
    /** Text of the latest version the library searches (name, summary, tags). */
    searchText: text('search_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs((): SQL =>
      searchVector(sql`search_text`, sql`key`),
    ),
    archivedAt: tz('archived_at'),
    /**
     * A fork (docs/content.md, "Forks"): the global framework it was forked from, and the
     * upstream version its draft is synced to (each published version records its own).
     */
    upstreamId: text('upstream_id').references((): AnyPgColumn => frameworks.id, {
      onDelete: 'set null',
    }),
    upstreamVersion: integer('upstream_version'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('frameworks_upstream_idx')
      .on(t.upstreamId)
      .where(sql`upstream_id is not null`),
    uniqueIndex('frameworks_global_key_uq')
      .on(t.key)
      .where(sql`account_id is null`),
    uniqueIndex('frameworks_account_key_uq')
      .on(t.accountId, t.key)
      .where(sql`account_id is not null`),
    index('frameworks_account_name_idx').on(t.accountId, sql`lower(${t.name})`),
    index('frameworks_search_idx').using('gin', t.search),
    index('frameworks_tags_idx').using('gin', t.tags),
  ],
);

/** Published versions: written once, never updated. */
export const frameworkVersions = pgTable(
  'framework_versions',
  {
    frameworkId: text('framework_id')
      .notNull()
      .references(() => frameworks.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: json('document').$type<FrameworkDocument>().notNull(),
    releaseNotes: text('release_notes').notNull(),
    questionCount: integer('question_count').notNull(),
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: tz('published_at').notNull().defaultNow(),
    /** For a fork: the upstream version this version is synced to. */
    upstreamVersion: integer('upstream_version'),
  },
  (t) => [
    primaryKey({ name: 'framework_versions_pkey', columns: [t.frameworkId, t.version] }),
    check('framework_versions_version_check', sql`${t.version} >= 1`),
  ],
);

/** Sections and questions of each framework's latest version, for library search. */
export const frameworkNodes = pgTable(
  'framework_nodes',
  {
    frameworkId: text('framework_id')
      .notNull()
      .references(() => frameworks.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind', { enum: ['section', 'question'] }).notNull(),
    title: text('title').notNull(),
    /** Reading order within the framework. */
    position: integer('position').notNull(),
    search: tsvector('search').generatedAlwaysAs((): SQL => searchVector(sql`title`, sql`key`)),
  },
  (t) => [
    primaryKey({ name: 'framework_nodes_pkey', columns: [t.frameworkId, t.key] }),
    index('framework_nodes_search_idx').using('gin', t.search),
  ],
);

const itemColumns = () => ({
  id: text('id').primaryKey(),
  accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  tags: tags(),
  status: text('status', { enum: ['draft', 'published'] })
    .notNull()
    .default('draft'),
  revision: integer('revision').notNull().default(1),
  publishedAt: tz('published_at'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const playbooks = pgTable(
  'playbooks',
  {
    ...itemColumns(),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'critical'] })
      .notNull()
      .default('medium'),
    steps: json('steps').$type<PlaybookStep[]>().notNull().default([]),
    stepCount: integer('step_count').notNull().default(0),
    /** Title, summary, tags and step titles and bodies. */
    searchText: text('search_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs((): SQL =>
      searchVector(sql`search_text`, sql`key`),
    ),
  },
  (t) => [
    uniqueIndex('playbooks_global_key_uq')
      .on(t.key)
      .where(sql`account_id is null`),
    uniqueIndex('playbooks_account_key_uq')
      .on(t.accountId, t.key)
      .where(sql`account_id is not null`),
    index('playbooks_search_idx').using('gin', t.search),
    check('playbooks_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

export const articles = pgTable(
  'articles',
  {
    ...itemColumns(),
    body: text('body').notNull().default(''),
    /** Title, summary, tags and body. */
    searchText: text('search_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs((): SQL =>
      searchVector(sql`search_text`, sql`key`),
    ),
  },
  (t) => [
    uniqueIndex('articles_global_key_uq')
      .on(t.key)
      .where(sql`account_id is null`),
    uniqueIndex('articles_account_key_uq')
      .on(t.accountId, t.key)
      .where(sql`account_id is not null`),
    index('articles_search_idx').using('gin', t.search),
    check('articles_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

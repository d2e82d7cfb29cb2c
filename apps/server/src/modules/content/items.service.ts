/**
 * Playbooks and articles: one item with a status (draft / published) and a revision, edited
 * whole. The two kinds differ only in their content fields, so one service serves both
 * (`ITEM_KINDS`); frameworks have versions and their own service.
 */
import { randomUUID } from 'node:crypto';
import {
  CONTENT_ERROR_CODES,
  type Article,
  type ArticleContent,
  type ArticleSummary,
  type ContentListQuery,
  type ContentScope,
  type CreateItem,
  type Playbook,
  type PlaybookContent,
  type PlaybookSummary,
} from '@tenantry/shared';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import {
  articles,
  frameworks,
  frameworkVersions,
  playbooks,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  assertMayAuthor,
  authorable,
  contentNotFound,
  mayAuthor,
  ownerOf,
  readable,
  scopeOf,
  withScope,
  type ContentActor,
} from './content.access.ts';
import { searchQuery, searchRank } from './content.search.ts';

type Db = Database | Tx;
type PlaybookRow = typeof playbooks.$inferSelect;
type ArticleRow = typeof articles.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface KindDef<Row, Item, Summary, Content> {
  kind: 'playbook' | 'article';
  table: typeof playbooks | typeof articles;
  toItem(row: Row, updatedBy: string | null): Item;
  toSummary(row: Row, updatedBy: string | null): Summary;
  /** Column values for the content fields, and the text the library searches. */
  values(content: Content): Record<string, unknown>;
  /** An empty item's content. */
  blank(title: string): Content;
}

const meta = (r: PlaybookRow | ArticleRow, updatedBy: string | null) => ({
  id: r.id,
  key: r.key,
  scope: scopeOf(r.accountId),
  status: r.status,
  revision: r.revision,
  publishedAt: iso(r.publishedAt),
  updatedAt: r.updatedAt.toISOString(),
  updatedBy,
});

export const PLAYBOOK_KIND: KindDef<PlaybookRow, Playbook, PlaybookSummary, PlaybookContent> = {
  kind: 'playbook',
  table: playbooks,
  toItem: (r, by) => ({
    ...meta(r, by),
    title: r.title,
    summary: r.summary,
    priority: r.priority,
    tags: r.tags,
    steps: r.steps,
  }),
  toSummary: (r, by) => ({
    ...meta(r, by),
    title: r.title,
    summary: r.summary,
    priority: r.priority,
    tags: r.tags,
    stepCount: r.stepCount,
  }),
  values: (c) => ({
    title: c.title,
    summary: c.summary,
    priority: c.priority,
    tags: c.tags,
    steps: c.steps,
    stepCount: c.steps.length,
    searchText: [
      c.title,
      c.summary,
      c.tags.join(' '),
      ...c.steps.map((s) => `${s.title} ${s.body}`),
    ]
      .join(' ')
      .slice(0, 200_000),
  }),
  blank: (title) => ({ title, summary: '', priority: 'medium', tags: [], steps: [] }),
};

export const ARTICLE_KIND: KindDef<ArticleRow, Article, ArticleSummary, ArticleContent> = {
  kind: 'article',
  table: articles,
  toItem: (r, by) => ({
    ...meta(r, by),
    title: r.title,
    summary: r.summary,
    tags: r.tags,
    body: r.body,
  }),
  toSummary: (r, by) => ({ ...meta(r, by), title: r.title, summary: r.summary, tags: r.tags }),
  values: (c) => ({
    title: c.title,
    summary: c.summary,
    tags: c.tags,
    body: c.body,
    searchText: [c.title, c.summary, c.tags.join(' '), c.body].join(' ').slice(0, 200_000),
  }),
  blank: (title) => ({ title, summary: '', tags: [], body: '' }),
};

type AnyKind = KindDef<never, unknown, unknown, never>;
// The two tables share every column used below (itemColumns in db/schema/content.ts).
const cols = (def: { table: typeof playbooks | typeof articles }) => def.table as typeof playbooks;

async function rowsWithNames<Row>(
  db: Db,
  def: { table: typeof playbooks | typeof articles },
  where: SQL | undefined,
  opts: { orderBy: SQL[]; limit?: number; offset?: number },
): Promise<Array<{ row: Row; updatedBy: string | null }>> {
  const t = cols(def);
  let q = db
    .select({ row: t, updatedBy: users.name })
    .from(t)
    .leftJoin(users, eq(users.id, t.updatedBy))
    .where(where)
    .orderBy(...opts.orderBy)
    .$dynamic();
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  return (await q) as never;
}

async function count(
  db: Db,
  def: { table: typeof playbooks | typeof articles },
  where: SQL | undefined,
) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cols(def))
    .where(where);
  return r?.n ?? 0;
}

function listWhere(
  def: { table: typeof playbooks | typeof articles },
  base: SQL | undefined,
  actor: ContentActor,
  query: ContentListQuery,
): SQL | undefined {
  const t = cols(def);
  return and(
    withScope(base, t.accountId, actor, query.scope),
    query.tag ? sql`${t.tags} @> array[${query.tag}]::text[]` : undefined,
    query.q ? searchQuery(t.search, query.q) : undefined,
  );
}

/** A page of items under `base` (plus the query's filters), with the total. */
async function listItems<R, I, S, C>(
  db: Database,
  def: KindDef<R, I, S, C>,
  actor: ContentActor,
  base: SQL | undefined,
  query: ContentListQuery,
  rankBySearch: boolean,
): Promise<{ items: S[]; total: number }> {
  const t = cols(def);
  const where = listWhere(def, base, actor, query);
  const byTitle = [asc(sql`lower(${t.title})`), asc(t.id)];
  const orderBy =
    rankBySearch && query.q ? [desc(searchRank(t.search, query.q)), ...byTitle] : byTitle;
  const [rows, total] = await Promise.all([
    rowsWithNames<R>(db, def, where, { orderBy, limit: query.limit, offset: query.offset }),
    count(db, def, where),
  ]);
  return { items: rows.map((r) => def.toSummary(r.row, r.updatedBy)), total };
}

/** Items the actor may author (drafts included), by title. */
export async function listAuthorItems<R, I, S, C>(
  db: Database,
  def: KindDef<R, I, S, C>,
  actor: ContentActor,
  query: ContentListQuery,
): Promise<{ items: S[]; total: number }> {
  const base = authorable(cols(def).accountId, actor);
  if (!base) return { items: [], total: 0 };
  return listItems(db, def, actor, base, query, false);
}

/** Published items the actor may read (global and their account's), best match first. */
export async function listLibraryItems<R, I, S, C>(
  db: Database,
  def: KindDef<R, I, S, C>,
  actor: ContentActor,
  query: ContentListQuery,
): Promise<{ items: S[]; total: number }> {
  const t = cols(def);
  const base = and(readable(t.accountId, actor), eq(t.status, 'published'));
  return listItems(db, def, actor, base, query, true);
}

export async function getLibraryItem<R, I, S, C>(
  db: Database,
  def: KindDef<R, I, S, C>,
  actor: ContentActor,
  id: string,
): Promise<I> {
  const t = cols(def);
  const [r] = await rowsWithNames<R>(
    db,
    def,
    and(eq(t.id, id), readable(t.accountId, actor), eq(t.status, 'published')),
    { orderBy: [asc(t.id)], limit: 1 },
  );
  if (!r) throw contentNotFound(def.kind);
  return def.toItem(r.row, r.updatedBy);
}

/** The item for authoring: 404 unless readable, 403 unless the actor may author its scope. */
async function authorRow<R>(
  db: Db,
  def: KindDef<R, unknown, unknown, never> | AnyKind,
  actor: ContentActor,
  id: string,
  lock = false,
): Promise<{ row: R; updatedBy: string | null }> {
  const t = cols(def);
  const q = db
    .select({ row: t, updatedBy: users.name })
    .from(t)
    .leftJoin(users, eq(users.id, t.updatedBy))
    .where(and(eq(t.id, id), readable(t.accountId, actor)))
    .limit(1);
  const [r] = (lock ? await q.for('update', { of: t }) : await q) as Array<{
    row: PlaybookRow;
    updatedBy: string | null;
  }>;
  if (!r) throw contentNotFound(def.kind);
  const scope = scopeOf(r.row.accountId);
  if (!mayAuthor(actor, scope) && scope === 'global' && r.row.status !== 'published') {
    throw contentNotFound(def.kind);
  }
  await assertMayAuthor(db, actor, scope);
  return r as never;
}

export async function getAuthorItem<R, I, S, C>(
  db: Database,
  def: KindDef<R, I, S, C>,
  actor: ContentActor,
  id: string,
): Promise<I> {
  const r = await authorRow<R>(db, def as never, actor, id);
  return def.toItem(r.row, r.updatedBy);
}

/** A person's name as items show who saved them. */
async function userName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

function keyTaken(kind: string, key: string, scope: ContentScope) {
  return new AppError(
    CONTENT_ERROR_CODES.keyTaken,
    409,
    `A ${scope} ${kind} with the key “${key}” already exists.`,
    { key: 'This key is already used.' },
  );
}

const auditData = (kind: string, row: { id: string; title: string; accountId: string | null }) => ({
  targetType: kind,
  targetId: row.id,
  data: { kind, title: row.title, scope: scopeOf(row.accountId) },
});

export async function createItem<R, I, S, C>(
  db: Database,
  def: KindDef<R, I, S, C>,
  actor: ContentActor,
  input: CreateItem,
  content?: C,
): Promise<I> {
  await assertMayAuthor(db, actor, input.scope);
  const t = cols(def);
  const accountId = ownerOf(actor, input.scope);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: t.id })
      .from(t)
      .where(
        and(
          eq(t.key, input.key),
          accountId === null ? isNull(t.accountId) : eq(t.accountId, accountId),
        ),
      )
      .limit(1);
    if (taken) throw keyTaken(def.kind, input.key, input.scope);
    const now = new Date();
    const [row] = await tx
      .insert(t)
      .values({
        id: randomUUID(),
        accountId,
        key: input.key,
        ...(def.values(content ?? def.blank(input.title)) as { title: string }),
        createdBy: actor.userId,
        updatedBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw keyTaken(def.kind, input.key, input.scope);
    await recordAudit(tx, actor, { action: 'content.created', ...auditData(def.kind, row) });
    return def.toItem(row as R, await userName(tx, actor.userId));
  });
}

async function stale<R, I>(
  def: KindDef<R, I, unknown, never>,
  r: { row: R; updatedBy: string | null },
) {
  const current = def.toItem(r.row, r.updatedBy);
  return new AppError(
    CONTENT_ERROR_CODES.staleRevision,
    409,
    `Someone else saved this ${def.kind} meanwhile. Keep your version or take theirs.`,
    undefined,
    { current },
  );
}

/** Replaces the content, on the revision the editor loaded (409 with the current item otherwise). */
export async function saveItem<R, I, S, C>(
  db: Database,
  def: KindDef<R, I, S, C>,
  actor: ContentActor,
  id: string,
  input: C & { revision: number },
): Promise<I> {
  const t = cols(def);
  return db.transaction(async (tx) => {
    const r = await authorRow<R>(tx, def as never, actor, id, true);
    const row = r.row as unknown as PlaybookRow;
    if (row.revision !== input.revision) throw await stale(def as never, r);
    const { revision: _revision, ...content } = input;
    const [updated] = await tx
      .update(t)
      .set({
        ...(def.values(content as C) as { title: string }),
        revision: row.revision + 1,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(and(eq(t.id, row.id), eq(t.revision, input.revision)))
      .returning();
    if (!updated) throw await stale(def as never, r);
    return def.toItem(updated as R, await userName(tx, actor.userId));
  });
}

export async function setItemPublished<R, I, S, C>(
  db: Database,
  def: KindDef<R, I, S, C>,
  actor: ContentActor,
  id: string,
  input: { revision: number },
  published: boolean,
): Promise<I> {
  const t = cols(def);
  return db.transaction(async (tx) => {
    const r = await authorRow<R>(tx, def as never, actor, id, true);
    const row = r.row as unknown as PlaybookRow;
    if (row.revision !== input.revision) throw await stale(def as never, r);
    const status = published ? 'published' : 'draft';
    if (row.status === status) return def.toItem(r.row, r.updatedBy);
    const now = new Date();
    const [updated] = await tx
      .update(t)
      .set({
        status,
        publishedAt: published ? now : row.publishedAt,
        revision: row.revision + 1,
        updatedBy: actor.userId,
        updatedAt: now,
      })
      .where(eq(t.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action: published ? 'content.published' : 'content.unpublished',
      ...auditData(def.kind, row),
    });
    return def.toItem(updated as R, await userName(tx, actor.userId));
  });
}

/** Names of the frameworks (drafts or versions) whose questions link to a playbook key. */
async function frameworksLinking(tx: Tx, row: PlaybookRow): Promise<string[]> {
  // A private playbook is linked from its account's frameworks; a global one from any.
  const scoped = row.accountId === null ? undefined : eq(frameworks.accountId, row.accountId);
  const links = (doc: unknown) =>
    sql`jsonb_path_exists(${doc}::jsonb, 'strict $.**.playbooks[*] ? (@ == $k)', jsonb_build_object('k', ${row.key}::text))`;
  const rows = await tx
    .selectDistinct({ name: frameworks.name })
    .from(frameworks)
    .leftJoin(frameworkVersions, eq(frameworkVersions.frameworkId, frameworks.id))
    .where(
      and(
        scoped,
        sql`(${links(frameworks.draft)} or coalesce(${links(frameworkVersions.document)}, false))`,
      ),
    )
    .limit(5);
  return rows.map((r) => r.name);
}

export async function deleteItem<R, I, S, C>(
  db: Database,
  def: KindDef<R, I, S, C>,
  actor: ContentActor,
  id: string,
): Promise<void> {
  const t = cols(def);
  await db.transaction(async (tx) => {
    const r = await authorRow<R>(tx, def as never, actor, id, true);
    const row = r.row as unknown as PlaybookRow;
    if (def.kind === 'playbook') {
      const users = await frameworksLinking(tx, row);
      if (users.length) {
        throw new AppError(
          CONTENT_ERROR_CODES.inUse,
          409,
          `Questions of ${users.map((n) => `“${n}”`).join(', ')} link to this playbook. Remove those links (and publish) first, or unpublish it instead.`,
        );
      }
    }
    await tx.delete(t).where(eq(t.id, row.id));
    await recordAudit(tx, actor, { action: 'content.deleted', ...auditData(def.kind, row) });
  });
}

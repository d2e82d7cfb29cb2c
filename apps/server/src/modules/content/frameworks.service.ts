/**
 * Frameworks as their authors work on them (docs/content.md): a draft document edited with a
 * revision number, and immutable numbered versions frozen from it by publishing
 * (frameworks.versions.ts), checked before each save (frameworks.checks.ts). Every write is one
 * transaction; every read and write carries the scope condition of content.access.ts in its
 * where.
 */
import { randomUUID } from 'node:crypto';
import {
  CONTENT_ERROR_CODES,
  countQuestions,
  diffFrameworks,
  FRAMEWORK_FORMAT,
  missingTranslations,
  sameFramework,
  type ContentListQuery,
  type ContentScope,
  type CreateFramework,
  type FrameworkDetail,
  type FrameworkDiff,
  type FrameworkDocument,
  type FrameworkList,
  type FrameworkSummary,
  type FrameworkVersion,
  type PublishFramework,
  type VersionRef,
} from '@tenantry/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { frameworks, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/like.ts';
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
import {
  assertNoReusedKeys,
  assertPlaybookLinks,
  invalidDocument,
  validDocument,
} from './frameworks.checks.ts';
import {
  documentAt,
  frameworkRowValues,
  insertVersion,
  listVersionInfos,
  mirror,
  readVersion,
  usedKeysOf,
  versionDocument,
  versionUpstream,
} from './frameworks.versions.ts';

type Db = Database | Tx;
type FrameworkRow = typeof frameworks.$inferSelect;

const iso = (d: Date) => d.toISOString();
const notFound = () => contentNotFound('framework');

function toSummary(r: FrameworkRow): FrameworkSummary {
  return {
    id: r.id,
    key: r.key,
    scope: scopeOf(r.accountId),
    name: r.name,
    summary: r.summary,
    tags: r.tags,
    latestVersion: r.latestVersion,
    publishedAt: r.publishedAt ? iso(r.publishedAt) : null,
    questionCount: r.questionCount,
    hasDraftChanges: r.latestVersion === null || r.draftRevision !== r.publishedRevision,
    archivedAt: r.archivedAt ? iso(r.archivedAt) : null,
    updatedAt: iso(r.updatedAt),
  };
}

export async function toDetail(db: Db, r: FrameworkRow): Promise<FrameworkDetail> {
  const [by] = r.draftUpdatedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, r.draftUpdatedBy))
    : [];
  const [up] =
    r.upstreamId && r.upstreamVersion !== null
      ? await db
          .select({
            id: frameworks.id,
            key: frameworks.key,
            name: frameworks.name,
            latestVersion: frameworks.latestVersion,
          })
          .from(frameworks)
          .where(and(eq(frameworks.id, r.upstreamId), isNull(frameworks.accountId)))
      : [];
  return {
    ...toSummary(r),
    draft: r.draft,
    draftRevision: r.draftRevision,
    draftUpdatedAt: iso(r.draftUpdatedAt),
    draftUpdatedBy: by?.name ?? null,
    versions: await listVersionInfos(db, r.id),
    usedKeys: r.latestVersion === null ? [] : await usedKeysOf(db, r.id),
    upstream:
      up && r.upstreamVersion !== null
        ? {
            id: up.id,
            key: up.key,
            name: up.name,
            syncedVersion: r.upstreamVersion,
            latestVersion: up.latestVersion ?? r.upstreamVersion,
          }
        : null,
    translations: missingTranslations(r.draft),
  };
}

/**
 * The framework `id` for authoring: 404 unless the actor can read it (global, or their own
 * account's), 403 when they can read but not author its scope.
 */
export async function authorRow(
  db: Db,
  actor: ContentActor,
  id: string,
  lock = false,
): Promise<FrameworkRow> {
  const q = db
    .select()
    .from(frameworks)
    .where(and(eq(frameworks.id, id), readable(frameworks.accountId, actor)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  const scope = scopeOf(row.accountId);
  // A global draft that was never published is nobody's business but the admins'.
  if (!mayAuthor(actor, scope) && scope === 'global' && row.latestVersion === null) {
    throw notFound();
  }
  await assertMayAuthor(db, actor, scope);
  return row;
}

export const audit = (
  row: Pick<FrameworkRow, 'id' | 'name' | 'accountId'>,
  extra?: Record<string, unknown>,
) => ({
  targetType: 'framework',
  targetId: row.id,
  data: { kind: 'framework', title: row.name, scope: scopeOf(row.accountId), ...extra },
});

// ---------------------------------------------------------------------------------------------

export async function listAuthorFrameworks(
  db: Database,
  actor: ContentActor,
  query: ContentListQuery,
): Promise<FrameworkList> {
  const base = authorable(frameworks.accountId, actor);
  if (!base) return { items: [], total: 0 };
  const where = and(
    withScope(base, frameworks.accountId, actor, query.scope),
    query.tag ? sql`${frameworks.tags} @> array[${query.tag}]::text[]` : undefined,
    query.q
      ? sql`(lower(${frameworks.name}) like ${`%${escapeLike(query.q.toLowerCase())}%`} escape '\\' or ${frameworks.key} like ${`%${escapeLike(query.q.toLowerCase())}%`} escape '\\')`
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(frameworks)
      .where(where)
      .orderBy(
        sql`${frameworks.archivedAt} is not null`,
        asc(sql`lower(${frameworks.name})`),
        asc(frameworks.id),
      )
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(frameworks)
      .where(where),
  ]);
  return { items: rows.map(toSummary), total: count?.n ?? 0 };
}

function keyTaken(key: string, scope: ContentScope): AppError {
  return new AppError(
    CONTENT_ERROR_CODES.keyTaken,
    409,
    `A ${scope} framework with the key “${key}” already exists. Open it and import the file into its draft instead.`,
    { key: 'This key is already used.' },
  );
}

export async function insertFramework(
  tx: Tx,
  actor: ContentActor,
  scope: ContentScope,
  doc: FrameworkDocument,
  upstream?: { id: string; version: number },
): Promise<FrameworkRow> {
  const accountId = ownerOf(actor, scope);
  const [existing] = await tx
    .select({ id: frameworks.id })
    .from(frameworks)
    .where(
      and(
        eq(frameworks.key, doc.key),
        accountId === null ? isNull(frameworks.accountId) : eq(frameworks.accountId, accountId),
      ),
    )
    .limit(1);
  if (existing) throw keyTaken(doc.key, scope);
  await assertPlaybookLinks(tx, accountId, doc);
  const now = new Date();
  const [row] = await tx
    .insert(frameworks)
    .values({
      id: randomUUID(),
      accountId,
      key: doc.key,
      ...mirror(doc),
      draft: doc,
      draftRevision: 1,
      draftUpdatedAt: now,
      draftUpdatedBy: actor.userId,
      upstreamId: upstream?.id ?? null,
      upstreamVersion: upstream?.version ?? null,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw keyTaken(doc.key, scope);
  return row;
}

export async function createFramework(
  db: Database,
  actor: ContentActor,
  input: CreateFramework,
): Promise<FrameworkDetail> {
  await assertMayAuthor(db, actor, input.scope);
  const doc = validDocument({
    format: FRAMEWORK_FORMAT,
    key: input.key,
    name: input.name,
    sections: [],
  });
  return db.transaction(async (tx) => {
    const row = await insertFramework(tx, actor, input.scope, doc);
    await recordAudit(tx, actor, { action: 'content.created', ...audit(row) });
    return toDetail(tx, row);
  });
}

export async function importFramework(
  db: Database,
  actor: ContentActor,
  input: { scope: ContentScope; document: unknown },
): Promise<FrameworkDetail> {
  await assertMayAuthor(db, actor, input.scope);
  const doc = validDocument(input.document);
  return db.transaction(async (tx) => {
    const row = await insertFramework(tx, actor, input.scope, doc);
    await recordAudit(tx, actor, {
      action: 'content.imported',
      ...audit(row, { questions: row.questionCount }),
    });
    return toDetail(tx, row);
  });
}

export async function getAuthorFramework(
  db: Database,
  actor: ContentActor,
  id: string,
): Promise<FrameworkDetail> {
  return toDetail(db, await authorRow(db, actor, id));
}

export async function staleRevision(db: Db, row: FrameworkRow): Promise<AppError> {
  const current = await toDetail(db, row);
  return new AppError(
    CONTENT_ERROR_CODES.staleRevision,
    409,
    `Someone else saved this framework meanwhile (revision ${row.draftRevision}). Keep your version or take theirs.`,
    undefined,
    { current },
  );
}

/** Replaces the draft document, on the revision the editor loaded (409 with the current one otherwise). */
export async function saveDraft(
  db: Database,
  actor: ContentActor,
  id: string,
  input: { revision: number; document: unknown; sameQuestions?: string[] },
): Promise<FrameworkDetail> {
  const doc = validDocument(input.document);
  return db.transaction(async (tx) => {
    const row = await authorRow(tx, actor, id, true);
    if (row.draftRevision !== input.revision) throw await staleRevision(tx, row);
    if (doc.key !== row.key) {
      throw invalidDocument([
        { path: 'key', message: `must stay "${row.key}" (a framework’s key never changes)` },
      ]);
    }
    await assertPlaybookLinks(tx, row.accountId, doc);
    await assertNoReusedKeys(tx, row, doc, new Set(input.sameQuestions ?? []));
    const now = new Date();
    const [updated] = await tx
      .update(frameworks)
      .set({
        draft: doc,
        draftRevision: row.draftRevision + 1,
        draftUpdatedAt: now,
        draftUpdatedBy: actor.userId,
        updatedAt: now,
        ...(row.latestVersion === null ? mirror(doc) : {}),
      })
      .where(and(eq(frameworks.id, row.id), eq(frameworks.draftRevision, input.revision)))
      .returning();
    if (!updated) throw await staleRevision(tx, row);
    return toDetail(tx, updated);
  });
}

export async function discardDraft(
  db: Database,
  actor: ContentActor,
  id: string,
  input: { revision: number },
): Promise<FrameworkDetail> {
  return db.transaction(async (tx) => {
    const row = await authorRow(tx, actor, id, true);
    if (row.draftRevision !== input.revision) throw await staleRevision(tx, row);
    if (row.latestVersion === null) {
      throw new AppError(
        CONTENT_ERROR_CODES.nothingToPublish,
        409,
        'This framework has no published version to go back to. Delete it instead.',
      );
    }
    const doc = await versionDocument(tx, row.id, row.latestVersion);
    const upstreamVersion =
      row.upstreamId === null ? null : await versionUpstream(tx, row.id, row.latestVersion);
    const now = new Date();
    const revision = row.draftRevision + 1;
    const [updated] = await tx
      .update(frameworks)
      .set({
        draft: doc,
        draftRevision: revision,
        publishedRevision: revision,
        draftUpdatedAt: now,
        draftUpdatedBy: actor.userId,
        updatedAt: now,
        ...(upstreamVersion === null ? {} : { upstreamVersion }),
      })
      .where(eq(frameworks.id, row.id))
      .returning();
    await recordAudit(tx, actor, { action: 'content.draft_discarded', ...audit(row) });
    return toDetail(tx, updated!);
  });
}

/** Freezes the draft as version N + 1 (immutable), on the revision the author reviewed. */
export async function publishFramework(
  db: Database,
  actor: ContentActor,
  id: string,
  input: PublishFramework,
): Promise<FrameworkDetail> {
  return db.transaction(async (tx) => {
    const row = await authorRow(tx, actor, id, true);
    if (row.draftRevision !== input.revision) throw await staleRevision(tx, row);
    const doc = row.draft;
    if (countQuestions(doc) === 0) {
      throw invalidDocument([
        { path: 'sections', message: 'add at least one question before publishing' },
      ]);
    }
    if (row.latestVersion !== null) {
      const latest = await versionDocument(tx, row.id, row.latestVersion);
      // A fork's draft that only moved to a newer upstream version (every change declined)
      // is still something to publish: the version records the sync.
      const sameUpstream =
        row.upstreamId === null ||
        (await versionUpstream(tx, row.id, row.latestVersion)) === row.upstreamVersion;
      if (sameFramework(latest, doc) && sameUpstream) {
        throw new AppError(
          CONTENT_ERROR_CODES.nothingToPublish,
          409,
          `The draft is the same as version ${row.latestVersion}: there is nothing to publish.`,
        );
      }
    }
    const version = (row.latestVersion ?? 0) + 1;
    const now = new Date();
    await insertVersion(tx, row.id, doc, {
      version,
      releaseNotes: input.releaseNotes,
      publishedBy: actor.userId,
      at: now,
      upstreamVersion: row.upstreamVersion,
    });
    const [updated] = await tx
      .update(frameworks)
      .set({
        ...frameworkRowValues(doc, { version, revision: row.draftRevision, at: now }),
        updatedAt: now,
      })
      .where(eq(frameworks.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'content.published',
      ...audit(updated!, { version, questions: updated!.questionCount }),
    });
    return toDetail(tx, updated!);
  });
}

export async function getAuthorVersion(
  db: Database,
  actor: ContentActor,
  id: string,
  version: number,
): Promise<FrameworkVersion> {
  const row = await authorRow(db, actor, id);
  return readVersion(db, row, version);
}

export async function diffFramework(
  db: Database,
  actor: ContentActor,
  id: string,
  from: VersionRef,
  to: VersionRef,
): Promise<FrameworkDiff> {
  const row = await authorRow(db, actor, id);
  const [a, b] = await Promise.all([documentAt(db, row, from), documentAt(db, row, to)]);
  return diffFrameworks(a, b);
}

export async function exportFramework(
  db: Database,
  actor: ContentActor,
  id: string,
  version: VersionRef,
): Promise<{ document: FrameworkDocument; fileName: string }> {
  const row = await authorRow(db, actor, id);
  const document = await documentAt(db, row, version);
  return { document, fileName: `${row.key}-${version === 'draft' ? 'draft' : `v${version}`}.json` };
}

export async function setFrameworkArchived(
  db: Database,
  actor: ContentActor,
  id: string,
  archived: boolean,
): Promise<FrameworkDetail> {
  return db.transaction(async (tx) => {
    const row = await authorRow(tx, actor, id, true);
    if ((row.archivedAt !== null) === archived) return toDetail(tx, row);
    const [updated] = await tx
      .update(frameworks)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(frameworks.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action: archived ? 'content.archived' : 'content.restored',
      ...audit(row),
    });
    return toDetail(tx, updated!);
  });
}

/** Only a framework never published: a published version is never deleted (archive it). */
export async function deleteFramework(
  db: Database,
  actor: ContentActor,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await authorRow(tx, actor, id, true);
    if (row.latestVersion !== null) {
      throw new AppError(
        CONTENT_ERROR_CODES.inUse,
        409,
        `“${row.name}” has published versions, which are kept for the assessments that use them. Archive it instead.`,
      );
    }
    await tx.delete(frameworks).where(eq(frameworks.id, row.id));
    await recordAudit(tx, actor, { action: 'content.deleted', ...audit(row) });
  });
}

/**
 * Frameworks: a draft document edited with a revision number, and immutable numbered versions
 * frozen from it by publishing (docs/content.md). Every write is one transaction; every read
 * and write carries the scope condition of content.access.ts in its where.
 */
import { randomUUID } from 'node:crypto';
import {
  CONTENT_ERROR_CODES,
  countQuestions,
  diffFrameworks,
  FRAMEWORK_FORMAT,
  parseFrameworkDocument,
  sameFramework,
  type ContentListQuery,
  type ContentScope,
  type CreateFramework,
  type DocumentProblem,
  type FrameworkDetail,
  type FrameworkDiff,
  type FrameworkDocument,
  type FrameworkList,
  type FrameworkSummary,
  type FrameworkVersion,
  type FrameworkVersionInfo,
  type PublishFramework,
  type ReusedKey,
  type Section,
  type UsedKey,
  type VersionRef,
} from '@tenantry/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import {
  frameworkNodes,
  frameworks,
  frameworkVersions,
  playbooks,
  users,
} from '../../db/schema/index.ts';
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

type Db = Database | Tx;
type FrameworkRow = typeof frameworks.$inferSelect;

const iso = (d: Date) => d.toISOString();
const notFound = () => contentNotFound('framework');

export function invalidDocument(problems: DocumentProblem[]): AppError {
  const fields: Record<string, string> = {};
  for (const p of problems) fields[p.path] ??= p.message;
  const n = problems.length;
  const first = problems[0];
  return new AppError(
    CONTENT_ERROR_CODES.invalidDocument,
    400,
    n === 1 && first
      ? `The framework has a problem: ${first.path}: ${first.message}. Nothing was saved.`
      : `The framework has ${n} problems; nothing was saved. The first: ${first?.path}: ${first?.message}.`,
    fields,
  );
}

/** A framework document, validated whole (every problem with its path), or a 400. */
export function validDocument(input: unknown): FrameworkDocument {
  const parsed = parseFrameworkDocument(input);
  if (!parsed.ok) throw invalidDocument(parsed.problems);
  return parsed.document;
}

/** Every playbook key the document links to must name a playbook its readers can see. */
async function assertPlaybookLinks(
  db: Db,
  accountId: string | null,
  doc: FrameworkDocument,
): Promise<void> {
  const wanted = new Map<string, string>();
  const walk = (sections: Section[], prefix: string) => {
    sections.forEach((s, i) => {
      const path = `${prefix}sections[${i}]`;
      s.questions.forEach((q, j) =>
        q.playbooks.forEach((key, k) => {
          if (!wanted.has(key)) wanted.set(key, `${path}.questions[${j}].playbooks[${k}]`);
        }),
      );
      walk(s.sections, `${path}.`);
    });
  };
  walk(doc.sections, '');
  if (wanted.size === 0) return;
  const rows = await db
    .select({ key: playbooks.key })
    .from(playbooks)
    .where(
      and(
        inArray(playbooks.key, [...wanted.keys()]),
        accountId === null
          ? isNull(playbooks.accountId)
          : readable(playbooks.accountId, { accountId }),
      ),
    );
  const found = new Set(rows.map((r) => r.key));
  const problems = [...wanted]
    .filter(([key]) => !found.has(key))
    .map(([key, path]) => ({
      path,
      message:
        accountId === null
          ? `no global playbook has the key "${key}"`
          : `no playbook of this account or the global library has the key "${key}"`,
    }));
  if (problems.length) throw invalidDocument(problems);
}

/** The row's columns once `doc` is published as `version` from draft `revision`. */
export function frameworkRowValues(
  doc: FrameworkDocument,
  published: { version: number; revision: number; at: Date },
) {
  return {
    ...mirror(doc),
    latestVersion: published.version,
    publishedAt: published.at,
    publishedRevision: published.revision,
    searchText: [doc.name, doc.summary, doc.tags.join(' '), doc.description.slice(0, 2000)].join(
      ' ',
    ),
  };
}

/**
 * Writes `doc` as version `version` of a framework and makes it what the library searches
 * (its framework_nodes rows). The one way a version is written: publishing and the shipped
 * library both use it, then set the row's columns with `frameworkRowValues`.
 */
export async function insertVersion(
  tx: Tx,
  frameworkId: string,
  doc: FrameworkDocument,
  v: { version: number; releaseNotes: string; publishedBy: string | null; at: Date },
): Promise<void> {
  await tx.insert(frameworkVersions).values({
    frameworkId,
    version: v.version,
    document: doc,
    releaseNotes: v.releaseNotes,
    questionCount: countQuestions(doc),
    publishedBy: v.publishedBy,
    publishedAt: v.at,
  });
  await tx.delete(frameworkNodes).where(eq(frameworkNodes.frameworkId, frameworkId));
  const nodes = frameworkNodeRows(frameworkId, doc);
  for (let i = 0; i < nodes.length; i += 1000) {
    await tx.insert(frameworkNodes).values(nodes.slice(i, i + 1000));
  }
}

/** Name, summary, tags and the searchable text of a document, as the row mirrors them. */
function mirror(doc: FrameworkDocument) {
  return {
    name: doc.name,
    summary: doc.summary,
    tags: doc.tags,
    questionCount: countQuestions(doc),
  };
}

/** The framework_nodes rows of a document (what the library searches), in reading order. */
export function frameworkNodeRows(frameworkId: string, doc: FrameworkDocument) {
  const rows: Array<typeof frameworkNodes.$inferInsert> = [];
  const walk = (sections: Section[]) => {
    for (const s of sections) {
      rows.push({
        frameworkId,
        key: s.key,
        kind: 'section',
        title: s.title,
        position: rows.length,
      });
      for (const q of s.questions) {
        rows.push({
          frameworkId,
          key: q.key,
          kind: 'question',
          title: q.title,
          position: rows.length,
        });
      }
      walk(s.sections);
    }
  };
  walk(doc.sections);
  return rows;
}

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

/** The columns of a version's facts (without its document). */
const versionInfoColumns = {
  version: frameworkVersions.version,
  releaseNotes: frameworkVersions.releaseNotes,
  publishedAt: frameworkVersions.publishedAt,
  publishedBy: users.name,
  questionCount: frameworkVersions.questionCount,
};

export async function listVersionInfos(
  db: Db,
  frameworkId: string,
): Promise<FrameworkVersionInfo[]> {
  const rows = await db
    .select(versionInfoColumns)
    .from(frameworkVersions)
    .leftJoin(users, eq(users.id, frameworkVersions.publishedBy))
    .where(eq(frameworkVersions.frameworkId, frameworkId))
    .orderBy(desc(frameworkVersions.version));
  return rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) }));
}

async function toDetail(db: Db, r: FrameworkRow): Promise<FrameworkDetail> {
  const [by] = r.draftUpdatedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, r.draftUpdatedBy))
    : [];
  return {
    ...toSummary(r),
    draft: r.draft,
    draftRevision: r.draftRevision,
    draftUpdatedAt: iso(r.draftUpdatedAt),
    draftUpdatedBy: by?.name ?? null,
    versions: await listVersionInfos(db, r.id),
    usedKeys: r.latestVersion === null ? [] : await usedKeysOf(db, r.id),
  };
}

/**
 * The section and question keys the published versions of a framework used (only `keys`, when
 * given), each with its kind and title in the latest version that has it. Read in SQL from the
 * stored documents: no document travels to the server for it.
 */
export async function usedKeysOf(db: Db, frameworkId: string, keys?: string[]): Promise<UsedKey[]> {
  if (keys && keys.length === 0) return [];
  const result = await db.execute(sql`
    with recursive s(version, node) as (
      select v.version, e.node
        from ${frameworkVersions} v, json_array_elements(v.document->'sections') as e(node)
       where v.framework_id = ${frameworkId}
      union all
      select s.version, c.node from s, json_array_elements(s.node->'sections') as c(node)
    ), n(version, key, kind, title) as (
      select version, node->>'key', 'section', node->>'title' from s
      union all
      select s.version, q.node->>'key', 'question', q.node->>'title'
        from s, json_array_elements(s.node->'questions') as q(node)
    )
    select distinct on (key) key, kind, title, version::int as version from n
    ${
      keys
        ? sql`where key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql``
    }
    order by key, version desc`);
  const rows = (
    result as unknown as { rows: { key: string; kind: string; title: string; version: number }[] }
  ).rows;
  return rows.map((r) => ({
    key: r.key,
    kind: r.kind === 'section' ? 'section' : 'question',
    title: r.title,
    version: Number(r.version),
  }));
}

/** The question keys of a document, each with its path (as document problems name it). */
function questionPaths(doc: Pick<FrameworkDocument, 'sections'>): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (sections: Section[], prefix: string) => {
    sections.forEach((s, i) => {
      const path = `${prefix}sections[${i}]`;
      s.questions.forEach((q, j) => out.set(q.key, `${path}.questions[${j}].key`));
      walk(s.sections, `${path}.`);
    });
  };
  walk(doc.sections, '');
  return out;
}

/**
 * A question is new to the draft when the draft it replaces had no question with its key (it
 * was not carried from that key). A new question may not take a key a published version used
 * for a question, unless the author says it is the same question (`sameQuestions`): its
 * answers would otherwise follow the key onto a different question (docs/content.md).
 */
async function assertNoReusedKeys(
  tx: Tx,
  row: FrameworkRow,
  doc: FrameworkDocument,
  sameQuestions: ReadonlySet<string>,
): Promise<void> {
  if (row.latestVersion === null) return;
  const before = questionPaths(row.draft);
  const fresh = [...questionPaths(doc)].filter(
    ([key]) => !before.has(key) && !sameQuestions.has(key),
  );
  if (fresh.length === 0) return;
  const used = new Map(
    (
      await usedKeysOf(
        tx,
        row.id,
        fresh.map(([key]) => key),
      )
    )
      .filter((u) => u.kind === 'question')
      .map((u) => [u.key, u]),
  );
  const reused: ReusedKey[] = fresh
    .filter(([key]) => used.has(key))
    .map(([key, path]) => ({
      key,
      path,
      version: used.get(key)!.version,
      title: used.get(key)!.title,
    }));
  if (reused.length === 0) return;
  const fields: Record<string, string> = {};
  for (const r of reused) {
    fields[r.path] =
      `"${r.key}" was the key of “${r.title}” in version ${r.version}: give a new question a new key, or say it is the same question`;
  }
  const first = reused[0]!;
  throw new AppError(
    CONTENT_ERROR_CODES.keyReused,
    409,
    reused.length === 1
      ? `“${first.key}” was the key of “${first.title}” in version ${first.version}. A new question needs a new key, because answers follow keys; if it is the same question, say so. Nothing was saved.`
      : `${reused.length} new questions take keys that published versions used for other questions (the first: “${first.key}”, “${first.title}” in version ${first.version}). Give them new keys, or say they are the same questions. Nothing was saved.`,
    fields,
    { reused },
  );
}

/**
 * The framework `id` for authoring: 404 unless the actor can read it (global, or their own
 * account's), 403 when they can read but not author its scope.
 */
async function authorRow(
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

const audit = (
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

async function insertFramework(
  tx: Tx,
  actor: ContentActor,
  scope: ContentScope,
  doc: FrameworkDocument,
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

async function staleRevision(db: Db, row: FrameworkRow): Promise<AppError> {
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

async function versionDocument(
  db: Db,
  frameworkId: string,
  version: number,
): Promise<FrameworkDocument> {
  const [v] = await db
    .select({ document: frameworkVersions.document })
    .from(frameworkVersions)
    .where(
      and(eq(frameworkVersions.frameworkId, frameworkId), eq(frameworkVersions.version, version)),
    )
    .limit(1);
  if (!v) throw new AppError(CONTENT_ERROR_CODES.notFound, 404, `There is no version ${version}.`);
  return v.document;
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
      if (sameFramework(latest, doc)) {
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

/** A document by version number, or the draft (authors only; see `documentFor`). */
async function documentAt(db: Db, row: FrameworkRow, ref: VersionRef): Promise<FrameworkDocument> {
  return ref === 'draft' ? row.draft : versionDocument(db, row.id, ref);
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

export async function readVersion(
  db: Db,
  row: FrameworkRow,
  version: number,
): Promise<FrameworkVersion> {
  const [v] = await db
    .select({ ...versionInfoColumns, document: frameworkVersions.document })
    .from(frameworkVersions)
    .leftJoin(users, eq(users.id, frameworkVersions.publishedBy))
    .where(and(eq(frameworkVersions.frameworkId, row.id), eq(frameworkVersions.version, version)))
    .limit(1);
  if (!v) throw new AppError(CONTENT_ERROR_CODES.notFound, 404, `There is no version ${version}.`);
  return {
    ...v,
    publishedAt: iso(v.publishedAt),
    frameworkId: row.id,
    scope: scopeOf(row.accountId),
  };
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

/**
 * A framework's published versions (docs/content.md): immutable numbered documents. Writing one
 * (publishing, and the shipped library in library.seed.ts) also refreshes what the library
 * searches (framework_nodes) and the row's mirrored columns; reading them gives the version
 * list, one version, or the keys the versions used.
 */
import {
  CONTENT_ERROR_CODES,
  countQuestions,
  type FrameworkDocument,
  type FrameworkVersion,
  type FrameworkVersionInfo,
  type Section,
  type UsedKey,
  type VersionRef,
} from '@tenantry/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import type { frameworks } from '../../db/schema/index.ts';
import { frameworkNodes, frameworkVersions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { scopeOf } from './content.access.ts';

type Db = Database | Tx;
type FrameworkRow = typeof frameworks.$inferSelect;

const iso = (d: Date) => d.toISOString();

/** Name, summary, tags and the searchable text of a document, as the row mirrors them. */
export function mirror(doc: FrameworkDocument) {
  return {
    name: doc.name,
    summary: doc.summary,
    tags: doc.tags,
    questionCount: countQuestions(doc),
  };
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
  v: {
    version: number;
    releaseNotes: string;
    publishedBy: string | null;
    at: Date;
    /** For a fork: the upstream version the document is synced to. */
    upstreamVersion?: number | null;
  },
): Promise<void> {
  await tx.insert(frameworkVersions).values({
    frameworkId,
    version: v.version,
    document: doc,
    releaseNotes: v.releaseNotes,
    questionCount: countQuestions(doc),
    publishedBy: v.publishedBy,
    publishedAt: v.at,
    upstreamVersion: v.upstreamVersion ?? null,
  });
  await tx.delete(frameworkNodes).where(eq(frameworkNodes.frameworkId, frameworkId));
  const nodes = frameworkNodeRows(frameworkId, doc);
  for (let i = 0; i < nodes.length; i += 1000) {
    await tx.insert(frameworkNodes).values(nodes.slice(i, i + 1000));
  }
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

export async function versionDocument(
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

/** The upstream version a fork's published version is synced to (null for other frameworks). */
export async function versionUpstream(
  db: Db,
  frameworkId: string,
  version: number,
): Promise<number | null> {
  const [v] = await db
    .select({ upstreamVersion: frameworkVersions.upstreamVersion })
    .from(frameworkVersions)
    .where(
      and(eq(frameworkVersions.frameworkId, frameworkId), eq(frameworkVersions.version, version)),
    )
    .limit(1);
  return v?.upstreamVersion ?? null;
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

/** A document by version number, or the draft (authors only; see `documentFor`). */
export async function documentAt(
  db: Db,
  row: FrameworkRow,
  ref: VersionRef,
): Promise<FrameworkDocument> {
  return ref === 'draft' ? row.draft : versionDocument(db, row.id, ref);
}

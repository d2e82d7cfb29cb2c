/**
 * The library (explore): published content the caller may read — global ones and their own
 * account's — never drafts, never archived ones. Search runs on the vectors kept on publish
 * (frameworks.search for name, summary and tags; framework_nodes for every section and
 * question of the latest version; articles.search), so a search never reads a document.
 * Other modules read published playbooks and articles through here (remediation's checklists,
 * support's help suggestions).
 */
import {
  type ContentListQuery,
  type LibraryFramework,
  type LibraryFrameworkDetail,
  type LibraryFrameworkList,
  type LinkedPlaybook,
  listQuestions,
  type Question,
  type Section,
  type TaskPriority,
} from '@tenantry/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import {
  articles,
  frameworkNodes,
  frameworks,
  frameworkVersions,
  playbooks,
} from '../../db/schema/index.ts';
import {
  contentNotFound,
  readable,
  scopeOf,
  withScope,
  type ContentActor,
} from './content.access.ts';
import { searchQuery, searchRank } from './content.search.ts';
import { listVersionInfos, readVersion } from './frameworks.versions.ts';

const MATCHES = 5;

export async function listLibraryFrameworks(
  db: Database,
  actor: ContentActor,
  query: ContentListQuery,
): Promise<LibraryFrameworkList> {
  const q = query.q?.trim();
  const nodeMatch = q
    ? sql`exists (select 1 from ${frameworkNodes} n where n.framework_id = ${frameworks.id} and ${searchQuery(sql`n.search`, q)})`
    : undefined;
  const where = and(
    withScope(readable(frameworks.accountId, actor), frameworks.accountId, actor, query.scope),
    isNotNull(frameworks.latestVersion),
    isNull(frameworks.archivedAt),
    query.tag ? sql`${frameworks.tags} @> array[${query.tag}]::text[]` : undefined,
    q ? or(searchQuery(frameworks.search, q), nodeMatch) : undefined,
  );
  const orderBy = q
    ? [
        desc(searchRank(frameworks.search, q)),
        asc(sql`lower(${frameworks.name})`),
        asc(frameworks.id),
      ]
    : [asc(sql`lower(${frameworks.name})`), asc(frameworks.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: frameworks.id,
        key: frameworks.key,
        accountId: frameworks.accountId,
        name: frameworks.name,
        summary: frameworks.summary,
        tags: frameworks.tags,
        latestVersion: frameworks.latestVersion,
        publishedAt: frameworks.publishedAt,
        questionCount: frameworks.questionCount,
        updatedAt: frameworks.updatedAt,
      })
      .from(frameworks)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(frameworks)
      .where(where),
  ]);

  // The matching sections and questions of this page's frameworks: one query, best first.
  const matches = new Map<string, Array<{ key: string; title: string }>>();
  if (q && rows.length) {
    const hits = await db
      .select({
        frameworkId: frameworkNodes.frameworkId,
        key: frameworkNodes.key,
        title: frameworkNodes.title,
      })
      .from(frameworkNodes)
      .where(
        and(
          inArray(
            frameworkNodes.frameworkId,
            rows.map((r) => r.id),
          ),
          searchQuery(frameworkNodes.search, q),
        ),
      )
      .orderBy(asc(frameworkNodes.frameworkId), asc(frameworkNodes.position))
      .limit(rows.length * 50);
    for (const h of hits) {
      const list = matches.get(h.frameworkId) ?? [];
      if (list.length < MATCHES) list.push({ key: h.key, title: h.title });
      matches.set(h.frameworkId, list);
    }
  }

  const items: LibraryFramework[] = rows.map((r) => ({
    id: r.id,
    key: r.key,
    scope: scopeOf(r.accountId),
    name: r.name,
    summary: r.summary,
    tags: r.tags,
    latestVersion: r.latestVersion,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    questionCount: r.questionCount,
    updatedAt: r.updatedAt.toISOString(),
    matches: matches.get(r.id) ?? [],
  }));
  return { items, total: total?.n ?? 0 };
}

/** Playbook keys a document links to. */
function linkedKeys(sections: Section[], out = new Set<string>()): Set<string> {
  for (const s of sections) {
    for (const q of s.questions) for (const k of q.playbooks) out.add(k);
    linkedKeys(s.sections, out);
  }
  return out;
}

/**
 * A published framework (latest version, or `version`), with its version list and the
 * published playbooks its questions link to (the account's own playbook wins over a global one
 * of the same key).
 */
export async function getLibraryFramework(
  db: Database,
  actor: ContentActor,
  id: string,
  version?: number,
): Promise<LibraryFrameworkDetail> {
  const [row] = await db
    .select()
    .from(frameworks)
    .where(
      and(
        eq(frameworks.id, id),
        readable(frameworks.accountId, actor),
        isNotNull(frameworks.latestVersion),
      ),
    )
    .limit(1);
  if (!row || row.latestVersion === null) throw contentNotFound('framework');
  const [v, versions] = await Promise.all([
    readVersion(db, row, version ?? row.latestVersion),
    listVersionInfos(db, row.id),
  ]);
  const byKey = await readablePlaybooks(db, actor, [...linkedKeys(v.document.sections)]);
  const linked: LinkedPlaybook[] = [...byKey.values()].map(({ key, id: pid, title, priority }) => ({
    key,
    id: pid,
    title,
    priority,
  }));
  return { ...v, name: row.name, versions, playbooks: linked };
}

export interface ReadablePlaybook {
  id: string;
  key: string;
  title: string;
  priority: TaskPriority;
  steps: { title: string; body: string }[];
}

/**
 * The published playbooks of `keys` the account may read, by key: the account's own playbook
 * wins over a global one of the same key.
 */
export async function readablePlaybooks(
  db: Database | Tx,
  reader: Pick<ContentActor, 'accountId'>,
  keys: string[],
): Promise<Map<string, ReadablePlaybook>> {
  const out = new Map<string, ReadablePlaybook & { own: boolean }>();
  if (!keys.length) return out;
  const rows = await db
    .select({
      id: playbooks.id,
      key: playbooks.key,
      title: playbooks.title,
      priority: playbooks.priority,
      steps: playbooks.steps,
      accountId: playbooks.accountId,
    })
    .from(playbooks)
    .where(
      and(
        inArray(playbooks.key, keys),
        readable(playbooks.accountId, reader),
        eq(playbooks.status, 'published'),
      ),
    );
  for (const { accountId, ...r } of rows) {
    const own = accountId !== null;
    if (!out.get(r.key)?.own) out.set(r.key, { ...r, own });
  }
  return out;
}

/**
 * Published articles the account may read that match `q` (web-search syntax, content.search.ts),
 * best match first, at most `limit`.
 */
export function searchReadableArticles(
  db: Database,
  reader: Pick<ContentActor, 'accountId'>,
  q: string,
  limit: number,
): Promise<Array<{ id: string; key: string; title: string; summary: string }>> {
  return db
    .select({
      id: articles.id,
      key: articles.key,
      title: articles.title,
      summary: articles.summary,
    })
    .from(articles)
    .where(
      and(
        readable(articles.accountId, reader),
        eq(articles.status, 'published'),
        searchQuery(articles.search, q),
      ),
    )
    .orderBy(desc(searchRank(articles.search, q)), asc(articles.title), asc(articles.id))
    .limit(limit);
}

export interface ReadableQuestion {
  framework: { id: string; name: string; latestVersion: number };
  question: Question;
  /** The newest published version that has the question. */
  version: number;
}

/**
 * A question of a published framework the account reads, by its stable key, as the newest
 * version that has it asks it (null when the framework is not readable or no version has it).
 * One statement: the versions newest first (a framework has a handful), walked until found.
 */
export async function readableQuestion(
  db: Database | Tx,
  reader: Pick<ContentActor, 'accountId'>,
  frameworkId: string,
  questionKey: string,
): Promise<ReadableQuestion | null> {
  const rows = await db
    .select({
      name: frameworks.name,
      latestVersion: frameworks.latestVersion,
      version: frameworkVersions.version,
      document: frameworkVersions.document,
    })
    .from(frameworks)
    .innerJoin(frameworkVersions, eq(frameworkVersions.frameworkId, frameworks.id))
    .where(and(eq(frameworks.id, frameworkId), readable(frameworks.accountId, reader)))
    .orderBy(desc(frameworkVersions.version));
  for (const r of rows) {
    const found = listQuestions(r.document).find((q) => q.question.key === questionKey);
    if (found) {
      return {
        framework: { id: frameworkId, name: r.name, latestVersion: r.latestVersion ?? r.version },
        question: found.question,
        version: r.version,
      };
    }
  }
  return null;
}

/**
 * The shipped library (apps/server/library/): frameworks, playbooks and articles authored by
 * the team as data files in the import formats. On start, each one missing from the global
 * content (by key) is loaded and published; one already there is left as it is, so edits made
 * by system admins are never overwritten. One exception, for frameworks: when the shipped file
 * only adds or changes translations (docs/languages.md) to exactly the English content of the
 * latest published version, and the draft has no changes, it is published as the next version.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ArticleFileSchema,
  frameworkLanguages,
  parseFrameworkDocument,
  sameFramework,
  withoutTranslations,
  PlaybookFileSchema,
  type FrameworkDocument,
} from '@tenantry/shared';
import { LOCALE_NAMES } from '@tenantry/shared/i18n/locales';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { articles, frameworks, playbooks } from '../../db/schema/index.ts';
import { ARTICLE_KIND, PLAYBOOK_KIND } from './items.service.ts';
import { frameworkRowValues, insertVersion, versionDocument } from './frameworks.versions.ts';

export const LIBRARY_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../library');

async function readJsonFiles(dir: string): Promise<Array<{ file: string; data: unknown }>> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (n) => ({
      file: join(dir, n),
      data: JSON.parse(await readFile(join(dir, n), 'utf8')) as unknown,
    })),
  );
}

export interface LibraryFiles {
  frameworks: FrameworkDocument[];
  playbooks: Array<ReturnType<typeof PlaybookFileSchema.parse>>;
  articles: Array<ReturnType<typeof ArticleFileSchema.parse>>;
}

/** Reads and validates every shipped file; a bad file is a bug of ours and stops the start. */
export async function readLibrary(dir = LIBRARY_DIR): Promise<LibraryFiles> {
  const [fw, pb, ar] = await Promise.all([
    readJsonFiles(join(dir, 'frameworks')),
    readJsonFiles(join(dir, 'playbooks')),
    readJsonFiles(join(dir, 'articles')),
  ]);
  return {
    frameworks: fw.map(({ file, data }) => {
      const parsed = parseFrameworkDocument(data);
      if (!parsed.ok) {
        const list = parsed.problems.slice(0, 5).map((p) => `${p.path}: ${p.message}`);
        throw new Error(`${file} is not a valid framework: ${list.join('; ')}`);
      }
      return parsed.document;
    }),
    playbooks: pb.map(({ data }) => PlaybookFileSchema.parse(data)),
    articles: ar.map(({ data }) => ArticleFileSchema.parse(data)),
  };
}

const RELEASE_NOTES = 'Shipped with Tenantry.';

/**
 * A shipped framework already loaded: when the shipped document is the latest version's
 * English content with other translations, and nobody has edited the draft since, the
 * shipped document becomes the next version (the draft follows). Anything else — an admin's
 * edit of the texts, a draft in progress — leaves it alone. Returns whether it published.
 */
async function takeShippedTranslations(
  tx: Tx,
  row: Pick<typeof frameworks.$inferSelect, 'id' | 'draft' | 'draftRevision' | 'latestVersion'>,
  doc: FrameworkDocument,
  at: Date,
): Promise<boolean> {
  if (row.latestVersion === null) return false;
  const latest = await versionDocument(tx, row.id, row.latestVersion);
  if (sameFramework(latest, doc)) return false;
  if (!sameFramework(row.draft, latest)) return false;
  if (!sameFramework(withoutTranslations(latest), withoutTranslations(doc))) return false;
  const version = row.latestVersion + 1;
  const names = frameworkLanguages(doc).map((l) => LOCALE_NAMES[l]);
  await insertVersion(tx, row.id, doc, {
    version,
    releaseNotes: `Shipped with Tenantry: translations (${names.join(', ') || 'none'}).`,
    publishedBy: null,
    at,
  });
  await tx
    .update(frameworks)
    .set({
      draft: doc,
      draftRevision: row.draftRevision + 1,
      draftUpdatedAt: at,
      ...frameworkRowValues(doc, { version, revision: row.draftRevision + 1, at }),
      updatedAt: at,
    })
    .where(eq(frameworks.id, row.id));
  return true;
}

/**
 * Loads what is missing of the shipped library as published global content, and shipped
 * translations of frameworks nobody changed (`takeShippedTranslations`). Returns counts.
 */
export async function loadLibrary(
  db: Database,
  files?: LibraryFiles,
): Promise<{ frameworks: number; playbooks: number; articles: number; translated: number }> {
  const lib = files ?? (await readLibrary());
  const added = { frameworks: 0, playbooks: 0, articles: 0, translated: 0 };
  await db.transaction(async (tx: Tx) => {
    // Several servers starting at once on one database load it once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tenantry:library'))`);
    const now = new Date();
    for (const p of lib.playbooks) {
      const { format: _f, key, ...content } = p;
      const [row] = await tx
        .insert(playbooks)
        .values({
          id: randomUUID(),
          accountId: null,
          key,
          ...(PLAYBOOK_KIND.values(content) as { title: string }),
          status: 'published',
          publishedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: playbooks.id });
      if (row) added.playbooks++;
    }
    for (const a of lib.articles) {
      const { format: _f, key, ...content } = a;
      const [row] = await tx
        .insert(articles)
        .values({
          id: randomUUID(),
          accountId: null,
          key,
          ...(ARTICLE_KIND.values(content) as { title: string }),
          status: 'published',
          publishedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: articles.id });
      if (row) added.articles++;
    }
    for (const doc of lib.frameworks) {
      const [exists] = await tx
        .select({
          id: frameworks.id,
          draft: frameworks.draft,
          draftRevision: frameworks.draftRevision,
          latestVersion: frameworks.latestVersion,
        })
        .from(frameworks)
        .where(and(eq(frameworks.key, doc.key), isNull(frameworks.accountId)))
        .limit(1);
      if (exists) {
        if (await takeShippedTranslations(tx, exists, doc, now)) added.translated++;
        continue;
      }
      const id = randomUUID();
      await tx.insert(frameworks).values({
        id,
        accountId: null,
        key: doc.key,
        draft: doc,
        draftRevision: 1,
        ...frameworkRowValues(doc, { version: 1, revision: 1, at: now }),
        createdAt: now,
        updatedAt: now,
      });
      await insertVersion(tx, id, doc, {
        version: 1,
        releaseNotes: RELEASE_NOTES,
        publishedBy: null,
        at: now,
      });
      added.frameworks++;
    }
  });
  return added;
}

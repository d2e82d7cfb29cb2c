/**
 * What a framework document must pass before it is saved (docs/content.md): valid as a whole
 * (every problem with its path), every playbook it links readable by its readers, and no new
 * question on a key a published version used for another question.
 */
import {
  CONTENT_ERROR_CODES,
  parseFrameworkDocument,
  type DocumentProblem,
  type FrameworkDocument,
  type ReusedKey,
  type Section,
} from '@tenantry/shared';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import type { frameworks } from '../../db/schema/index.ts';
import { playbooks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { readable } from './content.access.ts';
import { usedKeysOf } from './frameworks.versions.ts';

type Db = Database | Tx;
type FrameworkRow = typeof frameworks.$inferSelect;

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
export async function assertPlaybookLinks(
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
export async function assertNoReusedKeys(
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

import { z } from 'zod';
import type { FrameworkDocument, Question, Section } from './frameworks.schemas.ts';

/**
 * The difference between two framework documents, matched by stable key (never by position):
 * what was added, removed, and what changed in each node present on both sides. Assessments
 * use it to carry answers forward to a newer version (changes that touch the answer are marked
 * `affectsAnswers`: the carried answer needs review).
 */

export const DIFF_FIELDS = [
  'title',
  'type',
  'options',
  'weight',
  'naAllowed',
  'description',
  'guidance',
  'tags',
  'playbooks',
  'target',
  'parent',
  'translations',
] as const;
export type DiffField = (typeof DIFF_FIELDS)[number];

/** Changes after which an answer given under the old node may no longer mean the same. */
const AFFECTS_ANSWERS: ReadonlySet<DiffField> = new Set(['type', 'options', 'naAllowed']);

const DiffNodeSchema = z.object({
  key: z.string(),
  kind: z.enum(['section', 'question']),
  title: z.string(),
  /** Keys of the sections above it (on the side it is on; for a change, the newer side). */
  path: z.array(z.string()),
});

export const FrameworkDiffSchema = z.object({
  added: z.array(DiffNodeSchema),
  removed: z.array(DiffNodeSchema),
  changed: z.array(
    DiffNodeSchema.extend({
      fields: z.array(z.enum(DIFF_FIELDS)),
      /** The old title when the title changed. */
      previousTitle: z.string().optional(),
      affectsAnswers: z.boolean(),
    }),
  ),
  /** Whether the framework's own name, summary, description, tags, source or translations changed. */
  metadataChanged: z.boolean(),
});
export type FrameworkDiff = z.infer<typeof FrameworkDiffSchema>;

/** A section or question with the keys of the sections above it. */
export type IndexedNode =
  | { kind: 'section'; node: Section; path: string[] }
  | { kind: 'question'; node: Question; path: string[] };
type Node = IndexedNode;

/** Every section and question of a document by key, in reading order. */
export function indexNodes(doc: Pick<FrameworkDocument, 'sections'>): Map<string, Node> {
  const out = new Map<string, Node>();
  const walk = (sections: Section[], path: string[]) => {
    for (const s of sections) {
      out.set(s.key, { kind: 'section', node: s, path });
      for (const q of s.questions)
        out.set(q.key, { kind: 'question', node: q, path: [...path, s.key] });
      walk(s.sections, [...path, s.key]);
    }
  };
  walk(doc.sections, []);
  return out;
}

/** JSON with object keys sorted: equal for equal content whatever the key order. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : val,
  );
}

/** Equal content whatever the key order. */
export const sameContent = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** What answers to a question mean: its options, levels or bands and unit. */
function answerSettings(q: Question): unknown {
  switch (q.type) {
    case 'maturity':
      return q.levels;
    case 'single_choice':
    case 'multiple_choice':
      return q.options;
    case 'number':
      return { unit: q.unit, bands: q.bands };
    default:
      return null;
  }
}

/** The fields of a node that differ between two versions of it (`a` → `b`). */
export function changedFields(a: Node, b: Node): DiffField[] {
  const fields: DiffField[] = [];
  const x = a.node;
  const y = b.node;
  if (x.title !== y.title) fields.push('title');
  if (a.kind !== b.kind) fields.push('type');
  if (a.kind === 'question' && b.kind === 'question') {
    const p = a.node;
    const q = b.node;
    if (p.type !== q.type) fields.push('type');
    else if (!sameContent(answerSettings(p), answerSettings(q))) fields.push('options');
  }
  if (x.weight !== y.weight) fields.push('weight');
  if (a.kind === 'question' && b.kind === 'question') {
    if (a.node.naAllowed !== b.node.naAllowed) fields.push('naAllowed');
  }
  if (x.description !== y.description) fields.push('description');
  if (x.guidance !== y.guidance) fields.push('guidance');
  if (!sameContent(x.tags, y.tags)) fields.push('tags');
  if (
    a.kind === 'question' &&
    b.kind === 'question' &&
    !sameContent(a.node.playbooks, b.node.playbooks)
  ) {
    fields.push('playbooks');
  }
  if (
    a.kind === 'section' &&
    b.kind === 'section' &&
    (a.node.target ?? null) !== (b.node.target ?? null)
  ) {
    fields.push('target');
  }
  if (!sameContent(a.path, b.path)) fields.push('parent');
  // Texts in other languages (framework-i18n.ts); never affects answers.
  if (!sameContent(x.translations ?? {}, y.translations ?? {})) fields.push('translations');
  return [...new Set(fields)];
}

/** `from` → `to`, by stable key, in `to`'s reading order (removed ones in `from`'s). */
export function diffFrameworks(
  from: Pick<
    FrameworkDocument,
    'sections' | 'name' | 'summary' | 'description' | 'tags' | 'source' | 'translations'
  >,
  to: Pick<
    FrameworkDocument,
    'sections' | 'name' | 'summary' | 'description' | 'tags' | 'source' | 'translations'
  >,
): FrameworkDiff {
  const a = indexNodes(from);
  const b = indexNodes(to);
  const diff: FrameworkDiff = { added: [], removed: [], changed: [], metadataChanged: false };
  for (const [key, nb] of b) {
    const na = a.get(key);
    const node = { key, kind: nb.kind, title: nb.node.title, path: nb.path };
    if (!na) {
      diff.added.push(node);
      continue;
    }
    const fields = changedFields(na, nb);
    if (fields.length === 0) continue;
    diff.changed.push({
      ...node,
      fields,
      ...(fields.includes('title') ? { previousTitle: na.node.title } : {}),
      affectsAnswers: fields.some((f) => AFFECTS_ANSWERS.has(f)),
    });
  }
  for (const [key, na] of a) {
    if (!b.has(key)) diff.removed.push({ key, kind: na.kind, title: na.node.title, path: na.path });
  }
  diff.metadataChanged =
    from.name !== to.name ||
    from.summary !== to.summary ||
    from.description !== to.description ||
    !sameContent(from.tags, to.tags) ||
    !sameContent(from.source, to.source) ||
    !sameContent(from.translations ?? {}, to.translations ?? {});
  return diff;
}

/** Whether two documents are the same content (nothing to publish). */
export function sameFramework(a: FrameworkDocument, b: FrameworkDocument): boolean {
  return sameContent(a, b);
}

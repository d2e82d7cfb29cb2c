import { z } from 'zod';
import {
  changedFields,
  DIFF_FIELDS,
  diffFrameworks,
  indexNodes,
  sameContent,
  type DiffField,
  type IndexedNode,
} from './framework-diff.ts';
import type { FrameworkDocument, Question, Section } from './frameworks.schemas.ts';

/**
 * A fork and its upstream (docs/content.md, "Forks"): a three-way comparison by stable key of
 * the upstream version the fork last synced to (`base`), the upstream's newer version
 * (`theirs`) and the fork's draft (`mine`). Each upstream change says whether the fork has its
 * own edit of the same item (a conflict); taking changes writes them into the draft, keeping
 * the fork's own edits unless the author says to take the upstream's.
 */

/** The framework's own fields an upstream change may touch. */
export const FRAMEWORK_META_FIELDS = [
  'name',
  'summary',
  'description',
  'tags',
  'source',
  'translations',
] as const;
type MetaField = (typeof FRAMEWORK_META_FIELDS)[number];

export const UPSTREAM_FIELDS = [...DIFF_FIELDS, ...FRAMEWORK_META_FIELDS] as const;
export type UpstreamField = (typeof UPSTREAM_FIELDS)[number];

/** The id of the change to the framework's own name, summary, description, tags or source. */
export const FRAMEWORK_CHANGE_ID = '@framework';

export const UpstreamChangeSchema = z.object({
  /** The node's key, or `@framework` for the framework's own fields. */
  id: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  kind: z.enum(['framework', 'section', 'question']),
  title: z.string(),
  /** The old title when the upstream changed it. */
  previousTitle: z.string().optional(),
  /** Keys of the sections above it (upstream's newer side; the older for a removal). */
  path: z.array(z.string()),
  /** What the upstream changed (for `changed`). */
  fields: z.array(z.enum(UPSTREAM_FIELDS)),
  /** A change of type, options or N/A: answers carried forward need review. */
  affectsAnswers: z.boolean(),
  /** What the fork did to the same item since it synced. */
  own: z.enum(['none', 'edited', 'removed', 'added']),
  /** The fork's own edit and this change touch the same item: taking it asks which to keep. */
  conflict: z.boolean(),
  /** For a changed item: the fields both sides changed. */
  conflictFields: z.array(z.enum(UPSTREAM_FIELDS)),
  /** The draft already has the upstream's side: nothing to take. */
  inDraft: z.boolean(),
});
export type UpstreamChange = z.infer<typeof UpstreamChangeSchema>;

type Doc = FrameworkDocument;
type Idx = Map<string, IndexedNode>;

function metaFieldsChanged(a: Doc, b: Doc): MetaField[] {
  return FRAMEWORK_META_FIELDS.filter((f) => !sameContent(a[f], b[f]));
}

/** Keys in `mine`'s subtree of section `key` that `base` does not have (the fork's own). */
function ownDescendants(mine: Idx, base: Idx, key: string): boolean {
  for (const [k, n] of mine) if (n.path.includes(key) && !base.has(k)) return true;
  return false;
}

/** The upstream's changes `base` → `theirs`, each compared with the fork's draft `mine`. */
export function upstreamChanges(base: Doc, theirs: Doc, mine: Doc): UpstreamChange[] {
  const diff = diffFrameworks(base, theirs);
  const B = indexNodes(base);
  const T = indexNodes(theirs);
  const M = indexNodes(mine);
  const out: UpstreamChange[] = [];

  if (diff.metadataChanged) {
    const fields = metaFieldsChanged(base, theirs);
    const own = metaFieldsChanged(base, mine);
    const pending = fields.filter((f) => !sameContent(mine[f], theirs[f]));
    const conflictFields = pending.filter((f) => own.includes(f));
    out.push({
      id: FRAMEWORK_CHANGE_ID,
      change: 'changed',
      kind: 'framework',
      title: theirs.name,
      ...(fields.includes('name') ? { previousTitle: base.name } : {}),
      path: [],
      fields,
      affectsAnswers: false,
      own: own.length ? 'edited' : 'none',
      conflict: conflictFields.length > 0,
      conflictFields,
      inDraft: pending.length === 0,
    });
  }

  const changed = new Map(diff.changed.map((c) => [c.key, c]));
  const added = new Set(diff.added.map((a) => a.key));
  for (const [key, t] of T) {
    const m = M.get(key);
    const c = changed.get(key);
    if (c) {
      const b = B.get(key)!;
      const own = m ? changedFields(b, m) : [];
      const pending = m ? changedFields(m, t).filter((f) => c.fields.includes(f)) : c.fields;
      const conflictFields = pending.filter((f) => own.includes(f));
      out.push({
        id: key,
        change: 'changed',
        kind: t.kind,
        title: t.node.title,
        ...(c.previousTitle !== undefined ? { previousTitle: c.previousTitle } : {}),
        path: t.path,
        fields: c.fields,
        affectsAnswers: c.affectsAnswers,
        own: !m ? 'removed' : own.length ? 'edited' : 'none',
        conflict: !m || conflictFields.length > 0,
        conflictFields,
        inDraft: m !== undefined && pending.length === 0,
      });
    } else if (added.has(key)) {
      const pending = m ? changedFields(m, t) : [];
      out.push({
        id: key,
        change: 'added',
        kind: t.kind,
        title: t.node.title,
        path: t.path,
        fields: [],
        affectsAnswers: false,
        own: m ? 'added' : 'none',
        conflict: m !== undefined && pending.length > 0,
        conflictFields: [],
        inDraft: m !== undefined && pending.length === 0,
      });
    }
  }
  for (const r of diff.removed) {
    const m = M.get(r.key);
    const b = B.get(r.key)!;
    const edited =
      m !== undefined &&
      (changedFields(b, m).length > 0 || (m.kind === 'section' && ownDescendants(M, B, r.key)));
    out.push({
      id: r.key,
      change: 'removed',
      kind: r.kind,
      title: r.title,
      path: r.path,
      fields: [],
      affectsAnswers: false,
      own: edited ? 'edited' : 'none',
      conflict: edited,
      conflictFields: [],
      inDraft: m === undefined,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Taking changes into the draft

export interface TakeChange {
  id: string;
  /** Where the fork has its own edit: keep it (`mine`, the default) or take the upstream's. */
  keep?: 'mine' | 'upstream' | undefined;
}

const ANSWER_PROPS = ['levels', 'options', 'unit', 'bands'] as const;
const clone = <T>(v: T): T => structuredClone(v);

interface Place {
  list: Array<Section | Question>;
  index: number;
}

/** Where the node `key` is in `doc` (a mutable place), if it is there. */
function locate(doc: Doc, key: string): Place | undefined {
  const walk = (sections: Section[]): Place | undefined => {
    for (let i = 0; i < sections.length; i++) {
      const s = sections[i]!;
      if (s.key === key) return { list: sections, index: i };
      const q = s.questions.findIndex((x) => x.key === key);
      if (q >= 0) return { list: s.questions, index: q };
      const inner = walk(s.sections);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(doc.sections);
}

function detach(doc: Doc, key: string): Section | Question | undefined {
  const at = locate(doc, key);
  if (!at) return undefined;
  return at.list.splice(at.index, 1)[0];
}

/** Keys present anywhere in `doc`. */
const keysOf = (doc: Doc) => new Set(indexNodes(doc).keys());

/** The upstream's section `key` with only the children `doc` does not have yet. */
function newSubtree(s: Section, present: Set<string>): Section {
  return {
    ...clone(s),
    questions: s.questions.filter((q) => !present.has(q.key)).map(clone),
    sections: s.sections.filter((c) => !present.has(c.key)).map((c) => newSubtree(c, present)),
  };
}

/**
 * Puts `node` where the upstream has it: under the same parent section (added from the
 * upstream, as an empty section, when the draft lacks it), after the nearest earlier sibling
 * the draft has.
 */
function place(doc: Doc, theirs: Doc, T: Idx, key: string, node: Section | Question): void {
  const t = T.get(key);
  if (!t) return;
  const parentKey = t.path.at(-1);
  let siblings: Array<Section | Question>;
  let upstreamSiblings: Array<Section | Question>;
  if (parentKey === undefined) {
    siblings = doc.sections;
    upstreamSiblings = theirs.sections;
  } else {
    let parent = locate(doc, parentKey);
    if (!parent) {
      const p = T.get(parentKey)!.node as Section;
      place(doc, theirs, T, parentKey, { ...clone(p), questions: [], sections: [] });
      parent = locate(doc, parentKey)!;
    }
    const section = parent.list[parent.index] as Section;
    const up = T.get(parentKey)!.node as Section;
    siblings = t.kind === 'question' ? section.questions : section.sections;
    upstreamSiblings = t.kind === 'question' ? up.questions : up.sections;
  }
  const upIndex = upstreamSiblings.findIndex((s) => s.key === key);
  let at = 0;
  for (let i = upIndex - 1; i >= 0; i--) {
    const found = siblings.findIndex((s) => s.key === upstreamSiblings[i]!.key);
    if (found >= 0) {
      at = found + 1;
      break;
    }
  }
  siblings.splice(at, 0, node);
}

/**
 * With the upstream's answer settings come its translations of them (option labels, levels,
 * unit): the draft's would name options that may no longer exist. Texts stay the draft's.
 */
function takeAnswerTranslations(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
): void {
  type Tr = Record<string, Record<string, unknown>>;
  const mine = (target.translations ?? {}) as Tr;
  const theirs = (source.translations ?? {}) as Tr;
  const out: Tr = {};
  for (const locale of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
    const entry: Record<string, unknown> = { ...mine[locale] };
    for (const p of ANSWER_PROPS) {
      delete entry[p];
      if (theirs[locale]?.[p] !== undefined) entry[p] = clone(theirs[locale][p]);
    }
    if (Object.keys(entry).length) out[locale] = entry;
  }
  if (Object.keys(out).length) target.translations = out;
  else delete target.translations;
}

/** Copies the upstream's `fields` of a node onto the draft's node of the same kind. */
function takeFields(node: Section | Question, t: IndexedNode, fields: DiffField[]): void {
  const target = node as unknown as Record<string, unknown>;
  const source = t.node as unknown as Record<string, unknown>;
  for (const f of fields) {
    if (f === 'parent') continue;
    if (f === 'type' || f === 'options') {
      for (const p of ANSWER_PROPS) delete target[p];
      target.type = source.type;
      for (const p of ANSWER_PROPS) if (p in source) target[p] = clone(source[p]);
      takeAnswerTranslations(target, source);
    } else if (f === 'translations') {
      if (source.translations === undefined) delete target.translations;
      else target.translations = clone(source.translations);
    } else if (f in source || f === 'target') {
      target[f] = clone(source[f]);
    }
  }
}

/**
 * The draft `mine` with the chosen upstream changes taken (`base` → `theirs`); changes not in
 * `take`, or already in the draft, are left. Returns a new document (the caller validates it).
 */
export function takeUpstreamChanges(
  base: Doc,
  theirs: Doc,
  mine: Doc,
  take: TakeChange[],
): { document: Doc; taken: string[]; keptOwn: string[] } {
  const changes = new Map(upstreamChanges(base, theirs, mine).map((c) => [c.id, c]));
  const wanted = new Map(take.map((t) => [t.id, t.keep ?? 'mine']));
  const doc = clone(mine);
  const T = indexNodes(theirs);
  const taken: string[] = [];
  const keptOwn: string[] = [];
  // The framework's fields, then added and changed nodes in the upstream's reading order
  // (parents before children), removals last (a moved node leaves first).
  const order = [...changes.values()].sort(
    (a, b) => Number(a.change === 'removed') - Number(b.change === 'removed'),
  );
  for (const c of order) {
    const keep = wanted.get(c.id);
    if (keep === undefined || c.inDraft) continue;
    if (c.conflict && keep === 'mine' && (c.change !== 'changed' || c.own === 'removed')) {
      keptOwn.push(c.id);
      continue;
    }
    const fields =
      keep === 'upstream' ? c.fields : c.fields.filter((f) => !c.conflictFields.includes(f));
    if (c.conflict && keep === 'mine') keptOwn.push(c.id);
    if (c.kind === 'framework') {
      const target = doc as unknown as Record<string, unknown>;
      for (const f of fields) target[f] = clone(theirs[f as MetaField]);
      taken.push(c.id);
      continue;
    }
    if (c.change === 'removed') {
      detach(doc, c.id);
      taken.push(c.id);
      continue;
    }
    const t = T.get(c.id)!;
    const existing = locate(doc, c.id);
    const current = existing ? existing.list[existing.index] : undefined;
    const currentKind = current && 'type' in current ? 'question' : 'section';
    if (!current || c.change === 'added' || currentKind !== t.kind) {
      // Not in the draft, a node the fork added under the same key, or a different kind now:
      // the upstream's node takes its place (a section keeps the draft's children).
      if (current) detach(doc, c.id);
      let node: Section | Question;
      if (t.kind === 'question') node = clone(t.node);
      else if (current && currentKind === 'section') {
        const own = current as Section;
        node = { ...clone(t.node), questions: own.questions, sections: own.sections };
      } else node = newSubtree(t.node, keysOf(doc));
      place(doc, theirs, T, c.id, node);
      taken.push(c.id);
      continue;
    }
    takeFields(current, t, fields as DiffField[]);
    if (fields.includes('parent')) {
      detach(doc, c.id);
      place(doc, theirs, T, c.id, current);
    }
    if (fields.length) taken.push(c.id);
  }
  return { document: doc, taken, keptOwn };
}

import {
  FRAMEWORK_LIMITS,
  NODE_KEY_PATTERN,
  type Question,
  type QuestionType,
  type Section,
} from '@tenantry/shared';
import { newQuestion } from './question-types.ts';
import { t } from '../messages.ts';

/**
 * The framework tree as the editor changes it: sections nest to any depth (at most
 * FRAMEWORK_LIMITS.depth), questions are leaves. A node is named by its place in the document,
 * written as the form path of its fields: `sections.0.sections.2` (a section) or
 * `sections.0.questions.3` (a question); `''` is the framework itself. Every change returns a
 * new tree (untouched branches are shared) and the node's place afterwards.
 */

export type NodeRef = string;
export const ROOT_REF: NodeRef = '';

export interface ParsedRef {
  /** Indices from the top: [0, 2] is the third sub-section of the first section. */
  sectionPath: number[];
  /** The question's index in that section, or null for the section itself. */
  question: number | null;
}

export function sectionRef(path: readonly number[]): NodeRef {
  return path.map((i) => `sections.${i}`).join('.');
}

export function questionRef(sectionPath: readonly number[], index: number): NodeRef {
  return `${sectionRef(sectionPath)}.questions.${index}`;
}

/** The node a ref names, as indices; null for the framework itself or a malformed ref. */
export function parseRef(ref: NodeRef): ParsedRef | null {
  if (!ref) return null;
  const parts = ref.split('.');
  const sectionPath: number[] = [];
  let i = 0;
  while (i + 1 < parts.length && parts[i] === 'sections' && /^\d+$/.test(parts[i + 1] ?? '')) {
    sectionPath.push(Number(parts[i + 1]));
    i += 2;
  }
  if (sectionPath.length === 0) return null;
  if (i === parts.length) return { sectionPath, question: null };
  if (i + 2 === parts.length && parts[i] === 'questions' && /^\d+$/.test(parts[i + 1] ?? '')) {
    return { sectionPath, question: Number(parts[i + 1]) };
  }
  return null;
}

/**
 * The node whose field a form path (or a document problem's path, once converted) belongs to:
 * `sections.1.questions.4.options.0.score` → `sections.1.questions.4`; `name` → `''`.
 */
export function refOfPath(path: string): NodeRef {
  const parts = path.split('.');
  const out: string[] = [];
  let i = 0;
  while (i + 1 < parts.length && parts[i] === 'sections' && /^\d+$/.test(parts[i + 1] ?? '')) {
    out.push('sections', parts[i + 1] as string);
    i += 2;
  }
  if (out.length > 0 && parts[i] === 'questions' && /^\d+$/.test(parts[i + 1] ?? '')) {
    out.push('questions', parts[i + 1] as string);
  }
  return out.join('.');
}

/** The refs of the sections above a node, outermost first. */
export function ancestorRefs(ref: NodeRef): NodeRef[] {
  const parsed = parseRef(ref);
  if (!parsed) return [];
  const count =
    parsed.question === null ? parsed.sectionPath.length - 1 : parsed.sectionPath.length;
  return Array.from({ length: count }, (_, i) => sectionRef(parsed.sectionPath.slice(0, i + 1)));
}

export function getSection(
  sections: readonly Section[],
  path: readonly number[],
): Section | undefined {
  let list = sections;
  let found: Section | undefined;
  for (const i of path) {
    found = list[i];
    if (!found) return undefined;
    list = found.sections;
  }
  return found;
}

export type TreeNode =
  | { kind: 'section'; node: Section; depth: number }
  | { kind: 'question'; node: Question; depth: number };

/** The node at `ref` with its depth (a top-level section is at depth 1), or null. */
export function getNode(sections: readonly Section[], ref: NodeRef): TreeNode | null {
  const parsed = parseRef(ref);
  if (!parsed) return null;
  const section = getSection(sections, parsed.sectionPath);
  if (!section) return null;
  if (parsed.question === null) {
    return { kind: 'section', node: section, depth: parsed.sectionPath.length };
  }
  const q = section.questions[parsed.question];
  return q ? { kind: 'question', node: q, depth: parsed.sectionPath.length + 1 } : null;
}

/** Replaces the section at `path` with `fn(section)`, sharing every other branch. */
function updateSection(
  sections: readonly Section[],
  path: readonly number[],
  fn: (s: Section) => Section,
): Section[] {
  const [head, ...rest] = path;
  if (head === undefined) return [...sections];
  return sections.map((s, i) => {
    if (i !== head) return s;
    return rest.length === 0 ? fn(s) : { ...s, sections: updateSection(s.sections, rest, fn) };
  });
}

/** Replaces the list of sections under `parent` (null: the top level). */
function updateChildren(
  sections: readonly Section[],
  parent: readonly number[] | null,
  fn: (list: Section[]) => Section[],
): Section[] {
  if (!parent || parent.length === 0) return fn([...sections]);
  return updateSection(sections, parent, (s) => ({ ...s, sections: fn([...s.sections]) }));
}

/** Every key used by a section or question, anywhere in the tree. */
export function collectKeys(sections: readonly Section[]): Set<string> {
  const keys = new Set<string>();
  const walk = (list: readonly Section[]) => {
    for (const s of list) {
      keys.add(s.key);
      for (const q of s.questions) keys.add(q.key);
      walk(s.sections);
    }
  };
  walk(sections);
  return keys;
}

const validKey = (key: string) => key.length <= FRAMEWORK_LIMITS.key && NODE_KEY_PATTERN.test(key);

/** `make(n)` for the first n ≥ start whose key is free (and well-formed, else `fallback(n)`). */
function freeKey(
  taken: ReadonlySet<string>,
  start: number,
  make: (n: number) => string,
  fallback: (n: number) => string,
): string {
  for (let n = start; ; n++) {
    const wanted = make(n);
    const key = validKey(wanted) ? wanted : fallback(n);
    if (!taken.has(key)) return key;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The keys of the tree and the `reserved` ones (never given to a new node). */
function takenKeys(sections: readonly Section[], reserved: Iterable<string>): Set<string> {
  const taken = collectKeys(sections);
  for (const key of reserved) taken.add(key);
  return taken;
}

/**
 * A new section's key: `S3` at the top, `GV.2` under the section `GV`. Never one of the tree's
 * keys nor of `reserved` (the keys published versions and the saved draft used: a key once used
 * is never given to a new node, docs/content.md).
 */
export function newSectionKey(
  sections: readonly Section[],
  parent: readonly number[] | null,
  reserved: Iterable<string> = [],
): string {
  const taken = takenKeys(sections, reserved);
  const parentSection = parent && parent.length > 0 ? getSection(sections, parent) : undefined;
  const siblings = parentSection ? parentSection.sections.length : sections.length;
  const fallback = (n: number) => `S${n}`;
  if (!parentSection) return freeKey(taken, siblings + 1, fallback, fallback);
  return freeKey(taken, siblings + 1, (n) => `${parentSection.key}.${n}`, fallback);
}

/** A new question's key: `GV.OC-03` in the section `GV.OC` (never one of `reserved`). */
export function newQuestionKey(
  sections: readonly Section[],
  sectionPath: readonly number[],
  reserved: Iterable<string> = [],
): string {
  const taken = takenKeys(sections, reserved);
  const section = getSection(sections, sectionPath);
  const start = (section?.questions.length ?? 0) + 1;
  const fallback = (n: number) => `Q${pad(n)}`;
  if (!section) return freeKey(taken, start, fallback, fallback);
  return freeKey(taken, start, (n) => `${section.key}-${pad(n)}`, fallback);
}

export function emptySection(key: string, title = t('tree.newSection')): Section {
  return {
    key,
    title,
    description: '',
    guidance: '',
    weight: 1,
    tags: [],
    target: null,
    questions: [],
    sections: [],
  };
}

export interface TreeChange {
  sections: Section[];
  /** Where the node added or moved is now. */
  ref: NodeRef;
}

/** Adds a section at the end of `parent`'s sub-sections (null: at the top level). */
export function addSection(
  sections: readonly Section[],
  parent: readonly number[] | null,
  reserved: Iterable<string> = [],
): TreeChange | null {
  const parentPath = parent ?? [];
  if (parentPath.length + 1 > FRAMEWORK_LIMITS.depth) return null;
  if (parentPath.length > 0 && !getSection(sections, parentPath)) return null;
  const section = emptySection(newSectionKey(sections, parent, reserved));
  let index = 0;
  const next = updateChildren(sections, parent, (list) => {
    index = list.length;
    return [...list, section];
  });
  return { sections: next, ref: sectionRef([...parentPath, index]) };
}

/**
 * Adds a question to a section: after `after` (an index) or at its end. The key is new and
 * unique, and none of `reserved`; the type is yes/no unless given.
 */
export function addQuestion(
  sections: readonly Section[],
  sectionPath: readonly number[],
  options: { after?: number; type?: QuestionType; reserved?: Iterable<string> } = {},
): TreeChange | null {
  const section = getSection(sections, sectionPath);
  if (!section) return null;
  const question = newQuestion(
    newQuestionKey(sections, sectionPath, options.reserved),
    options.type ?? 'yes_no',
  );
  const index = options.after === undefined ? section.questions.length : options.after + 1;
  const next = updateSection(sections, sectionPath, (s) => ({
    ...s,
    questions: [...s.questions.slice(0, index), question, ...s.questions.slice(index)],
  }));
  return { sections: next, ref: questionRef(sectionPath, index) };
}

/** The tree without the node at `ref` (a section goes with everything in it). */
export function removeNode(sections: readonly Section[], ref: NodeRef): Section[] {
  const parsed = parseRef(ref);
  if (!parsed) return [...sections];
  const { sectionPath, question } = parsed;
  if (question !== null) {
    return updateSection(sections, sectionPath, (s) => ({
      ...s,
      questions: s.questions.filter((_, i) => i !== question),
    }));
  }
  const index = sectionPath[sectionPath.length - 1] as number;
  return updateChildren(sections, sectionPath.slice(0, -1), (list) =>
    list.filter((_, i) => i !== index),
  );
}

/** Moves a node one place up (-1) or down (+1) among its siblings; null at either end. */
export function moveNode(
  sections: readonly Section[],
  ref: NodeRef,
  delta: -1 | 1,
): TreeChange | null {
  const parsed = parseRef(ref);
  if (!parsed || !getNode(sections, ref)) return null;
  const { sectionPath, question } = parsed;
  const swap = <T>(list: T[], i: number): T[] | null => {
    const j = i + delta;
    if (j < 0 || j >= list.length) return null;
    const out = [...list];
    [out[i], out[j]] = [out[j] as T, out[i] as T];
    return out;
  };
  if (question !== null) {
    const section = getSection(sections, sectionPath) as Section;
    const questions = swap(section.questions, question);
    if (!questions) return null;
    return {
      sections: updateSection(sections, sectionPath, (s) => ({ ...s, questions })),
      ref: questionRef(sectionPath, question + delta),
    };
  }
  const parent = sectionPath.slice(0, -1);
  const index = sectionPath[sectionPath.length - 1] as number;
  const siblings = parent.length
    ? (getSection(sections, parent) as Section).sections
    : [...sections];
  const moved = swap(siblings, index);
  if (!moved) return null;
  return {
    sections: updateChildren(sections, parent, () => moved),
    ref: sectionRef([...parent, index + delta]),
  };
}

/** How many levels of sections a section spans (1 without sub-sections). */
function height(section: Section): number {
  return 1 + Math.max(0, ...section.sections.map(height));
}

const startsWith = (path: readonly number[], prefix: readonly number[]) =>
  prefix.length <= path.length && prefix.every((v, i) => path[i] === v);

/** Whether the node at `ref` may move into the section at `target` (null: the top level). */
export function canMoveInto(
  sections: readonly Section[],
  ref: NodeRef,
  target: readonly number[] | null,
): boolean {
  const parsed = parseRef(ref);
  const node = getNode(sections, ref);
  if (!parsed || !node) return false;
  if (node.kind === 'question') {
    // A question lives in a section, and moving it to where it is would change nothing.
    if (!target || target.length === 0 || !getSection(sections, target)) return false;
    return !(target.length === parsed.sectionPath.length && startsWith(target, parsed.sectionPath));
  }
  const targetPath = target ?? [];
  if (targetPath.length > 0 && !getSection(sections, targetPath)) return false;
  // Not into itself or below itself; not where it already is.
  if (startsWith(targetPath, parsed.sectionPath)) return false;
  const parent = parsed.sectionPath.slice(0, -1);
  if (parent.length === targetPath.length && startsWith(targetPath, parent)) return false;
  return targetPath.length + height(node.node) <= FRAMEWORK_LIMITS.depth;
}

/**
 * Moves a node to the end of another section (a section also to the top level, `null`). A
 * section that ends up nested loses its target (only top-level sections have one).
 */
export function moveNodeInto(
  sections: readonly Section[],
  ref: NodeRef,
  target: readonly number[] | null,
): TreeChange | null {
  if (!canMoveInto(sections, ref, target)) return null;
  const parsed = parseRef(ref) as ParsedRef;
  const node = getNode(sections, ref) as TreeNode;
  const without = removeNode(sections, ref);
  if (node.kind === 'question') {
    const targetPath = target as number[];
    const dest = getSection(without, targetPath) as Section;
    const index = dest.questions.length;
    return {
      sections: updateSection(without, targetPath, (s) => ({
        ...s,
        questions: [...s.questions, node.node],
      })),
      ref: questionRef(targetPath, index),
    };
  }
  // Removing the section shifts its later siblings (and what is below them) up by one.
  const removedParent = parsed.sectionPath.slice(0, -1);
  const removedIndex = parsed.sectionPath[parsed.sectionPath.length - 1] as number;
  const targetPath = [...(target ?? [])];
  const level = removedParent.length;
  if (
    targetPath.length > level &&
    startsWith(targetPath, removedParent) &&
    (targetPath[level] as number) > removedIndex
  ) {
    targetPath[level] = (targetPath[level] as number) - 1;
  }
  const moved: Section = targetPath.length > 0 ? { ...node.node, target: null } : node.node;
  let index = 0;
  const next = updateChildren(without, targetPath.length ? targetPath : null, (list) => {
    index = list.length;
    return [...list, moved];
  });
  return { sections: next, ref: sectionRef([...targetPath, index]) };
}

export interface MoveTarget {
  /** The section's indices; null is the top level. */
  path: number[] | null;
  key: string;
  title: string;
  depth: number;
}

/** Where the node at `ref` may move to, in reading order. */
export function moveTargets(sections: readonly Section[], ref: NodeRef): MoveTarget[] {
  const out: MoveTarget[] = [];
  if (canMoveInto(sections, ref, null))
    out.push({ path: null, key: '', title: t('tree.topLevel'), depth: 0 });
  const walk = (list: readonly Section[], above: number[]) => {
    list.forEach((s, i) => {
      const path = [...above, i];
      if (canMoveInto(sections, ref, path)) {
        out.push({ path, key: s.key, title: s.title, depth: path.length });
      }
      walk(s.sections, path);
    });
  };
  walk(sections, []);
  return out;
}

/** What deleting a section takes with it. */
export function countWithin(section: Section): { sections: number; questions: number } {
  let sectionsCount = 0;
  let questions = section.questions.length;
  for (const child of section.sections) {
    const c = countWithin(child);
    sectionsCount += 1 + c.sections;
    questions += c.questions;
  }
  return { sections: sectionsCount, questions };
}

export interface TreeRow {
  nodeRef: NodeRef;
  kind: 'section' | 'question';
  nodeKey: string;
  title: string;
  /** 1 for a top-level section. */
  depth: number;
  questionType: QuestionType | null;
  /** Sections: whether it has anything inside. */
  hasChildren: boolean;
  /** Sections: shown open. */
  expanded: boolean;
}

/**
 * The rows the tree shows, in reading order: a section's questions, then its sub-sections;
 * nothing below a section whose key is in `collapsed`.
 */
export function visibleRows(
  sections: readonly Section[],
  collapsed: ReadonlySet<string>,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (list: readonly Section[], above: number[]) => {
    list.forEach((s, i) => {
      const path = [...above, i];
      const expanded = !collapsed.has(s.key);
      rows.push({
        nodeRef: sectionRef(path),
        kind: 'section',
        nodeKey: s.key,
        title: s.title,
        depth: path.length,
        questionType: null,
        hasChildren: s.questions.length + s.sections.length > 0,
        expanded,
      });
      if (!expanded) return;
      s.questions.forEach((q, j) =>
        rows.push({
          nodeRef: questionRef(path, j),
          kind: 'question',
          nodeKey: q.key,
          title: q.title,
          depth: path.length + 1,
          questionType: q.type,
          hasChildren: false,
          expanded: false,
        }),
      );
      walk(s.sections, path);
    });
  };
  walk(sections, []);
  return rows;
}

/** The keys of every section (to collapse them all). */
export function sectionKeys(sections: readonly Section[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly Section[]) => {
    for (const s of list) {
      out.push(s.key);
      walk(s.sections);
    }
  };
  walk(sections);
  return out;
}

/** The node's place among its siblings (to know whether it can move up or down). */
export function siblingPosition(
  sections: readonly Section[],
  ref: NodeRef,
): { index: number; count: number } | null {
  const parsed = parseRef(ref);
  if (!parsed || !getNode(sections, ref)) return null;
  const { sectionPath, question } = parsed;
  if (question !== null) {
    return {
      index: question,
      count: (getSection(sections, sectionPath) as Section).questions.length,
    };
  }
  const parent = sectionPath.slice(0, -1);
  const count = parent.length
    ? (getSection(sections, parent) as Section).sections.length
    : sections.length;
  return { index: sectionPath[sectionPath.length - 1] as number, count };
}

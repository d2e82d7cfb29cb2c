import { FRAMEWORK_LIMITS, parseFrameworkDocument, type Section } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  addSection,
  ancestorRefs,
  canMoveInto,
  collectKeys,
  emptySection,
  getNode,
  moveNode,
  moveNodeInto,
  moveTargets,
  newQuestionKey,
  newSectionKey,
  parseRef,
  questionRef,
  refOfPath,
  removeNode,
  sectionRef,
  siblingPosition,
  visibleRows,
} from './framework-tree.ts';
import { newQuestion } from './question-types.ts';

function section(key: string, questions: string[] = [], sections: Section[] = []): Section {
  return {
    ...emptySection(key, `Section ${key}`),
    questions: questions.map((k) => newQuestion(k, 'yes_no', `Question ${k}`)),
    sections,
  };
}

/** GV (GV-01, GV-02; GV.OC (GV.OC-01)), ID (ID-01) */
function tree(): Section[] {
  return [
    section('GV', ['GV-01', 'GV-02'], [section('GV.OC', ['GV.OC-01'])]),
    section('ID', ['ID-01']),
  ];
}

/** Every key in reading order: each once. */
function allKeys(sections: Section[]): string[] {
  const out: string[] = [];
  const walk = (list: Section[]) => {
    for (const s of list) {
      out.push(s.key, ...s.questions.map((q) => q.key));
      walk(s.sections);
    }
  };
  walk(sections);
  return out;
}

function expectUniqueAndValid(sections: Section[]) {
  const keys = allKeys(sections);
  expect(new Set(keys).size).toBe(keys.length);
  const parsed = parseFrameworkDocument({
    format: 'tenantry.framework/1',
    key: 'test',
    name: 'Test',
    sections,
  });
  expect(parsed.ok ? [] : parsed.problems).toEqual([]);
}

describe('refs', () => {
  it('names sections and questions by their place', () => {
    expect(sectionRef([0, 2])).toBe('sections.0.sections.2');
    expect(questionRef([1], 3)).toBe('sections.1.questions.3');
    expect(parseRef('sections.0.sections.2')).toEqual({ sectionPath: [0, 2], question: null });
    expect(parseRef('sections.1.questions.3')).toEqual({ sectionPath: [1], question: 3 });
    expect(parseRef('')).toBeNull();
    expect(parseRef('name')).toBeNull();
    expect(parseRef('sections.0.title')).toBeNull();
  });

  it('finds the node a field belongs to', () => {
    expect(refOfPath('sections.1.questions.4.options.0.score')).toBe('sections.1.questions.4');
    expect(refOfPath('sections.0.sections.1.title')).toBe('sections.0.sections.1');
    expect(refOfPath('source.url')).toBe('');
    expect(refOfPath('sections')).toBe('');
    expect(ancestorRefs('sections.0.sections.1.questions.2')).toEqual([
      'sections.0',
      'sections.0.sections.1',
    ]);
    expect(ancestorRefs('sections.0.sections.1')).toEqual(['sections.0']);
  });

  it('reads nodes and their depth', () => {
    const t = tree();
    expect(getNode(t, 'sections.0.sections.0')).toMatchObject({ kind: 'section', depth: 2 });
    expect(getNode(t, 'sections.0.sections.0.questions.0')?.node.key).toBe('GV.OC-01');
    expect(getNode(t, 'sections.5')).toBeNull();
    expect(siblingPosition(t, 'sections.0.questions.1')).toEqual({ index: 1, count: 2 });
    expect(siblingPosition(t, 'sections.1')).toEqual({ index: 1, count: 2 });
  });
});

describe('adding', () => {
  it('gives a new section a key no node has', () => {
    const t = [...tree(), section('S3')];
    expect(newSectionKey(t, null)).toBe('S4');
    expect(newSectionKey(t, [0])).toBe('GV.2');
    const added = addSection(t, [0]);
    expect(added?.ref).toBe('sections.0.sections.1');
    expect(getNode(added!.sections, added!.ref)?.node.key).toBe('GV.2');
    expectUniqueAndValid(added!.sections);
  });

  it('gives a new question the next free key of its section, after the chosen one', () => {
    const t = tree();
    expect(newQuestionKey(t, [0])).toBe('GV-03');
    // GV-02 exists: adding to a section named like that skips taken keys.
    const crowded = [section('GV', ['GV-01', 'GV-03'])];
    expect(newQuestionKey(crowded, [0])).toBe('GV-04');
    const added = addQuestion(t, [0], { after: 0 });
    expect(added?.ref).toBe('sections.0.questions.1');
    expect(getNode(added!.sections, 'sections.0.questions.1')?.node.key).toBe('GV-03');
    expect(getNode(added!.sections, 'sections.0.questions.2')?.node.key).toBe('GV-02');
    expectUniqueAndValid(added!.sections);
  });

  it('keeps keys unique over many additions, and falls back when a parent key is unusable', () => {
    let t: Section[] = [];
    for (let i = 0; i < 5; i++) t = addSection(t, null)!.sections;
    for (let i = 0; i < 12; i++) t = addQuestion(t, [2])!.sections;
    for (let i = 0; i < 3; i++) t = addSection(t, [2])!.sections;
    expectUniqueAndValid(t);
    const long = [section('x'.repeat(FRAMEWORK_LIMITS.key))];
    expect(newQuestionKey(long, [0])).toBe('Q01');
    expect(newSectionKey(long, [0])).toBe('S1');
  });

  it('refuses a section deeper than the limit', () => {
    let t: Section[] = [section('A')];
    let path = [0];
    for (let depth = 2; depth <= FRAMEWORK_LIMITS.depth; depth++) {
      const added = addSection(t, path)!;
      t = added.sections;
      path = parseRef(added.ref)!.sectionPath;
    }
    expect(addSection(t, path)).toBeNull();
  });

  it('leaves untouched branches shared', () => {
    const t = tree();
    const added = addQuestion(t, [1])!;
    expect(added.sections[0]).toBe(t[0]);
    expect(added.sections[1]).not.toBe(t[1]);
  });
});

describe('moving', () => {
  it('moves up and down among siblings, not past either end', () => {
    const t = tree();
    const down = moveNode(t, 'sections.0.questions.0', 1)!;
    expect(down.ref).toBe('sections.0.questions.1');
    expect(allKeys(down.sections).slice(0, 3)).toEqual(['GV', 'GV-02', 'GV-01']);
    expect(moveNode(t, 'sections.0.questions.1', 1)).toBeNull();
    expect(moveNode(t, 'sections.0', -1)).toBeNull();
    const up = moveNode(t, 'sections.1', -1)!;
    expect(up.ref).toBe('sections.0');
    expect(up.sections.map((s) => s.key)).toEqual(['ID', 'GV']);
    expectUniqueAndValid(up.sections);
  });

  it('moves a question into another section, at its end', () => {
    const moved = moveNodeInto(tree(), 'sections.0.questions.0', [1])!;
    expect(moved.ref).toBe('sections.1.questions.1');
    expect(getNode(moved.sections, moved.ref)?.node.key).toBe('GV-01');
    expect(moved.sections[0]!.questions.map((q) => q.key)).toEqual(['GV-02']);
    expectUniqueAndValid(moved.sections);
  });

  it('moves a section into a later sibling (whose place shifts) and back to the top', () => {
    const t = [section('A', ['A-1'], [section('A.1')]), section('B'), section('C', ['C-1'])];
    t[0] = { ...t[0]!, target: 0.8 };
    const into = moveNodeInto(t, 'sections.0', [2])!;
    expect(into.sections.map((s) => s.key)).toEqual(['B', 'C']);
    expect(into.ref).toBe('sections.1.sections.0');
    const moved = getNode(into.sections, into.ref)!;
    expect(moved.node.key).toBe('A');
    // Nested now: a target belongs to top-level sections only.
    expect(moved.kind === 'section' && moved.node.target).toBeNull();
    expectUniqueAndValid(into.sections);

    const back = moveNodeInto(into.sections, 'sections.1.sections.0.sections.0', null)!;
    expect(back.ref).toBe('sections.2');
    expect(back.sections.map((s) => s.key)).toEqual(['B', 'C', 'A.1']);
    expectUniqueAndValid(back.sections);
  });

  it('never moves a section into itself or below itself, nor where it is', () => {
    const t = tree();
    expect(canMoveInto(t, 'sections.0', [0])).toBe(false);
    expect(canMoveInto(t, 'sections.0', [0, 0])).toBe(false);
    expect(canMoveInto(t, 'sections.0', null)).toBe(false);
    expect(canMoveInto(t, 'sections.0.sections.0', [0])).toBe(false);
    expect(canMoveInto(t, 'sections.0.sections.0', null)).toBe(true);
    expect(canMoveInto(t, 'sections.0.questions.0', [0])).toBe(false);
    expect(canMoveInto(t, 'sections.0.questions.0', null)).toBe(false);
    expect(moveTargets(t, 'sections.0').map((m) => m.key)).toEqual(['ID']);
    expect(moveTargets(t, 'sections.0.sections.0').map((m) => m.title)).toEqual([
      'Top level',
      'Section ID',
    ]);
    expect(moveTargets(t, 'sections.1.questions.0').map((m) => m.key)).toEqual(['GV', 'GV.OC']);
  });
});

describe('deleting', () => {
  it('removes a question, or a section with everything in it; the rest keep their keys', () => {
    const t = tree();
    const noQuestion = removeNode(t, 'sections.0.questions.0');
    expect(allKeys(noQuestion)).toEqual(['GV', 'GV-02', 'GV.OC', 'GV.OC-01', 'ID', 'ID-01']);
    const noSection = removeNode(t, 'sections.0.sections.0');
    expect(allKeys(noSection)).toEqual(['GV', 'GV-01', 'GV-02', 'ID', 'ID-01']);
    expectUniqueAndValid(noSection);
    // A key freed by a delete is not given again while it is reserved (a published version or
    // the saved draft used it); unreserved, it may be.
    const without = removeNode(t, 'sections.0.questions.1');
    const reserved = addQuestion(without, [0], { reserved: collectKeys(t) })!;
    expect(collectKeys(reserved.sections).has('GV-02')).toBe(false);
    expect(getNode(reserved.sections, 'sections.0.questions.1')?.node.key).toBe('GV-03');
    expect(addSection(without, [0], ['GV.2'])?.sections[0]!.sections[1]!.key).toBe('GV.3');
    const again = addQuestion(without, [0])!;
    expect(collectKeys(again.sections).has('GV-02')).toBe(true);
    expectUniqueAndValid(again.sections);
  });
});

describe('visible rows', () => {
  it('lists a section, its questions, then its sub-sections; nothing below a collapsed one', () => {
    const rows = visibleRows(tree(), new Set());
    expect(rows.map((r) => `${r.depth}:${r.nodeKey}`)).toEqual([
      '1:GV',
      '2:GV-01',
      '2:GV-02',
      '2:GV.OC',
      '3:GV.OC-01',
      '1:ID',
      '2:ID-01',
    ]);
    const closed = visibleRows(tree(), new Set(['GV']));
    expect(closed.map((r) => r.nodeKey)).toEqual(['GV', 'ID', 'ID-01']);
    expect(closed[0]).toMatchObject({ expanded: false, hasChildren: true, nodeRef: 'sections.0' });
  });
});

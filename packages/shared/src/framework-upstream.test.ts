import { describe, expect, it } from 'vitest';
import { takeUpstreamChanges, upstreamChanges } from './framework-upstream.ts';
import { parseFrameworkDocument, type FrameworkDocument } from './frameworks.schemas.ts';

function doc(sections: unknown[], extra: Record<string, unknown> = {}): FrameworkDocument {
  const parsed = parseFrameworkDocument({
    format: 'tenantry.framework/1',
    key: 'f',
    name: 'F',
    sections,
    ...extra,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.document;
}
const q = (key: string, title = key, more: Record<string, unknown> = {}) => ({
  key,
  title,
  type: 'yes_no',
  ...more,
});

const base = doc([
  { key: 'A', title: 'A', questions: [q('A1'), q('A2'), q('A3')] },
  { key: 'B', title: 'B', questions: [q('B1')] },
]);

describe('upstream changes of a fork', () => {
  it('classifies each change and marks the fork’s own edits as conflicts', () => {
    const theirs = doc([
      { key: 'A', title: 'A', target: 0.9, questions: [q('A1', 'A1 new'), q('A3'), q('A4')] },
      { key: 'B', title: 'B', questions: [q('B1', 'B1', { weight: 2 })] },
      { key: 'C', title: 'C', questions: [q('C1')] },
    ]);
    const mine = doc([
      { key: 'A', title: 'A', questions: [q('A1', 'A1 mine'), q('A2', 'A2 mine'), q('A3')] },
      { key: 'B', title: 'B', questions: [q('B1', 'B1 mine')] },
    ]);
    const changes = new Map(upstreamChanges(base, theirs, mine).map((c) => [c.id, c]));
    expect(changes.get('A')).toMatchObject({
      change: 'changed',
      fields: ['target'],
      conflict: false,
    });
    expect(changes.get('A1')).toMatchObject({ conflict: true, conflictFields: ['title'] });
    expect(changes.get('A2')).toMatchObject({ change: 'removed', conflict: true, own: 'edited' });
    expect(changes.get('B1')).toMatchObject({ fields: ['weight'], conflict: false });
    expect(changes.get('C')).toMatchObject({ change: 'added', kind: 'section' });
    expect(changes.get('A4')).toMatchObject({ change: 'added', path: ['A'] });

    const all = [...changes.keys()].map((id) => ({ id }));
    const kept = takeUpstreamChanges(base, theirs, mine, all).document;
    // Own edits kept (title of A1 and B1, edited A2 not removed); the rest taken.
    expect(kept).toEqual(
      doc([
        {
          key: 'A',
          title: 'A',
          target: 0.9,
          questions: [q('A1', 'A1 mine'), q('A2', 'A2 mine'), q('A3'), q('A4')],
        },
        { key: 'B', title: 'B', questions: [q('B1', 'B1 mine', { weight: 2 })] },
        { key: 'C', title: 'C', questions: [q('C1')] },
      ]),
    );
    const theirsTaken = takeUpstreamChanges(
      base,
      theirs,
      mine,
      all.map((c) => ({ ...c, keep: 'upstream' as const })),
    ).document;
    const byKey = new Map(upstreamChanges(theirs, theirsTaken, theirsTaken).map((c) => [c.id, c]));
    // Only B1's own title is left: its weight came from upstream, its title is a field the
    // upstream did not change.
    expect([...byKey.keys()]).toEqual(['B1']);
    expect(byKey.get('B1')!.fields).toEqual(['title']);
  });

  it('moves a node where the upstream moved it and brings a new section’s parent along', () => {
    const theirs = doc([
      { key: 'A', title: 'A', questions: [q('A1'), q('A2')] },
      { key: 'B', title: 'B', questions: [q('A3'), q('B1')] },
      { key: 'N', title: 'N', questions: [q('N1')] },
    ]);
    const taken = takeUpstreamChanges(base, theirs, base, [{ id: 'A3' }, { id: 'N1' }]);
    expect(taken.document.sections.map((s) => [s.key, s.questions.map((x) => x.key)])).toEqual([
      ['A', ['A1', 'A2']],
      ['B', ['A3', 'B1']],
      ['N', ['N1']],
    ]);
  });
});

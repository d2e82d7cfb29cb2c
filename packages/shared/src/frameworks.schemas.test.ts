import { describe, expect, it } from 'vitest';
import { diffFrameworks } from './framework-diff.ts';
import { parseFrameworkDocument, type FrameworkDocument } from './frameworks.schemas.ts';

const base = {
  format: 'tenantry.framework/1',
  key: 'f',
  name: 'F',
  sections: [
    {
      key: 'A',
      title: 'A',
      questions: [
        { key: 'A1', title: 'One', type: 'yes_no' },
        {
          key: 'A2',
          title: 'Two',
          type: 'single_choice',
          options: [
            { key: 'x', label: 'X', score: 1 },
            { key: 'y', label: 'Y', score: 0 },
          ],
        },
      ],
    },
  ],
};

function parse(input: unknown): FrameworkDocument {
  const r = parseFrameworkDocument(input);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.document;
}

describe('framework documents', () => {
  it('fill in defaults (canonical form) and parse again to the same document', () => {
    const d = parse(base);
    expect(d.sections[0]!.questions[0]).toEqual({
      key: 'A1',
      title: 'One',
      description: '',
      guidance: '',
      weight: 1,
      tags: [],
      naAllowed: false,
      playbooks: [],
      type: 'yes_no',
    });
    expect(parse(JSON.parse(JSON.stringify(d)))).toEqual(d);
  });

  it('name every problem by its path in the file', () => {
    const r = parseFrameworkDocument({
      format: 'nope',
      key: 'Bad Key',
      name: '',
      sections: [
        { key: 'A', title: 'A', questions: [{ key: 'n', title: 'n', type: 'number', bands: [] }] },
      ],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(['format', 'key', 'name', 'sections[0].questions[0].bands']),
    );
    expect(parseFrameworkDocument(null).ok).toBe(false);
    expect(parseFrameworkDocument('text').ok).toBe(false);
  });

  it('refuse nesting deeper than 8 and more than one node per key', () => {
    let section: Record<string, unknown> = {
      key: 'L9',
      title: 'deep',
      questions: [{ key: 'q', title: 'q', type: 'text' }],
    };
    for (let i = 8; i >= 1; i--) section = { key: `L${i}`, title: 'x', sections: [section] };
    const r = parseFrameworkDocument({ ...base, sections: [section] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]?.message).toMatch(/nest at most 8/);
  });
});

describe('the diff by stable key', () => {
  it('lists added, removed and changed nodes, marks answer-affecting changes, ignores moves of order', () => {
    const from = parse(base);
    const to = parse({
      ...base,
      sections: [
        {
          key: 'A',
          title: 'A',
          questions: [
            {
              key: 'A2',
              title: 'Two',
              type: 'single_choice',
              weight: 2,
              options: [
                { key: 'x', label: 'X', score: 1 },
                { key: 'y', label: 'Y', score: 0.5 },
              ],
            },
            { key: 'A3', title: 'Three', type: 'text' },
          ],
        },
      ],
    });
    const d = diffFrameworks(from, to);
    expect(d.added.map((n) => n.key)).toEqual(['A3']);
    expect(d.removed.map((n) => n.key)).toEqual(['A1']);
    expect(d.changed).toEqual([
      expect.objectContaining({ key: 'A2', fields: ['options', 'weight'], affectsAnswers: true }),
    ]);
    expect(diffFrameworks(from, from)).toEqual({
      added: [],
      removed: [],
      changed: [],
      metadataChanged: false,
    });
  });
});

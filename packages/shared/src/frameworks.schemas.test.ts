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

  /** A file whose sections nest `depth` deep, built without recursion. */
  function nested(depth: number): Record<string, unknown> {
    let section: Record<string, unknown> = { key: `L${depth}`, title: 'deep', sections: [] };
    for (let i = depth - 1; i >= 1; i--)
      section = { key: `L${i}`, title: 'x', sections: [section] };
    return { ...base, sections: [section] };
  }

  it.each([9, 1_000, 10_000, 100_000])(
    'refuse a file nested %i deep before any recursive walk, naming the first level too deep',
    (depth) => {
      const r = parseFrameworkDocument(nested(depth));
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.problems).toEqual([
        {
          path: Array.from({ length: 9 }, () => 'sections[0]').join('.'),
          message: 'sections nest at most 8 deep',
        },
      ]);
    },
  );

  it('refuse more than 5,000 questions before reading any of them, and every deep branch', () => {
    const many = Array.from({ length: 5_001 }, (_, i) => ({ key: `q${i}`, bad: true }));
    const r = parseFrameworkDocument({ ...base, sections: [{ key: 'A', questions: many }] });
    expect(r.ok ? [] : r.problems).toEqual([
      { path: 'sections', message: 'at most 5000 questions (this file has 5001)' },
    ]);
    const twoDeep = nested(12);
    const branch = nested(10).sections as unknown[];
    (twoDeep.sections as unknown[]).push(...branch);
    const r2 = parseFrameworkDocument(twoDeep);
    expect(r2.ok ? [] : r2.problems.map((p) => p.path)).toEqual([
      Array.from({ length: 9 }, () => 'sections[0]').join('.'),
      ['sections[1]', ...Array.from({ length: 8 }, () => 'sections[0]')].join('.'),
    ]);
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

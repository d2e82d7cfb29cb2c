import type { Question, Section } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { pathToNode, scoringLines, sectionQuestionCount } from './framework-tree.ts';
import { readLibraryQuery, writeLibraryQuery } from './library-query.ts';

const q = (key: string, extra: Partial<Question> = {}): Question =>
  ({
    key,
    title: key,
    description: '',
    guidance: '',
    weight: 1,
    tags: [],
    naAllowed: false,
    playbooks: [],
    type: 'yes_no',
    ...extra,
  }) as Question;

const section = (key: string, questions: Question[], sections: Section[] = []): Section => ({
  key,
  title: key,
  description: '',
  guidance: '',
  weight: 1,
  tags: [],
  questions,
  sections,
});

const TREE = [
  section('GV', [q('GV-01')], [section('GV.OC', [q('GV.OC-01'), q('GV.OC-02')])]),
  section('ID', [q('ID-01')]),
];

describe('framework tree', () => {
  it('counts the questions of a section and its subsections', () => {
    expect(sectionQuestionCount(TREE[0]!)).toBe(3);
    expect(sectionQuestionCount(TREE[1]!)).toBe(1);
  });

  it('finds the sections down to a node', () => {
    expect(pathToNode(TREE, 'GV.OC-02')).toEqual(['GV', 'GV.OC']);
    expect(pathToNode(TREE, 'GV.OC')).toEqual(['GV', 'GV.OC']);
    expect(pathToNode(TREE, 'GV-01')).toEqual(['GV']);
    expect(pathToNode(TREE, 'nope')).toBeNull();
  });

  it('says how answers score', () => {
    expect(scoringLines(q('a'))).toEqual(['Yes = 100 %', 'Partial = 50 %', 'No = 0 %']);
    expect(
      scoringLines(
        q('b', {
          type: 'number',
          unit: 'days',
          bands: [
            { min: 0, score: 1 },
            { min: 30, score: 0.5 },
          ],
        } as Partial<Question>),
      ),
    ).toEqual(['≥ 0 days = 100 %', '≥ 30 days = 50 %']);
  });
});

describe('library query', () => {
  it('reads and writes the URL query, ignoring an unknown scope', () => {
    const query = readLibraryQuery(new URLSearchParams('q=GV.OC&scope=nope&tag=nist&item=f1'));
    expect(query).toEqual({ q: 'GV.OC', scope: null, tag: 'nist', item: 'f1', node: null });
    expect(writeLibraryQuery({ q: 'GV.OC', scope: 'global', tag: '' })).toBe(
      '?q=GV.OC&scope=global',
    );
    expect(writeLibraryQuery({ q: '  ' })).toBe('');
  });
});

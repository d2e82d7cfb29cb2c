import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import {
  countProblems,
  describeProblemPath,
  documentErrors,
  errorAt,
  problemsOfError,
  problemsToFormErrors,
  toFormPath,
} from './document-problems.ts';

const DOC = {
  format: 'tenantry.framework/1',
  key: 'demo',
  name: 'Demo',
  sections: [
    {
      key: 'GV',
      title: 'Govern',
      questions: [
        {
          key: 'GV-01',
          title: 'Choice',
          type: 'single_choice',
          options: [
            { key: 'a', label: 'A', score: 1 },
            { key: 'a', label: 'B', score: 2 },
          ],
        },
      ],
      sections: [{ key: 'GV', title: '' }],
    },
  ],
};

describe('document problems', () => {
  it('turns file paths into form paths', () => {
    expect(toFormPath('sections[2].questions[5].options[1].score')).toBe(
      'sections.2.questions.5.options.1.score',
    );
    expect(toFormPath('source.url')).toBe('source.url');
    expect(toFormPath('(document)')).toBe('');
  });

  it('checks a document as the server does, keyed by form path', () => {
    const errors = documentErrors(DOC);
    expect(errors['sections.0.questions.0.options.1.score']).toBe('must be ≤ 1');
    expect(errors['sections.0.sections.0.title']).toBe('must not be empty');
    // The structural rules come once the fields are well-formed.
    expect(
      documentErrors({
        ...DOC,
        sections: [
          { key: 'A', title: 'A' },
          { key: 'A', title: 'B' },
        ],
      }),
    ).toEqual({
      'sections.1.key': '"A" is already used at sections[0]',
    });
    expect(documentErrors({ format: 'tenantry.framework/1', key: 'x', name: 'X' })).toEqual({});
  });

  it('joins two problems on one path, and names a whole-file problem', () => {
    expect(
      problemsToFormErrors([
        { path: 'name', message: 'must not be empty' },
        { path: 'name', message: 'too long' },
        { path: '(document)', message: 'must be an object' },
      ]),
    ).toEqual({ name: 'must not be empty; too long', format: 'must be an object' });
  });

  it('reads the problems of a 400 invalid_document answer only', () => {
    const err = new ApiError(400, 'content.invalid_document', '2 problems', {
      'sections[0].key': 'bad',
      name: 'empty',
    });
    expect(problemsOfError(err)).toEqual([
      { path: 'sections[0].key', message: 'bad' },
      { path: 'name', message: 'empty' },
    ]);
    expect(problemsOfError(new ApiError(400, 'common.validation', 'x', { a: 'b' }))).toBeNull();
    expect(problemsOfError(new Error('x'))).toBeNull();
  });

  it('counts problems per node and within sections', () => {
    const counts = countProblems({
      name: 'x',
      'sections.0.title': 'x',
      'sections.0.questions.1.options.0.score': 'x',
      'sections.0.sections.1.questions.0.key': 'x',
    });
    expect(counts.own.get('')).toBe(1);
    expect(counts.own.get('sections.0')).toBe(1);
    expect(counts.own.get('sections.0.questions.1')).toBe(1);
    expect(counts.within.get('sections.0')).toBe(3);
    expect(counts.within.get('sections.0.sections.1')).toBe(1);
  });

  it('finds the error at a field or below it', () => {
    const errors = { 'sections.0.options.1.score': 'too high', 'sections.0.key': 'taken' };
    expect(errorAt(errors, 'sections.0.options')).toBe('too high');
    expect(errorAt(errors, 'sections.0.key')).toBe('taken');
    expect(errorAt(errors, 'sections.0.ke')).toBeUndefined();
  });

  it('says where a problem is in words, by the keys in the file', () => {
    expect(describeProblemPath(DOC, 'sections[0].questions[0].options[1].score')).toBe(
      'Section GV › question GV-01 › option 2 (a) › score',
    );
    expect(describeProblemPath(DOC, 'sections[0].sections[0].title')).toBe(
      'Section GV › section GV › title',
    );
    expect(describeProblemPath(DOC, 'sections[3].questions[2].key')).toBe(
      'Section 4 › question 3 › key',
    );
    expect(describeProblemPath(DOC, 'source.url')).toBe('Framework › source › URL');
    expect(describeProblemPath(DOC, '(document)')).toBe('The whole file');
    expect(describeProblemPath(null, 'sections[0].questions[1].levels[2]')).toBe(
      'Section 1 › question 2 › label of level 2',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { DOC } from '../test/fixtures.ts';
import {
  EMPTY_START_FORM,
  defaultAssessmentName,
  defaultTargets,
  fromPercent,
  questionTags,
  scopeSections,
  scopeSize,
  startFormErrors,
  tickStates,
  toCreateBody,
  toggleSection,
  type StartFormValues,
} from './start-form.ts';

const values = (v: Partial<StartFormValues>): StartFormValues => ({
  ...EMPTY_START_FORM,
  frameworkId: 'f1',
  version: '2',
  name: 'MSP – March 2026',
  targets: defaultTargets(DOC),
  ...v,
});

describe('the start dialog', () => {
  it('names an assessment after its framework and month', () => {
    expect(defaultAssessmentName('NIST CSF 2.0', new Date(2026, 2, 14), 'en-GB')).toBe(
      'NIST CSF 2.0 – March 2026',
    );
  });

  it('starts targets from the framework’s defaults, in percent', () => {
    expect(defaultTargets(DOC)).toEqual({ identity: 80, data: '' });
    expect(fromPercent(75)).toBe(0.75);
    expect(fromPercent('')).toBeNull();
    expect(fromPercent(140)).toBe(1);
  });

  it('lists the questions’ tags with how many carry each', () => {
    expect(questionTags(DOC)).toEqual([
      { tag: 'ig1', count: 2 },
      { tag: 'ig2', count: 1 },
    ]);
  });

  it('ticks sections as a tree: a ticked section implies everything below it', () => {
    let ticked = toggleSection(DOC, [], 'identity.admin', true);
    expect(tickStates(DOC, ticked)).toEqual(
      new Map([
        ['identity.admin', 'ticked'],
        ['identity', 'partial'],
        ['data', 'none'],
      ]),
    );
    ticked = toggleSection(DOC, ticked, 'identity', true);
    expect(ticked).toEqual(['identity']);
    expect(tickStates(DOC, ticked).get('identity.admin')).toBe('implied');
    expect(scopeSections(DOC, [...ticked, 'data'])).toEqual(['identity', 'data']);
    expect(toggleSection(DOC, ['identity', 'data'], 'identity', false)).toEqual(['data']);
  });

  it('counts the questions in a scope as the server cuts it', () => {
    expect(scopeSize(DOC, { sections: null, tags: null })).toEqual({
      questions: 6,
      top: ['identity', 'data'],
    });
    expect(scopeSize(DOC, { sections: ['identity.admin'], tags: null })).toEqual({
      questions: 1,
      top: ['identity'],
    });
    expect(scopeSize(DOC, { sections: null, tags: ['ig1'] }).questions).toBe(2);
  });

  it('builds the request: chosen scope, owner only when picked, changed targets only', () => {
    expect(toCreateBody(values({}), DOC)).toEqual({
      frameworkId: 'f1',
      version: 2,
      name: 'MSP – March 2026',
      dueDate: null,
      scope: { sections: null, tags: null },
      targets: {},
    });
    expect(
      toCreateBody(
        values({
          ownerId: 'u2',
          dueDate: '2026-04-30',
          scopeMode: 'sections',
          sections: ['identity.admin', 'data'],
          targets: { identity: '', data: 60 },
        }),
        DOC,
      ),
    ).toEqual({
      frameworkId: 'f1',
      version: 2,
      name: 'MSP – March 2026',
      ownerId: 'u2',
      dueDate: '2026-04-30',
      scope: { sections: ['identity.admin', 'data'], tags: null },
      targets: { identity: null, data: 0.6 },
    });
    // A section out of scope gets no target.
    expect(
      toCreateBody(
        values({ scopeMode: 'tags', tags: ['ig2'], targets: { identity: 90, data: 50 } }),
        DOC,
      ).targets,
    ).toEqual({ identity: 0.9 });
  });

  it('checks the form with the server’s schema, errors on the form’s own fields', () => {
    expect(startFormErrors({ ...EMPTY_START_FORM }, null)).toEqual({
      frameworkId: 'Choose a framework.',
    });
    expect(startFormErrors(values({ name: '  ' }), DOC)).toEqual({
      name: 'Give the assessment a name.',
    });
    expect(startFormErrors(values({ scopeMode: 'sections', sections: [] }), DOC)).toEqual({
      sections: 'Pick at least one section, or leave sections out for all.',
    });
    expect(startFormErrors(values({ scopeMode: 'tags', tags: ['nope'] }), DOC)).toEqual({
      tags: 'No question is in this scope.',
    });
    expect(startFormErrors(values({ dueDate: '2026-02-31' }), DOC)).toHaveProperty('dueDate');
    expect(startFormErrors(values({}), DOC)).toEqual({});
  });
});

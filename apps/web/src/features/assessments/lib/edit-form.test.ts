import { describe, expect, it } from 'vitest';
import { DETAIL } from '../test/fixtures.ts';
import { editFormErrors, editValuesOf, toUpdateBody } from './edit-form.ts';

describe('edit details', () => {
  it('fills the form from the assessment, targets in percent', () => {
    expect(editValuesOf(DETAIL)).toEqual({
      name: 'MSP Essentials – March 2026',
      ownerId: 'u1',
      dueDate: '2026-04-30',
      language: '',
      targets: { identity: 80, data: '' },
    });
  });

  it('sends only what changed', () => {
    expect(toUpdateBody(DETAIL, editValuesOf(DETAIL))).toEqual({});
    expect(
      toUpdateBody(DETAIL, {
        name: ' Renamed ',
        ownerId: 'u2',
        dueDate: '',
        language: 'de',
        targets: { identity: '', data: 50 },
      }),
    ).toEqual({
      name: 'Renamed',
      ownerId: 'u2',
      dueDate: null,
      language: 'de',
      targets: { identity: null, data: 0.5 },
    });
  });

  it('checks the change with the server’s schema', () => {
    expect(editFormErrors(DETAIL, { ...editValuesOf(DETAIL), name: '' })).toEqual({
      name: 'Give the assessment a name.',
    });
    expect(editFormErrors(DETAIL, editValuesOf(DETAIL))).toEqual({});
    expect(editFormErrors(DETAIL, { ...editValuesOf(DETAIL), language: 'it' })).toEqual({
      language: 'Choose one of the languages: en, de, fr, es, nl.',
    });
  });
});

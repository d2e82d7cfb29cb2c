import { describe, expect, it } from 'vitest';
import { MFA } from '../test/fixtures.ts';
import {
  EMPTY_NEW_TASK,
  EMPTY_RISK,
  checklistLines,
  detailsErrors,
  detailsOf,
  newTaskErrors,
  riskErrors,
  toCreateBody,
  toUpdateBody,
} from './task-form.ts';

describe('task forms', () => {
  it('turns “New task” into the request, one checklist item per line', () => {
    expect(checklistLines('  a \n\n b\r\n ')).toEqual(['a', 'b']);
    expect(
      toCreateBody({
        ...EMPTY_NEW_TASK,
        title: '  Patch it ',
        priority: 'high',
        dueDate: '2026-04-01',
        checklist: 'Find them\nPatch them',
      }),
    ).toEqual({
      title: 'Patch it',
      description: '',
      priority: 'high',
      assigneeId: null,
      dueDate: '2026-04-01',
      checklist: ['Find them', 'Patch them'],
    });
  });

  it('says what is wrong as the server would, a checklist item by its line', () => {
    expect(newTaskErrors(EMPTY_NEW_TASK)).toEqual({ title: 'Give the task a title.' });
    const errors = newTaskErrors({
      ...EMPTY_NEW_TASK,
      title: 'Patch',
      checklist: `ok\n${'x'.repeat(301)}`,
    });
    expect(errors.checklist).toBe('Item 2: At most 300 characters.');
    expect(newTaskErrors({ ...EMPTY_NEW_TASK, title: 'Patch' })).toEqual({});
  });

  it('sends only the details that changed', () => {
    const same = detailsOf(MFA);
    expect(toUpdateBody(MFA, same)).toEqual({});
    expect(detailsErrors(MFA, same)).toEqual({});
    expect(toUpdateBody(MFA, { ...same, title: ' New ', assigneeId: '', dueDate: '' })).toEqual({
      title: 'New',
      assigneeId: null,
      dueDate: null,
    });
    expect(detailsErrors(MFA, { ...same, title: ' ' })).toEqual({
      title: 'Give the task a title.',
    });
  });

  it('needs a reason and a review date to accept a risk', () => {
    expect(riskErrors(EMPTY_RISK)).toEqual({
      riskReason: 'Say why the risk is accepted.',
      riskReviewDate: 'Pick a date to review it again.',
    });
    expect(riskErrors({ riskReason: ' Cheap enough ', riskReviewDate: '2027-01-01' })).toEqual({});
  });
});

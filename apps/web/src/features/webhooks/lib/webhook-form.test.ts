import type { Webhook } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { EVENT_OPTIONS, formErrorsOf, initialValues, toCreate, toUpdate } from './webhook-form.ts';

const HOOK: Webhook = {
  id: 'w1',
  url: 'https://hooks.example.com/in',
  description: 'CI',
  events: ['task.created', 'assessment.completed'],
  enabled: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  lastDelivery: null,
};

describe('the endpoint form', () => {
  it('offers every event with its label', () => {
    expect(EVENT_OPTIONS.map((o) => o.value)).toContain('assessment.answer_added');
    expect(EVENT_OPTIONS.find((o) => o.value === 'task.created')?.label).toBe('Task created');
  });

  it('starts empty, or from the endpoint', () => {
    expect(initialValues()).toEqual({ url: '', description: '', events: [] });
    expect(initialValues(HOOK)).toEqual({
      url: HOOK.url,
      description: 'CI',
      events: ['task.created', 'assessment.completed'],
    });
  });

  it('trims what it sends', () => {
    expect(
      toCreate({ url: ' https://a.example/x ', description: ' Hi ', events: ['task.created'] }),
    ).toEqual({ url: 'https://a.example/x', description: 'Hi', events: ['task.created'] });
  });

  it('sends only what changed (events in any order are the same)', () => {
    expect(toUpdate(initialValues(HOOK), HOOK)).toBeNull();
    expect(
      toUpdate({ ...initialValues(HOOK), events: ['assessment.completed', 'task.created'] }, HOOK),
    ).toBeNull();
    expect(toUpdate({ ...initialValues(HOOK), description: 'Nightly' }, HOOK)).toEqual({
      description: 'Nightly',
    });
    expect(toUpdate({ ...initialValues(HOOK), events: ['baseline.changed'] }, HOOK)).toEqual({
      events: ['baseline.changed'],
    });
  });

  it('maps a 400’s fields onto the form’s fields', () => {
    const err = new ApiError(400, 'common.validation', 'Check', {
      url: 'Use https.',
      'events.0': 'Not an event.',
    });
    expect(formErrorsOf(err)).toEqual({ url: 'Use https.', events: 'Not an event.' });
    expect(formErrorsOf(new ApiError(402, 'billing.feature_locked', 'Upgrade'))).toBeNull();
    expect(formErrorsOf(new Error('x'))).toBeNull();
  });
});

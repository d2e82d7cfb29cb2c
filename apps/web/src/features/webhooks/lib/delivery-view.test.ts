import { describe, expect, it } from 'vitest';
import { durationLabel, eventLabel, hasPending, responseLabel } from './delivery-view.ts';

describe('the delivery log’s words', () => {
  it('names events, the ping included', () => {
    expect(eventLabel('webhook.ping')).toBe('Test ping');
    expect(eventLabel('assessment.completed')).toBe('Assessment completed');
    expect(eventLabel('something.new')).toBe('something.new');
  });

  it('says what the endpoint answered', () => {
    expect(responseLabel({ responseStatus: 200, attempts: 1 })).toBe('200');
    expect(responseLabel({ responseStatus: null, attempts: 2 })).toBe('No answer');
    expect(responseLabel({ responseStatus: null, attempts: 0 })).toBe('—');
  });

  it('reads durations', () => {
    expect(durationLabel(null)).toBe('—');
    expect(durationLabel(85)).toBe('85 ms');
    expect(durationLabel(1234)).toBe('1.2 s');
  });

  it('knows when something is still pending', () => {
    const d = (status: 'pending' | 'succeeded') => ({ status }) as never;
    expect(hasPending(undefined)).toBe(false);
    expect(hasPending([{ items: [d('succeeded')], nextCursor: null }])).toBe(false);
    expect(hasPending([{ items: [d('succeeded'), d('pending')], nextCursor: null }])).toBe(true);
  });
});

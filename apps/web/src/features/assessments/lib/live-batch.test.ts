import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveBatch, type LiveChanges } from './live-batch.ts';

describe('live event batching', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes the first event at once and gathers later ones into one flush per interval', () => {
    const flushes: LiveChanges[] = [];
    const batch = new LiveBatch((c) => flushes.push(c), 500);
    batch.add({ assessmentId: 'a1', kinds: ['answer'] });
    expect(flushes).toHaveLength(1);
    expect([...flushes[0]!.keys()]).toEqual(['a1']);

    vi.advanceTimersByTime(100);
    batch.add({ assessmentId: 'a1', kinds: ['answer'] });
    batch.add({ assessmentId: 'a2', kinds: ['status'] });
    batch.add({ assessmentId: 'a1', kinds: ['respondent'] });
    expect(flushes).toHaveLength(1);
    vi.advanceTimersByTime(399);
    expect(flushes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(flushes).toHaveLength(2);
    expect(flushes[1]).toEqual(
      new Map([
        ['a1', new Set(['answer', 'respondent'])],
        ['a2', new Set(['status'])],
      ]),
    );

    // After a quiet spell, at once again.
    vi.advanceTimersByTime(2_000);
    batch.add({ assessmentId: 'a3', kinds: ['deleted'] });
    expect(flushes).toHaveLength(3);
  });

  it('drops what is pending when disposed', () => {
    const flush = vi.fn();
    const batch = new LiveBatch(flush, 500);
    batch.add({ assessmentId: 'a1', kinds: ['answer'] });
    batch.add({ assessmentId: 'a1', kinds: ['answer'] });
    batch.dispose();
    vi.advanceTimersByTime(1_000);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});

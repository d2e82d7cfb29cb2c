import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Jobs, Logger, SendOptions } from './index.ts';
import { every } from './periodic.ts';

const logger: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };

function fakeJobs() {
  const sent: Array<{ name: string; options?: SendOptions }> = [];
  const workers = new Map<string, (data: unknown) => Promise<void>>();
  const jobs: Jobs = {
    start: async () => {},
    stop: async () => {},
    stopWorking: async () => {},
    send: async (name, _data, options) => {
      sent.push({ name, options });
      return 'id';
    },
    work: async (name, handler) => {
      workers.set(name, handler as (data: unknown) => Promise<void>);
    },
  };
  return { jobs, sent, workers };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('every (periodic work through the queue)', () => {
  it('registers the worker, asks at once and then every period, once per slot, until stopped', async () => {
    vi.useFakeTimers();
    const { jobs, sent, workers } = fakeJobs();
    const run = vi.fn(async () => 3);
    const stop = await every(jobs, logger, {
      queue: 'test.periodic',
      everyMs: 60_000,
      singletonSeconds: 3600,
      run,
      did: 'did three things',
    });
    expect(sent).toEqual([
      {
        name: 'test.periodic',
        options: { singletonKey: 'test.periodic', singletonSeconds: 3600, retryLimit: 2 },
      },
    ]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toHaveLength(3);
    await workers.get('test.periodic')!({});
    expect(run).toHaveBeenCalledOnce();
    expect(logger.info).toHaveBeenCalledWith(
      { queue: 'test.periodic', result: 3 },
      'did three things',
    );
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sent).toHaveLength(3);
  });

  it('uses the period as the slot by default and logs nothing when nothing was done', async () => {
    const { jobs, sent, workers } = fakeJobs();
    const info = vi.fn();
    const stop = await every(
      jobs,
      { ...logger, info },
      {
        queue: 'test.quiet',
        everyMs: 30_000,
        retryLimit: 0,
        run: async () => ({ sent: 0, failed: 0 }),
        did: 'nothing',
      },
    );
    stop();
    expect(sent[0]?.options).toEqual({
      singletonKey: 'test.quiet',
      singletonSeconds: 30,
      retryLimit: 0,
    });
    await workers.get('test.quiet')!({});
    expect(info).not.toHaveBeenCalled();
  });
});

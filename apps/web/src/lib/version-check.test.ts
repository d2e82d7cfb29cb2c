import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVersionChecker } from './version-check.ts';

function answer(timestamp: number) {
  return new Response(JSON.stringify({ timestamp }), { status: 200 });
}

describe('version check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 30 s, then checks every 120 s with a cache-busting, uncached request', async () => {
    const fetch = vi.fn(async () => answer(1));
    const onNewVersion = vi.fn();
    const checker = createVersionChecker({ fetch, onNewVersion });
    checker.start();

    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/version.json?t=${Date.parse('2026-03-01T10:00:30Z')}`);
    expect(init).toEqual({ cache: 'no-store' });
    expect(checker.baseline).toBe(1);

    await vi.advanceTimersByTimeAsync(119_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((fetch.mock.calls[1] as unknown as [string])[0]).toBe(
      `/version.json?t=${Date.parse('2026-03-01T10:02:30Z')}`,
    );
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onNewVersion).not.toHaveBeenCalled();
    checker.stop();
  });

  it('the first success is the baseline; a different timestamp calls back once and stops polling', async () => {
    let timestamp = 100;
    const fetch = vi.fn(async () => answer(timestamp));
    const onNewVersion = vi.fn();
    const checker = createVersionChecker({ fetch, onNewVersion });
    checker.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(checker.baseline).toBe(100);
    timestamp = 200;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    expect(checker.newVersionAvailable).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 120_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a non-OK answer or a network error only warns; polling continues and no baseline is set', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response('down', { status: 503 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(7))
      .mockResolvedValueOnce(answer(8));
    const onNewVersion = vi.fn();
    const checker = createVersionChecker({ fetch, onNewVersion });
    checker.start();

    await vi.advanceTimersByTimeAsync(30_000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(checker.baseline).toBeNull();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(checker.baseline).toBeNull();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(checker.baseline).toBe(7);
    expect(onNewVersion).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('an answer without a numeric timestamp is ignored with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.fn(async () => new Response('{"nope":1}', { status: 200 }));
    const checker = createVersionChecker({ fetch, onNewVersion: vi.fn() });
    checker.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(checker.baseline).toBeNull();
    checker.stop();
  });

  it('stop() clears the timers', async () => {
    const fetch = vi.fn(async () => answer(1));
    const checker = createVersionChecker({ fetch, onNewVersion: vi.fn() });
    checker.start();
    checker.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetch).not.toHaveBeenCalled();
  });
});

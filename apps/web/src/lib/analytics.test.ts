import { ANALYTICS_ENDPOINT } from '@tenantry/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, pageViewEvent } from './analytics.ts';

const ok = () => new Response(null, { status: 202 });

function sentEvents(fetch: ReturnType<typeof vi.fn>, call = 0) {
  const init = fetch.mock.calls[call]?.[1] as RequestInit;
  return (JSON.parse(init.body as string) as { events: { name: string; path: string }[] }).events;
}

describe('analytics batching', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends queued events together after about one second', async () => {
    const fetch = vi.fn(async () => ok());
    const a = createAnalytics({ fetch, sendBeacon: vi.fn(() => true) });
    a.track(pageViewEvent('welcome', '/', {}));
    await vi.advanceTimersByTimeAsync(500);
    a.track(pageViewEvent('admin', '/admin/members', { tab: 'members' }));
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(ANALYTICS_ENDPOINT);
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(sentEvents(fetch).map((e) => e.path)).toEqual(['/', '/admin/members']);
    expect(a.pending()).toHaveLength(0);
  });

  it('sends at once when ten events are queued', async () => {
    const fetch = vi.fn(async () => ok());
    const a = createAnalytics({ fetch, sendBeacon: vi.fn(() => true) });
    for (let i = 0; i < 10; i += 1) a.track(pageViewEvent('roadmap', `/p${i}`, {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sentEvents(fetch)).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('hands queued events to sendBeacon as JSON when the page is hidden or closed', async () => {
    const fetch = vi.fn(async () => ok());
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    const a = createAnalytics({ fetch, sendBeacon: beacon });
    const detach = a.attach(window);
    a.track(pageViewEvent('support', '/support', {}));

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe(ANALYTICS_ENDPOINT);
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({
      events: [expect.objectContaining({ name: 'page_view', path: '/support' })],
    });

    a.track(pageViewEvent('roadmap', '/roadmap', {}));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).not.toHaveBeenCalled();
    detach();
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => 'visible',
    });
  });

  it('falls back to a keepalive fetch when sendBeacon refuses', () => {
    const fetch = vi.fn(async () => ok());
    const a = createAnalytics({ fetch, sendBeacon: () => false });
    a.track(pageViewEvent('support', '/support', {}));
    a.flushWithBeacon();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps events for the next flush when the network is down', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(ok());
    const a = createAnalytics({ fetch, sendBeacon: () => false });
    a.track(pageViewEvent('support', '/support', {}));
    await a.flush();
    expect(warn).toHaveBeenCalled();
    expect(a.pending()).toHaveLength(1);
    await a.flush();
    expect(a.pending()).toHaveLength(0);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('page_view fields', () => {
  it('title is the tab, else the route name; tab and focus are null when absent', () => {
    expect(pageViewEvent('roadmap', '/roadmap', {})).toEqual({
      name: 'page_view',
      path: '/roadmap',
      title: 'roadmap',
      tab: null,
      focus: null,
    });
    expect(
      pageViewEvent('contentAdmin', '/contentAdmin/frameworks/iso', {
        tab: 'frameworks',
        focus: 'iso',
      }),
    ).toEqual({
      name: 'page_view',
      path: '/contentAdmin/frameworks/iso',
      title: 'frameworks',
      tab: 'frameworks',
      focus: 'iso',
    });
  });

  it('occurredAt is the time the event was queued', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const fetch = vi.fn(async () => ok());
    const a = createAnalytics({ fetch, sendBeacon: () => true });
    a.track(pageViewEvent('welcome', '/', {}));
    expect(a.pending()[0]?.occurredAt).toBe('2026-03-01T10:00:00.000Z');
    vi.useRealTimers();
  });
});

// Values from zod-free files only: the guest pages' entry (src/guest) uses this queue too.
import type { AnalyticsEvent } from '@tenantry/shared';
import {
  ANALYTICS_ENDPOINT,
  MAX_ANALYTICS_BATCH,
  type AnalyticsEventName,
} from '@tenantry/shared/analytics.constants';
import { pageViewTitle, type ScreenName } from '@tenantry/shared/routes';

/**
 * Analytics queue: every navigation records page_view, and checkout outcomes record their
 * event. Events are batched: sent after FLUSH_DELAY_MS or once BATCH_SIZE are queued,
 * and handed to navigator.sendBeacon when the page is hidden or closed so none is lost.
 */
export const FLUSH_DELAY_MS = 1_000;
export const BATCH_SIZE = 10;
/** Events kept for a retry when the network is down; older ones are dropped beyond this. */
const MAX_QUEUED = 200;

export interface AnalyticsOptions {
  endpoint?: string;
  flushDelayMs?: number;
  batchSize?: number;
  fetch?: typeof fetch;
  sendBeacon?: (url: string, data: Blob) => boolean;
  now?: () => Date;
}

export interface Analytics {
  /** Queues one event; `occurredAt` defaults to now. */
  track(event: TrackInput): void;
  /** Sends everything queued with fetch; resolves once the server has answered. */
  flush(): Promise<void>;
  /** Sends everything queued with sendBeacon (page hidden or closing). */
  flushWithBeacon(): void;
  /** Listens for visibilitychange → hidden and pagehide; returns the detach function. */
  attach(win?: Window): () => void;
  /** Events queued and not yet sent (for tests and diagnostics). */
  pending(): readonly AnalyticsEvent[];
}

export type TrackInput = Omit<AnalyticsEvent, 'occurredAt'> & { occurredAt?: string };

const clip = (s: string | null | undefined, max: number) =>
  s === null || s === undefined ? null : s.slice(0, max);

export function createAnalytics(options: AnalyticsOptions = {}): Analytics {
  const endpoint = options.endpoint ?? ANALYTICS_ENDPOINT;
  const flushDelayMs = options.flushDelayMs ?? FLUSH_DELAY_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? fetch)(...args);
  const beacon =
    options.sendBeacon ??
    ((url: string, data: Blob) =>
      typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
        ? navigator.sendBeacon(url, data)
        : false);
  const now = options.now ?? (() => new Date());

  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function clearTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function takeBatch(): AnalyticsEvent[] {
    const batch = queue.slice(0, MAX_ANALYTICS_BATCH);
    queue = queue.slice(batch.length);
    return batch;
  }

  function requeue(events: AnalyticsEvent[]) {
    queue = [...events, ...queue].slice(-MAX_QUEUED);
  }

  const body = (events: AnalyticsEvent[]) => JSON.stringify({ events });

  function sendBeaconBatch(events: AnalyticsEvent[]): boolean {
    try {
      return beacon(endpoint, new Blob([body(events)], { type: 'application/json' }));
    } catch {
      return false;
    }
  }

  async function sendBatch(events: AnalyticsEvent[]): Promise<void> {
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body(events),
        credentials: 'same-origin',
        keepalive: true,
      });
    } catch (err) {
      // Network down: try the beacon, else keep the events for the next flush.
      if (!sendBeaconBatch(events)) requeue(events);
      console.warn('[analytics] could not send events', err);
      return;
    }
    if (!res.ok) {
      // The server refused them (a bad event, or rate limited): do not loop on them.
      console.warn(`[analytics] events refused: HTTP ${res.status}`);
    }
  }

  const api: Analytics = {
    track(event) {
      queue.push({
        name: event.name,
        path: event.path.slice(0, 2048),
        title: clip(event.title, 200),
        tab: clip(event.tab, 200),
        focus: clip(event.focus, 200),
        occurredAt: event.occurredAt ?? now().toISOString(),
      });
      if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
      if (queue.length >= batchSize) {
        void api.flush();
      } else if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          void api.flush();
        }, flushDelayMs);
      }
    },

    async flush() {
      clearTimer();
      const sends: Promise<void>[] = [];
      while (queue.length > 0) sends.push(sendBatch(takeBatch()));
      await Promise.all(sends);
    },

    flushWithBeacon() {
      clearTimer();
      while (queue.length > 0) {
        const batch = takeBatch();
        if (!sendBeaconBatch(batch)) {
          // No beacon (or refused): a keepalive fetch survives the page closing too.
          void sendBatch(batch);
        }
      }
    },

    attach(win = window) {
      const onVisibility = () => {
        if (win.document.visibilityState === 'hidden') api.flushWithBeacon();
      };
      const onPageHide = () => api.flushWithBeacon();
      win.document.addEventListener('visibilitychange', onVisibility);
      win.addEventListener('pagehide', onPageHide);
      return () => {
        win.document.removeEventListener('visibilitychange', onVisibility);
        win.removeEventListener('pagehide', onPageHide);
      };
    },

    pending: () => queue,
  };
  return api;
}

/** The page_view event for a matched route: path, title = tab else screen name, tab, focus. */
export function pageViewEvent(
  screen: ScreenName,
  pathname: string,
  params: { tab?: string | undefined; focus?: string | undefined },
): TrackInput {
  return {
    name: 'page_view',
    path: pathname,
    title: pageViewTitle(screen, { tab: params.tab }),
    tab: params.tab ?? null,
    focus: params.focus ?? null,
  };
}

/** A checkout/subscription outcome event: title is the screen name. */
export function outcomeEvent(
  name: AnalyticsEventName,
  screen: ScreenName,
  pathname: string,
): TrackInput {
  return { name, path: pathname, title: screen, tab: null, focus: null };
}

/** The app's one queue. */
export const analytics: Analytics = createAnalytics();

import {
  VERSION_CHECK_FIRST_DELAY_MS,
  VERSION_CHECK_INTERVAL_MS,
  VERSION_PATH,
} from '@tenantry/shared/version';

/**
 * New-version check (docs/product.md, "On every page"). No baseline at start; the first
 * successful check stores the deployed timestamp; a later, different timestamp stops the
 * polling and calls onNewVersion once. Failures are only logged as a warning.
 */
export interface VersionCheckerOptions {
  onNewVersion: () => void;
  fetch?: typeof fetch;
  firstDelayMs?: number;
  intervalMs?: number;
  now?: () => number;
  path?: string;
}

export interface VersionChecker {
  start(): void;
  stop(): void;
  /** One check now (used by the timers; exposed for tests). */
  check(): Promise<void>;
  readonly baseline: number | null;
  readonly newVersionAvailable: boolean;
}

export function createVersionChecker(options: VersionCheckerOptions): VersionChecker {
  const firstDelayMs = options.firstDelayMs ?? VERSION_CHECK_FIRST_DELAY_MS;
  const intervalMs = options.intervalMs ?? VERSION_CHECK_INTERVAL_MS;
  const now = options.now ?? (() => Date.now());
  const path = options.path ?? VERSION_PATH;
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? fetch)(...args);

  let baseline: number | null = null;
  let newVersion = false;
  let firstTimer: ReturnType<typeof setTimeout> | undefined;
  let interval: ReturnType<typeof setInterval> | undefined;

  function stop() {
    if (firstTimer !== undefined) clearTimeout(firstTimer);
    if (interval !== undefined) clearInterval(interval);
    firstTimer = undefined;
    interval = undefined;
  }

  async function check(): Promise<void> {
    if (newVersion) return;
    let timestamp: unknown;
    try {
      const res = await doFetch(`${path}?t=${now()}`, { cache: 'no-store' });
      if (!res.ok) {
        console.warn(`[version-check] ${path} answered HTTP ${res.status}`);
        return;
      }
      const body = (await res.json()) as { timestamp?: unknown } | null;
      timestamp = body?.timestamp;
    } catch (err) {
      console.warn('[version-check] failed', err);
      return;
    }
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) {
      console.warn('[version-check] answer has no numeric timestamp');
      return;
    }
    if (newVersion) return;
    if (baseline === null) {
      baseline = timestamp;
    } else if (timestamp !== baseline) {
      newVersion = true;
      stop();
      options.onNewVersion();
    }
  }

  return {
    start() {
      if (newVersion || firstTimer !== undefined || interval !== undefined) return;
      firstTimer = setTimeout(() => {
        firstTimer = undefined;
        void check();
        if (!newVersion) interval = setInterval(() => void check(), intervalMs);
      }, firstDelayMs);
    },
    stop,
    check,
    get baseline() {
      return baseline;
    },
    get newVersionAvailable() {
      return newVersion;
    },
  };
}

/**
 * A fixed-window, in-process counter per key (client address and endpoint), the same model as
 * Better Auth's `storage: 'memory'` limiter (auth/auth.ts): the shared sign-in calls Better
 * Auth on the server (auth.api), which skips Better Auth's own per-request limiter.
 */
export interface RateLimiter {
  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, now?: number): number;
}

export function createRateLimiter(opts: { windowSeconds: number; max: number }): RateLimiter {
  const windowMs = opts.windowSeconds * 1000;
  const buckets = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;
  return {
    hit(key, now = Date.now()) {
      if (now - lastSweep > windowMs) {
        for (const [k, b] of buckets) if (now - b.start >= windowMs) buckets.delete(k);
        lastSweep = now;
      }
      const bucket = buckets.get(key);
      if (!bucket || now - bucket.start >= windowMs) {
        buckets.set(key, { start: now, count: 1 });
        return 0;
      }
      bucket.count += 1;
      if (bucket.count <= opts.max) return 0;
      return Math.max(1, Math.ceil((bucket.start + windowMs - now) / 1000));
    },
  };
}

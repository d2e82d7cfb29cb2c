/** A limit: at most `max` hits per key in a fixed window of `windowSeconds`. */
export interface RateLimit {
  windowSeconds: number;
  max: number;
}

/**
 * Fixed-window counters per key (e.g. endpoint and client address), the same model as Better
 * Auth's `storage: 'memory'` limiter (auth/auth.ts). One per app instance (AppDeps).
 */
export interface RateLimiter {
  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, limit: RateLimit, now?: number): number;
}

export function createRateLimiter(): RateLimiter {
  const buckets = new Map<string, { start: number; count: number; windowMs: number }>();
  let lastSweep = 0;
  return {
    hit(key, limit, now = Date.now()) {
      const windowMs = limit.windowSeconds * 1000;
      if (now - lastSweep > 60_000) {
        for (const [k, b] of buckets) if (now - b.start >= b.windowMs) buckets.delete(k);
        lastSweep = now;
      }
      const bucket = buckets.get(key);
      if (!bucket || now - bucket.start >= windowMs) {
        buckets.set(key, { start: now, count: 1, windowMs });
        return 0;
      }
      bucket.count += 1;
      if (bucket.count <= limit.max) return 0;
      return Math.max(1, Math.ceil((bucket.start + windowMs - now) / 1000));
    },
  };
}

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.ts';

/** A limit: at most `max` hits per key in a fixed window of `windowSeconds`. */
export interface RateLimit {
  windowSeconds: number;
  max: number;
}

/**
 * Fixed-window counters per key (e.g. endpoint and client address), kept in the database
 * (`rate_limits`, the table Better Auth's own limiter uses too) so that a limit holds across
 * every server process on the database. A hit is what the caller counts: every request
 * (`limitByAddress` in auth/guards.ts) or only failed ones (`limitFailuresByAddress`: failed
 * respondent link look-ups, which a valid link never adds to).
 */
export interface RateLimiter {
  /** Counts one hit; answers the seconds to wait when over the limit, else 0. */
  hit(key: string, limit: RateLimit): Promise<number>;
}

interface CounterRow {
  count: number;
  last_request: string | number;
}

export function createRateLimiter(db: Database): RateLimiter {
  return {
    async hit(key, limit) {
      const now = Date.now();
      const windowMs = limit.windowSeconds * 1000;
      // One statement: a new key starts a window; an expired window starts again; else count.
      const [row] = await queryRows<CounterRow>(
        db,
        sql`insert into rate_limits (id, key, count, last_request)
            values (${randomUUID()}, ${key}, 1, ${now})
            on conflict (key) do update set
              count = case when rate_limits.last_request <= ${now - windowMs} then 1
                           else rate_limits.count + 1 end,
              last_request = case when rate_limits.last_request <= ${now - windowMs} then ${now}
                                  else rate_limits.last_request end
            returning count, last_request`,
      );
      if (!row || row.count <= limit.max) return 0;
      const start = Number(row.last_request);
      return Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    },
  };
}

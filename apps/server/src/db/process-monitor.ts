/**
 * Each server process's heartbeat (`server_processes`) and its answers with a 5xx status
 * (`server_errors`, per minute), for the service console's system and overview tabs. Every
 * HEARTBEAT_MS the process writes its row (last seen, live-stream connections) and adds the
 * errors counted since the last beat; a process not seen for GONE_AFTER_MS is shown as gone.
 * Nothing is kept in memory but the count since the last beat.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

export const HEARTBEAT_MS = 15_000;
export const GONE_AFTER_MS = 60_000;
/** Rows of processes gone and of error minutes older than this are pruned by the beat. */
const KEEP_MS = 24 * 60 * 60_000;

export interface ProcessMonitor {
  readonly id: string;
  /** Counts an answer with a 5xx status. */
  countError(): void;
  /** Writes the heartbeat now (the timer calls it; tests call it directly). */
  beat(db: Database, liveConnections: number): Promise<void>;
  /** Beats at once and every HEARTBEAT_MS; the returned function stops (and beats a last time). */
  start(
    db: Database,
    liveConnections: () => number,
    onError: (err: unknown) => void,
  ): () => Promise<void>;
}

export function createProcessMonitor(): ProcessMonitor {
  const id = randomUUID();
  const startedAt = new Date().toISOString();
  let errors = 0;
  const monitor: ProcessMonitor = {
    id,
    countError() {
      errors += 1;
    },
    async beat(db, liveConnections) {
      const n = errors;
      errors = 0;
      try {
        await db.execute(sql`
          insert into server_processes (id, host, pid, started_at, last_seen, live_connections)
          values (${id}, ${hostname()}, ${process.pid}, ${startedAt}::timestamptz, now(), ${liveConnections})
          on conflict (id) do update set last_seen = now(), live_connections = excluded.live_connections`);
        if (n > 0) {
          await db.execute(sql`
            insert into server_errors (minute, count) values (date_trunc('minute', now()), ${n})
            on conflict (minute) do update set count = server_errors.count + excluded.count`);
        }
        const keep = `${Math.round(KEEP_MS / 1000)} seconds`;
        await db.execute(
          sql`delete from server_processes where last_seen < now() - ${keep}::interval`,
        );
        await db.execute(sql`delete from server_errors where minute < now() - ${keep}::interval`);
      } catch (err) {
        errors += n;
        throw err;
      }
    },
    start(db, liveConnections, onError) {
      const run = () => monitor.beat(db, liveConnections()).catch(onError);
      void run();
      const timer = setInterval(() => void run(), HEARTBEAT_MS);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await run();
      };
    },
  };
  return monitor;
}

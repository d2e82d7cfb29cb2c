/**
 * The one way to run periodic work (docs/architecture.md, "Background work"): a queue worker
 * plus a timer in every process that asks the queue for a run. The queue keeps at most one run
 * per time slot whoever asks (`singletonSeconds`), so with any number of processes the work
 * runs once per period, and a process that stops leaves the others to do it. The first ask is
 * at once (work left from before a restart is picked up at start).
 */
import type { Jobs, Logger } from './index.ts';

export interface Periodic {
  /** The queue's name (also its de-duplication key). */
  queue: string;
  /** How often each process asks for a run. */
  everyMs: number;
  /** At most one run per this many seconds (default: the period). */
  singletonSeconds?: number;
  /** Attempts after a failed run (default 2). */
  retryLimit?: number;
  /**
   * The work, as of `now` (the queue's runs pass the time of the run; tests with a controlled
   * clock pass another, through `runAsOf`). What it returns is logged when truthy (e.g. a
   * count of what it did).
   */
  run: (now: Date) => Promise<unknown>;
  /** What the log line says it did, e.g. 'sent dunning e-mails'. */
  did: string;
}

/** Registers the worker and starts this process's timer; the returned function stops the timer. */
export async function every(jobs: Jobs, logger: Logger, p: Periodic): Promise<() => void> {
  registered.set(p.queue, p.run);
  await jobs.work(p.queue, async () => {
    const result = await p.run(new Date());
    if (isReportable(result)) logger.info({ queue: p.queue, result }, p.did);
  });
  const ask = () =>
    void jobs
      .send(
        p.queue,
        {},
        {
          singletonKey: p.queue,
          singletonSeconds: p.singletonSeconds ?? Math.max(1, Math.round(p.everyMs / 1000)),
          retryLimit: p.retryLimit ?? 2,
        },
      )
      .catch((err: unknown) => logger.warn({ err, queue: p.queue }, 'could not queue a run'));
  ask();
  const timer = setInterval(ask, p.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The periodic work of this process by queue name: code registered at start, not state (every
 * process registers the same). Only `runAsOf` reads it.
 */
const registered = new Map<string, (now: Date) => Promise<unknown>>();

/**
 * Runs one periodic job's work at once, as of `now` (TEST_HOOKS only: the end-to-end tests'
 * controlled clock, modules/service-console/system/test-hooks.ts). Undefined when no such
 * periodic work is registered.
 */
export async function runAsOf(queue: string, now: Date): Promise<{ result: unknown } | undefined> {
  const run = registered.get(queue);
  if (!run) return undefined;
  return { result: await run(now) };
}

/** A count above zero, or an object with some count above zero. */
function isReportable(result: unknown): boolean {
  if (typeof result === 'number') return result > 0;
  if (result && typeof result === 'object') {
    return Object.values(result).some((v) => typeof v === 'number' && v > 0);
  }
  return false;
}

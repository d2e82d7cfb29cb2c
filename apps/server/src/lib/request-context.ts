/**
 * What a log line needs to be traced back to the request that caused it, carried through the
 * async calls of a request (lib/http.ts) and of a job the request queued (lib/jobs): the
 * request id, and the account acting when a guard has found it. The logger adds these to
 * every line written inside (lib/logger.ts), and `jobs.send` puts the request id in the job's
 * metadata, so the worker's lines carry it too, on whichever server runs the job.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /**
   * The request's `x-request-id` (given by the load balancer, or made here); in a job, the id
   * of the request that queued it (none for periodic work).
   */
  requestId?: string;
  /** The account the request acts for, once a guard has found it (read when logging). */
  accountId?: () => string | undefined;
  /** Inside a job's handler: its queue and id. */
  job?: { queue: string; id: string };
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the code running now, if it runs for a request or a job. */
export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it awaits or schedules) within `context`. */
export function runInContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The fields a log line written within the current context gets (see lib/logger.ts). */
export function contextLogFields(): Record<string, string> {
  const ctx = storage.getStore();
  if (!ctx) return {};
  const fields: Record<string, string> = {};
  if (ctx.requestId) fields.reqId = ctx.requestId;
  const accountId = ctx.accountId?.();
  if (accountId) fields.accountId = accountId;
  if (ctx.job) {
    fields.queue = ctx.job.queue;
    fields.jobId = ctx.job.id;
  }
  return fields;
}

/**
 * The process's Prometheus metrics (docs/operations.md lists every series). Counters and
 * histograms are counted where things happen (the request middleware, the job wrapper, the
 * mailer, webhook dispatch, the answer write); gauges of the moment (database pool, queue
 * depth, live streams, draining) are set when scraped (http/metrics.ts). One registry per
 * process, never prom-client's global one; every series is per process, and Prometheus adds
 * the `instance` label that tells servers apart.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();

const registers = [metricsRegistry];

let defaultsOn = false;
/** Process metrics (CPU, memory, event loop lag, GC, handles): once, when /metrics is on. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

export const httpRequestDuration = new Histogram({
  name: 'tenantry_http_request_duration_seconds',
  help: 'Time to answer a request (to the first byte of a stream), by route pattern, method and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  // From a cached read to a slow report; the bench's p99 targets sit at 0.1 and 0.5 s.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const httpRequestsInFlight = new Gauge({
  name: 'tenantry_http_requests_in_flight',
  help: 'Requests being answered now (streams count until their response starts).',
  registers,
});

export const draining = new Gauge({
  name: 'tenantry_draining',
  help: '1 while the process drains before it stops (GET /readyz answers 503), else 0.',
  registers,
});

export const dbPoolConnections = new Gauge({
  name: 'tenantry_db_pool_connections',
  help: 'PostgreSQL pool connections by state (idle, busy); absent on the embedded database.',
  labelNames: ['state'] as const,
  registers,
});

export const dbPoolWaiting = new Gauge({
  name: 'tenantry_db_pool_waiting_requests',
  help: 'Queries waiting for a free PostgreSQL pool connection.',
  registers,
});

export const dbPoolMax = new Gauge({
  name: 'tenantry_db_pool_max_connections',
  help: 'The size limit of the PostgreSQL pool.',
  registers,
});

export const jobQueueJobs = new Gauge({
  name: 'tenantry_job_queue_jobs',
  help: 'Jobs in the queue by state: created (waiting), retry (waiting after a failure), active (running), failed (failed for good, kept a week). Same value on every server.',
  labelNames: ['queue', 'state'] as const,
  registers,
});

export const jobsCompleted = new Counter({
  name: 'tenantry_jobs_completed_total',
  help: 'Jobs this process ran to the end.',
  labelNames: ['queue'] as const,
  registers,
});

export const jobsFailed = new Counter({
  name: 'tenantry_jobs_failed_total',
  help: 'Job runs of this process that failed; final="true" when no retry is left.',
  labelNames: ['queue', 'final'] as const,
  registers,
});

export const liveStreams = new Gauge({
  name: 'tenantry_live_streams',
  help: 'Live (Server-Sent Events) streams open on this process.',
  registers,
});

export const answerWrites = new Counter({
  name: 'tenantry_answer_writes_total',
  help: 'Answer saves by who wrote (member, shared, respondent) and outcome (applied, duplicate, superseded, conflict, refused, error).',
  labelNames: ['source', 'outcome'] as const,
  registers,
});

export const mailDeliveries = new Counter({
  name: 'tenantry_mail_deliveries_total',
  help: 'E-mail delivery attempts by transport (smtp, mailbox) and outcome (sent, failed; a failed one is retried).',
  labelNames: ['transport', 'outcome'] as const,
  registers,
});

export const webhookDeliveries = new Counter({
  name: 'tenantry_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome (succeeded, retrying, failed).',
  labelNames: ['outcome'] as const,
  registers,
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A bounded method label: anything unusual is `other`. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'other';
}

/** 200 → `2xx`. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

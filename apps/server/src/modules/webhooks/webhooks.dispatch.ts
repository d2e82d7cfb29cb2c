/**
 * Sending webhook deliveries (docs/webhooks.md, "Delivery"). Everything is in the database:
 * a pending delivery is due at `next_attempt_at`; a run claims due ones with FOR UPDATE SKIP
 * LOCKED and pushes their `next_attempt_at` a lease ahead (so a second process skips them, and
 * a process that dies mid-attempt leaves them to be tried again after the lease), then POSTs
 * each, signed, with a timeout, and records the outcome: succeeded, or the next attempt after
 * an exponential backoff with jitter, or failed after WEBHOOK_LIMITS.maxAttempts.
 *
 * `assessment.answer_added` is gathered here from the answers' rows in `live_events` (which
 * every answer write records anyway): per endpoint, a cursor of the last event id seen, at
 * most once per WEBHOOK_LIMITS.answerWindowSeconds, one delivery per assessment counting its
 * new answers with the assessment's latest completion and score.
 *
 * Runs through the job queue like the other background work: every process asks for a run on
 * a short timer (de-duplicated by the queue), and a ping or redelivery asks at once.
 */
import { principalReaches } from '../../auth/tenant-access.ts';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_LIMITS, type WebhookDeliveryStatus } from '@tenantry/shared';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { assessments, liveEvents } from '../../db/schema/assessments.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import type { Jobs, Logger } from '../../lib/jobs/index.ts';
import { webhookDeliveries as deliveryCount } from '../../lib/metrics.ts';
import { hasFeature } from '../billing/entitlements.ts';
import { webhookBody } from './webhooks.events.ts';
import { newMessageId, signedHeaders } from './webhooks.signing.ts';
import { hostOf, isPrivateAddress, publicOnlyLookup } from './webhooks.url-guard.ts';
import { every } from '../../lib/jobs/periodic.ts';

export const DISPATCH_QUEUE = 'webhooks.dispatch';
export const PRUNE_QUEUE = 'webhooks.prune';
/** How often each process asks for a dispatch run. */
const TICK_MS = 10_000;
/** Deliveries one claim takes (sent side by side). */
const BATCH = 10;
/** Claims one run makes at most; the next run takes the rest. */
const MAX_BATCHES = 10;
/** A claimed delivery counts as abandoned (and is tried again) after this. */
const LEASE_MS = WEBHOOK_LIMITS.timeoutMs + 50_000;
/**
 * Answers newer than this are left for the next gathering: a live event id is taken when its
 * transaction starts writing, and one that has not committed yet must not be skipped.
 */
const SETTLE_MS = 5_000;
const USER_AGENT = 'Tenantry-Webhooks/1';

export interface DispatchOptions {
  /** The time the run acts at (due, backoff, windows). Tests move it; default now. */
  now?: Date;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: http and private addresses allowed. */
  allowPrivateUrls: boolean;
  logger?: Logger;
}

export interface DispatchResult {
  /** `assessment.answer_added` deliveries gathered from answers. */
  gathered: number;
  succeeded: number;
  /** Failed attempts that will be tried again. */
  retrying: number;
  /** Deliveries failed for good. */
  failed: number;
}

/** The wait after the `attempts`-th failed attempt: backoffSeconds × 2^(attempts−1), ±20 %. */
export function backoffMs(attempts: number, random = Math.random()): number {
  const base = WEBHOOK_LIMITS.backoffSeconds * 1000 * 2 ** Math.max(0, attempts - 1);
  return Math.round(base * (0.8 + 0.4 * random));
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Turns new answers into `assessment.answer_added` deliveries for every enabled endpoint
 * subscribed to it whose window has passed; answers how many deliveries were queued.
 */
export async function gatherAnswerEvents(db: Database, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - WEBHOOK_LIMITS.answerWindowSeconds * 1000);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: webhookEndpoints.id,
        accountId: webhookEndpoints.accountId,
        cursor: webhookEndpoints.answerCursor,
      })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.enabled, true),
          sql`${webhookEndpoints.events} @> '["assessment.answer_added"]'::jsonb`,
          sql`(${webhookEndpoints.answersGatheredAt} is null or ${webhookEndpoints.answersGatheredAt} <= ${windowStart.toISOString()}::timestamptz)`,
        ),
      )
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const settled = new Date(now.getTime() - SETTLE_MS).toISOString();
    // The newest event old enough to have committed: a backwards walk of the primary key.
    const [head] = rowsOf<{ id: number | string | null }>(
      await tx.execute(
        sql`select id from ${liveEvents} where created_at <= ${settled}::timestamptz order by id desc limit 1`,
      ),
    );
    const upTo = Number(head?.id ?? 0);
    const ids = due.map((d) => d.id);
    const groups = rowsOf<{
      endpoint_id: string;
      account_id: string;
      n: number;
      last_at: string | Date;
      id: string;
      tenant_id: string;
      name: string;
      status: string;
      completion: number | null;
      score: number | null;
      answered: number;
      total: number;
    }>(
      await tx.execute(sql`
        select e.id as endpoint_id, e.account_id, count(*)::int as n, max(le.created_at) as last_at,
          a.id, a.tenant_id, a.name, a.status, a.completion, a.score, a.answered, a.total
        from ${webhookEndpoints} e
        join ${liveEvents} le on le.account_id = e.account_id and le.kind = 'answer'
          and le.id > e.answer_cursor and le.id <= ${upTo}
        join ${assessments} a on a.id = le.assessment_id and a.account_id = e.account_id
        where ${principalReaches(sql`e.account_id`, sql`e.access_user_id`, sql`a.tenant_id`)}
          and e.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
        group by e.id, e.account_id, a.id
        order by e.id, a.id`),
    );
    if (groups.length > 0) {
      // One message per assessment (the same event for every endpoint that gets it).
      const messages = new Map<string, string>();
      await tx.insert(webhookDeliveries).values(
        groups.map((g) => {
          const messageId = messages.get(g.id) ?? newMessageId();
          messages.set(g.id, messageId);
          return {
            id: randomUUID(),
            accountId: g.account_id,
            endpointId: g.endpoint_id,
            messageId,
            eventType: 'assessment.answer_added',
            payload: webhookBody('assessment.answer_added', now, {
              assessment: {
                id: g.id,
                tenantId: g.tenant_id,
                name: g.name,
                status: g.status,
                completion: g.completion,
                score: g.score,
                answered: g.answered,
                total: g.total,
              },
              answersAdded: g.n,
              lastAnswerAt: new Date(g.last_at).toISOString(),
            }),
            nextAttemptAt: now,
            createdAt: now,
          };
        }),
      );
    }
    await tx
      .update(webhookEndpoints)
      .set({
        answerCursor: sql`greatest(${webhookEndpoints.answerCursor}, ${upTo})`,
        answersGatheredAt: now,
      })
      .where(inArray(webhookEndpoints.id, ids));
    return groups.length;
  });
}

interface Claimed {
  id: string;
  account_id: string;
  message_id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | Date | null;
}

/** Due deliveries of enabled endpoints, leased to this run (attempt counted). */
async function claimDue(db: Database | Tx, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  return rowsOf<Claimed>(
    await db.execute(sql`
      with due as (
        select d.id from ${webhookDeliveries} d
        join ${webhookEndpoints} e on e.id = d.endpoint_id and e.account_id = d.account_id
        where d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz and e.enabled
        order by d.next_attempt_at, d.id
        limit ${BATCH}
        for update of d skip locked
      ), claimed as (
        update ${webhookDeliveries} d
        set next_attempt_at = ${lease}::timestamptz, attempts = d.attempts + 1,
          last_attempt_at = ${at}::timestamptz
        from due where d.id = due.id
        returning d.id, d.account_id, d.endpoint_id, d.message_id, d.payload, d.attempts
      )
      select c.id, c.account_id, c.message_id, c.payload, c.attempts,
        e.url, e.secret, e.previous_secret, e.previous_secret_until
      from claimed c join ${webhookEndpoints} e on e.id = c.endpoint_id`),
  );
}

interface Attempt {
  status: number | null;
  /** The start of the answer (at most WEBHOOK_LIMITS.responseBytes). */
  body: string;
  error: string | null;
  durationMs: number;
}

/**
 * One POST: no redirects followed, at most WEBHOOK_LIMITS.responseBytes of the answer read,
 * WEBHOOK_LIMITS.timeoutMs for all of it. Unless `allowPrivate`, the URL must be https and
 * the connection goes only to public addresses (checked after resolving, see url-guard).
 */
export function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<Attempt> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return resolve({ status: null, body: '', error: 'The URL is not valid.', durationMs: 0 });
    }
    const refuse = (error: string) =>
      resolve({ status: null, body: '', error, durationMs: took() });
    if (!allowPrivate) {
      if (url.protocol !== 'https:') return refuse('Only https:// URLs are allowed.');
      const host = hostOf(url);
      if (isIP(host) && isPrivateAddress(host)) {
        return refuse(`${host} is not a public address; nothing was sent.`);
      }
    }
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (attempt: Omit<Attempt, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...attempt, durationMs: took() });
    };
    const req = client.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': USER_AGENT,
      },
      ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s.`));
    }, WEBHOOK_LIMITS.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      const message =
        err.name === 'PrivateAddressError'
          ? `${err.message} Nothing was sent.`
          : err.code
            ? `${err.code}: ${err.message}`
            : err.message;
      finish({ status: null, body: '', error: message });
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const status = res.statusCode ?? null;
        const text = Buffer.concat(chunks).subarray(0, WEBHOOK_LIMITS.responseBytes).toString();
        finish({ status, body: text, error: null });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= WEBHOOK_LIMITS.responseBytes) done();
      });
      res.on('end', done);
      res.on('error', done);
    });
    req.end(body);
  });
}

const ERROR_TEXT_MAX = 1_000;

/** What the log says about an answer that is not a success. */
function failureText(attempt: Attempt): string {
  if (attempt.status === null) return (attempt.error ?? 'No answer.').slice(0, ERROR_TEXT_MAX);
  const said = attempt.body.trim().replace(/\s+/g, ' ');
  const what =
    attempt.status >= 300 && attempt.status < 400
      ? `Answered ${attempt.status} (redirects are not followed)`
      : `Answered ${attempt.status}`;
  return `${what}${said ? `: ${said}` : '.'}`.slice(0, ERROR_TEXT_MAX);
}

async function record(
  db: Database,
  c: Claimed,
  outcome: {
    status: WebhookDeliveryStatus;
    next: Date | null;
    attempt: Attempt | null;
    error: string | null;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      nextAttemptAt: outcome.next,
      responseStatus: outcome.attempt?.status ?? null,
      durationMs: outcome.attempt?.durationMs ?? null,
      error: outcome.error,
    })
    .where(
      and(
        eq(webhookDeliveries.id, c.id),
        eq(webhookDeliveries.accountId, c.account_id),
        // Disabling the endpoint meanwhile failed it: that stays.
        eq(webhookDeliveries.status, 'pending'),
      ),
    );
}

/** The secrets a delivery is signed with now: the current one, and the previous for a while. */
function secretsOf(c: Claimed, at: Date): string[] {
  const until = c.previous_secret_until ? new Date(c.previous_secret_until) : null;
  return c.previous_secret && until && until > at ? [c.secret, c.previous_secret] : [c.secret];
}

async function sendOne(
  db: Database,
  c: Claimed,
  opts: Required<Pick<DispatchOptions, 'allowPrivateUrls'>> & { now: Date },
  plans: Map<string, Promise<boolean>>,
  result: DispatchResult,
): Promise<void> {
  let allowed = plans.get(c.account_id);
  if (!allowed) {
    allowed = hasFeature(db, c.account_id, 'api').then((r) => r !== false && r.allowed);
    plans.set(c.account_id, allowed);
  }
  if (!(await allowed)) {
    result.failed += 1;
    deliveryCount.inc({ outcome: 'failed' });
    return record(db, c, {
      status: 'failed',
      next: null,
      attempt: null,
      error: 'Not sent: the account’s plan does not include webhooks.',
    });
  }
  // The signature's time is the real clock's (receivers check it against theirs).
  const signedAt = new Date();
  const headers = signedHeaders(secretsOf(c, signedAt), c.message_id, signedAt, c.payload);
  const attempt = await postWebhook(c.url, headers, c.payload, opts.allowPrivateUrls);
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  if (ok) {
    result.succeeded += 1;
    deliveryCount.inc({ outcome: 'succeeded' });
    return record(db, c, { status: 'succeeded', next: null, attempt, error: null });
  }
  const last = c.attempts >= WEBHOOK_LIMITS.maxAttempts;
  if (last) result.failed += 1;
  else result.retrying += 1;
  deliveryCount.inc({ outcome: last ? 'failed' : 'retrying' });
  return record(db, c, {
    status: last ? 'failed' : 'pending',
    next: last ? null : new Date(opts.now.getTime() + backoffMs(c.attempts)),
    attempt,
    error: failureText(attempt),
  });
}

/**
 * One dispatch run at `now`: gathers new answers, then sends every due delivery (in batches,
 * up to MAX_BATCHES of them). Safe to run in several processes at once.
 */
export async function dispatchWebhooks(
  db: Database,
  opts: DispatchOptions,
): Promise<DispatchResult> {
  const now = opts.now ?? new Date();
  const result: DispatchResult = { gathered: 0, succeeded: 0, retrying: 0, failed: 0 };
  result.gathered = await gatherAnswerEvents(db, now);
  const plans = new Map<string, Promise<boolean>>();
  for (let i = 0; i < MAX_BATCHES; i += 1) {
    const claimed = await claimDue(db, now);
    await Promise.all(
      claimed.map((c) =>
        sendOne(db, c, { now, allowPrivateUrls: opts.allowPrivateUrls }, plans, result).catch(
          (err: unknown) => opts.logger?.error({ err, delivery: c.id }, 'webhook delivery failed'),
        ),
      ),
    );
    if (claimed.length < BATCH) break;
  }
  return result;
}

/** Deletes deliveries older than WEBHOOK_LIMITS.keepDays (not pending ones); answers how many. */
export async function pruneDeliveries(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_LIMITS.keepDays * 86_400_000);
  const gone = await db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}

/** Asks for a dispatch run now (a ping, a redelivery); a failure only delays it to the timer. */
export function nudgeDispatch(jobs: Jobs, logger: Logger): void {
  void jobs
    .send(DISPATCH_QUEUE, {}, { retryLimit: 0 })
    .catch((err: unknown) => logger.warn({ err }, 'could not queue a webhook dispatch run'));
}

/** Registers the workers and starts this process's timer; the returned function stops it. */
export async function startWebhookDispatcher(opts: {
  db: Database;
  jobs: Jobs;
  logger: Logger;
  allowPrivateUrls: boolean;
}): Promise<() => void> {
  const { db, jobs, logger, allowPrivateUrls } = opts;
  const stopDispatch = await every(jobs, logger, {
    queue: DISPATCH_QUEUE,
    everyMs: TICK_MS,
    retryLimit: 0,
    run: () => dispatchWebhooks(db, { allowPrivateUrls, logger }),
    did: 'webhook deliveries',
  });
  const stopPrune = await every(jobs, logger, {
    queue: PRUNE_QUEUE,
    everyMs: 3_600_000,
    run: () => pruneDeliveries(db),
    did: 'pruned old webhook deliveries',
  });
  return () => {
    stopDispatch();
    stopPrune();
  };
}

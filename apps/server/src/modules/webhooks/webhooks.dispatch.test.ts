/**
 * Sending: a local receiver on 127.0.0.1 that verifies every request with the Standard
 * Webhooks library, the dispatcher called directly with a `now` that the test moves (no
 * waiting), the domain events, and `assessment.answer_added` gathered from answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_LIMITS,
  WebhookDeliverySchema,
  WebhookSchema,
  WebhookSecretSchema,
  type Webhook as WebhookInfo,
  type WebhookEventType,
} from '@tenantry/shared';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TenantContext } from '../../auth/types.ts';
import { subscriptions, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import { compBusiness, signUpPerson, type Person } from '../../test/people.ts';
import { workedExampleDocument } from '../../test/frameworks.ts';
import { writeAnswer } from '../assessments/answers/write.ts';
import { createAssessment, transitionAssessment } from '../assessments/assessments.service.ts';
import { addRespondent } from '../assessments/respondents/respondents.service.ts';
import { respondentByToken, submitRespondent } from '../assessments/respondents/respond.service.ts';
import { setBaseline, clearBaseline } from '../baseline/baseline.service.ts';
import { importFramework, publishFramework } from '../content/frameworks.service.ts';
import { createTask, updateTask } from '../remediation/tasks.service.ts';
import {
  backoffMs,
  dispatchWebhooks,
  postWebhook,
  type DispatchResult,
} from './webhooks.dispatch.ts';
import { emitWebhookEvent } from './webhooks.events.ts';
import { publicOnlyLookup } from './webhooks.url-guard.ts';

type Verdict = { status: number; body?: string; headers?: Record<string, string> };

interface Received {
  headers: Record<string, string>;
  body: string;
  /** The body as the library verified it; null when the signature did not verify. */
  verified: unknown;
}

/** A webhook receiver on 127.0.0.1 that verifies each request with `secrets()`. */
async function startReceiver(answer: (n: number, r: Received) => Verdict) {
  const received: Received[] = [];
  const state = { secrets: [] as string[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
      );
      let verified: unknown = null;
      for (const secret of state.secrets) {
        try {
          verified = new Webhook(secret).verify(body, headers);
          break;
        } catch {
          // try the next secret
        }
      }
      const r: Received = { headers, body, verified };
      received.push(r);
      const v =
        verified === null ? { status: 401, body: 'bad signature' } : answer(received.length, r);
      res.writeHead(v.status, { 'content-type': 'text/plain', ...v.headers });
      res.end(v.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let owner: Person;
const receivers: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  t = await setupTestApp({ config: { webhookAllowPrivateUrls: true } });
  owner = await signUpPerson(t, 'whd-owner', 'Dora Dispatch');
  await compBusiness(t, owner.tid);
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await t?.close();
});

const dispatch = (now: Date, allowPrivateUrls = true): Promise<DispatchResult> =>
  dispatchWebhooks(t.database.db, { now, allowPrivateUrls });

async function receiver(answer: (n: number, r: Received) => Verdict = () => ({ status: 200 })) {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

async function endpoint(
  who: Person,
  url: string,
  events: WebhookEventType[] = ['task.created'],
): Promise<WebhookInfo & { secret: string }> {
  const res = await who.client.post('/api/v1/webhooks', { url, events });
  await expectStatus(res, 201);
  const hook = WebhookSchema.parse(await res.json());
  const secret = WebhookSecretSchema.parse(
    await (await who.client.get(`/api/v1/webhooks/${hook.id}/secret`)).json(),
  ).secret;
  return { ...hook, secret };
}

async function ping(who: Person, id: string) {
  const res = await who.client.post(`/api/v1/webhooks/${id}/ping`, {});
  await expectStatus(res, 202);
  return WebhookDeliverySchema.parse(await res.json());
}

async function deliveriesOf(endpointId: string) {
  return t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.createdAt, webhookDeliveries.id);
}

const later = (ms: number, from = new Date()) => new Date(from.getTime() + ms);

describe('delivery with retries', () => {
  it('retries a failing endpoint with backoff and logs one delivery, succeeded after 3 attempts', async () => {
    const r = await receiver((n) => (n <= 2 ? { status: 500, body: 'not yet' } : { status: 204 }));
    const hook = await endpoint(owner, r.url);
    r.state.secrets = [hook.secret];
    const queued = await ping(owner, hook.id);

    const start = later(1000);
    expect(await dispatch(start)).toMatchObject({ succeeded: 0, retrying: 1, failed: 0 });
    let [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(row?.error).toBe('Answered 500: not yet');
    const wait = row!.nextAttemptAt!.getTime() - start.getTime();
    expect(wait).toBeGreaterThanOrEqual(0.8 * WEBHOOK_LIMITS.backoffSeconds * 1000);
    expect(wait).toBeLessThanOrEqual(1.2 * WEBHOOK_LIMITS.backoffSeconds * 1000);

    // Not due yet: nothing is sent.
    expect(await dispatch(later(1000, start))).toMatchObject({ succeeded: 0, retrying: 0 });
    expect(r.received).toHaveLength(1);

    expect(await dispatch(later(60_000, start))).toMatchObject({ retrying: 1 });
    [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    const second = row!.nextAttemptAt!.getTime() - later(60_000, start).getTime();
    expect(second).toBeGreaterThanOrEqual(0.8 * 2 * WEBHOOK_LIMITS.backoffSeconds * 1000);

    expect(await dispatch(later(120_000, start))).toMatchObject({ succeeded: 1, retrying: 0 });
    const rows = await deliveriesOf(hook.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: queued.id,
      status: 'succeeded',
      attempts: 3,
      responseStatus: 204,
      error: null,
      nextAttemptAt: null,
    });
    expect(rows[0]!.durationMs).toBeGreaterThanOrEqual(0);

    // Every attempt verified, with the same message id and body.
    expect(r.received).toHaveLength(3);
    expect(r.received.every((x) => x.verified !== null)).toBe(true);
    expect(new Set(r.received.map((x) => x.headers['webhook-id']))).toEqual(
      new Set([queued.messageId]),
    );
    expect(r.received[0]!.verified).toMatchObject({
      type: 'webhook.ping',
      data: { endpointId: hook.id },
    });
    expect(r.received[0]!.headers['content-type']).toBe('application/json');

    // The API shows it so.
    const log = await owner.client.get(`/api/v1/webhooks/${hook.id}/deliveries`);
    const body = (await log.json()) as { items: unknown[] };
    expect(body.items).toHaveLength(1);
    expect(WebhookDeliverySchema.parse(body.items[0])).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      responseStatus: 204,
      nextAttemptAt: null,
    });
  });

  it(`fails a delivery for good after ${WEBHOOK_LIMITS.maxAttempts} attempts`, async () => {
    const r = await receiver(() => ({ status: 503 }));
    const hook = await endpoint(owner, r.url);
    r.state.secrets = [hook.secret];
    await ping(owner, hook.id);
    let now = later(1000);
    for (let i = 0; i < WEBHOOK_LIMITS.maxAttempts; i += 1) {
      await dispatch(now);
      now = later(86_400_000, now);
    }
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_LIMITS.maxAttempts,
      responseStatus: 503,
      nextAttemptAt: null,
    });
    expect(await dispatch(now)).toMatchObject({ succeeded: 0, retrying: 0, failed: 0 });
    expect(r.received).toHaveLength(WEBHOOK_LIMITS.maxAttempts);
  });

  it('follows no redirect and reads only the start of a long answer', async () => {
    const r = await receiver((n) =>
      n === 1
        ? { status: 302, headers: { location: '/elsewhere' } }
        : { status: 500, body: 'x'.repeat(1_000_000) },
    );
    const hook = await endpoint(owner, r.url);
    r.state.secrets = [hook.secret];
    await ping(owner, hook.id);
    await dispatch(later(1000));
    let [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'pending', responseStatus: 302 });
    expect(row?.error).toContain('redirects are not followed');
    expect(r.received).toHaveLength(1);
    await dispatch(later(3_600_000));
    [row] = await deliveriesOf(hook.id);
    expect(row?.responseStatus).toBe(500);
    expect(row!.error!.length).toBeLessThanOrEqual(1_000);
  });

  it('records a connection that is refused, and retries it', async () => {
    const r = await receiver();
    const hook = await endpoint(owner, r.url);
    await r.close();
    await ping(owner, hook.id);
    expect(await dispatch(later(1000))).toMatchObject({ retrying: 1 });
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
    expect(row?.error).toMatch(/ECONNREFUSED/);
  });

  it('signs with the old secret too for a while after a rotation', async () => {
    const r = await receiver();
    const hook = await endpoint(owner, r.url);
    const rotated = await owner.client.post(`/api/v1/webhooks/${hook.id}/secret/rotate`, {});
    const next = WebhookSecretSchema.parse(await rotated.json()).secret;
    r.state.secrets = [hook.secret];
    await ping(owner, hook.id);
    await dispatch(later(1000));
    expect(r.received[0]?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(r.received[0]?.verified).not.toBeNull();
    r.state.secrets = [next];
    await ping(owner, hook.id);
    await dispatch(later(2000));
    expect(r.received[1]?.verified).not.toBeNull();
    // After the overlap only the new secret signs.
    await t.database.db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, hook.id));
    await ping(owner, hook.id);
    await dispatch(later(3000));
    expect(r.received[2]?.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(r.received[2]?.verified).not.toBeNull();
  });

  it('sends nothing for an account whose plan no longer includes webhooks', async () => {
    const lapsed = await signUpPerson(t, 'whd-lapsed');
    await compBusiness(t, lapsed.tid);
    const r = await receiver();
    const hook = await endpoint(lapsed, r.url);
    await ping(lapsed, hook.id);
    await t.database.db
      .update(subscriptions)
      .set({ compedPlan: null })
      .where(eq(subscriptions.accountId, lapsed.tid));
    expect(await dispatch(later(1000))).toMatchObject({ failed: 1 });
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'failed', responseStatus: null });
    expect(row?.error).toContain('plan');
    expect(r.received).toHaveLength(0);
  });
});

describe('private addresses at send time (WEBHOOK_ALLOW_PRIVATE_URLS off)', () => {
  it('sends nothing to a private address, however the URL names it', async () => {
    const r = await receiver();
    const hook = await endpoint(owner, r.url);
    for (const url of [
      r.url, // http
      `https://127.0.0.1:${r.port}/hooks`,
      `https://[::ffff:127.0.0.1]:${r.port}/hooks`,
      // A name whose DNS answer is loopback (as after a rebinding): refused at the lookup.
      `https://localhost:${r.port}/hooks`,
    ]) {
      await t.database.db
        .update(webhookEndpoints)
        .set({ url })
        .where(eq(webhookEndpoints.id, hook.id));
      const d = await ping(owner, hook.id);
      expect(await dispatch(later(1000), false)).toMatchObject({ succeeded: 0, retrying: 1 });
      const [row] = (await deliveriesOf(hook.id)).filter((x) => x.id === d.id);
      expect(row, url).toMatchObject({ status: 'pending', responseStatus: null });
      expect(row?.error, url).toMatch(/https|not a public address/);
    }
    expect(r.received).toHaveLength(0);
  });

  it('connects only to checked addresses: the lookup refuses a name resolving to loopback', async () => {
    const r = await receiver();
    const error = await new Promise<Error>((resolve) => {
      const req = http.request(`http://localhost:${r.port}/hooks`, {
        method: 'POST',
        lookup: publicOnlyLookup,
      });
      req.on('error', resolve);
      req.on('response', () => resolve(new Error('connected')));
      req.end('{}');
    });
    expect(error.name).toBe('PrivateAddressError');
    expect(r.received).toHaveLength(0);
    // postWebhook refuses before connecting.
    const attempt = await postWebhook(`https://127.0.0.1:${r.port}/x`, {}, '{}', false);
    expect(attempt).toMatchObject({ status: null });
    expect(attempt.error).toContain('not a public address');
  });
});

describe('events of the domain', () => {
  let onTenant: TenantContext & { name: string };
  let frameworkId: string;

  beforeAll(async () => {
    const res = await owner.client.post('/api/v1/tenants', { name: 'Webhook client' });
    await expectStatus(res, 201);
    const { id: tenantId } = (await res.json()) as { id: string };
    onTenant = {
      tenantId,
      accountId: owner.tid,
      userId: owner.uid,
      email: owner.email,
      accountRole: 'owner',
      shareRole: null,
      name: 'Dora Dispatch',
    };
    const actor = {
      accountId: owner.tid,
      userId: owner.uid,
      email: owner.email,
      role: 'owner' as const,
      systemAdmin: false,
    };
    const fw = await importFramework(t.database.db, actor, {
      scope: 'private',
      document: workedExampleDocument('webhook-events'),
    });
    await publishFramework(t.database.db, actor, fw.id, { revision: 1, releaseNotes: 'v1' });
    frameworkId = fw.id;
  });

  const newAssessment = (name: string) =>
    createAssessment(t.database.db, onTenant, {
      frameworkId,
      version: 1,
      name,
      scope: { sections: null, tags: null },
    });
  const answer = (assessmentId: string, key: string, value: unknown) =>
    writeAnswer(
      t.database.db,
      { accountId: owner.tid, tenantId: onTenant.tenantId, assessmentId },
      { source: 'member', userId: owner.uid, name: 'Dora Dispatch' },
      key,
      { value } as never,
    );

  it('queues each event for the enabled endpoints subscribed to it, and sends them signed', async () => {
    const r = await receiver();
    const all = await endpoint(owner, r.url, [
      'assessment.completed',
      'respondent.submitted',
      'task.created',
      'task.status_changed',
      'baseline.changed',
    ]);
    const tasksOnly = await endpoint(owner, r.url, ['task.created']);
    r.state.secrets = [all.secret, tasksOnly.secret];
    const off = await endpoint(owner, r.url, ['assessment.completed']);
    await owner.client.request(`/api/v1/webhooks/${off.id}`, {
      method: 'PATCH',
      json: { enabled: false },
    });
    const { db } = t.database;

    const a = await newAssessment('Events assessment');
    await answer(a.id, 'Q1', 'yes');
    const mail = { mailer: t.deps.mailer, publicUrl: t.deps.config.publicUrl, log: t.deps.logger };
    const added = await addRespondent(
      db,
      onTenant,
      a.id,
      { name: 'Rita Respondent', email: uniqueEmail('whd-respondent'), sendEmail: false },
      mail,
    );
    const token = new URL(added.link).searchParams.get('token') ?? '';
    await submitRespondent(db, await respondentByToken(db, token));
    await transitionAssessment(db, onTenant, a.id, 'start').catch(() => undefined);
    await transitionAssessment(db, onTenant, a.id, 'complete');
    const task = await createTask(db, onTenant, {
      title: 'Turn on MFA',
      description: '',
      assigneeId: null,
      dueDate: null,
      checklist: [],
    });
    await updateTask(db, onTenant, task.id, { status: 'in_progress' });
    await updateTask(db, onTenant, task.id, { title: 'Turn on MFA everywhere' });
    await setBaseline(db, onTenant, a.id);
    await clearBaseline(db, onTenant);

    const types = (rows: Array<{ eventType: string }>) => rows.map((x) => x.eventType);
    expect(types(await deliveriesOf(all.id))).toEqual([
      'respondent.submitted',
      'assessment.completed',
      'task.created',
      'task.status_changed',
      'baseline.changed',
      'baseline.changed',
    ]);
    expect(types(await deliveriesOf(tasksOnly.id))).toEqual(['task.created']);
    expect(await deliveriesOf(off.id)).toEqual([]);

    expect(await dispatch(later(1000))).toMatchObject({ succeeded: 7, failed: 0 });
    const bodies = r.received
      .filter((x) => x.verified !== null)
      .map((x) => x.verified as { type: string; timestamp: string; data: Record<string, unknown> });
    expect(bodies).toHaveLength(7);
    const of = (type: string) => bodies.filter((b) => b.type === type);
    expect(of('assessment.completed')[0]?.data).toMatchObject({
      assessment: { id: a.id, tenantId: onTenant.tenantId, name: 'Events assessment' },
    });
    expect(of('respondent.submitted')[0]?.data).toMatchObject({
      assessment: { id: a.id },
      respondent: { name: 'Rita Respondent' },
    });
    expect(of('task.created')[0]?.data).toMatchObject({
      task: { id: task.id, title: 'Turn on MFA', status: 'todo' },
    });
    expect(of('task.status_changed')[0]?.data).toMatchObject({
      task: { id: task.id },
      from: 'todo',
      to: 'in_progress',
    });
    // Sent side by side: in any order (receivers order by `timestamp`).
    expect(of('baseline.changed').map((b) => b.data)).toEqual(
      expect.arrayContaining([
        {
          tenantId: onTenant.tenantId,
          assessment: { id: a.id, name: 'Events assessment' },
          previousAssessmentId: null,
        },
        { tenantId: onTenant.tenantId, assessment: null, previousAssessmentId: a.id },
      ]),
    );
    expect(Number.isNaN(Date.parse(bodies[0]!.timestamp))).toBe(false);
  });

  it('queues nothing when the change rolls back', async () => {
    const hook = await endpoint(owner, 'http://127.0.0.1:9/never', ['task.created']);
    await t.database.db
      .transaction(async (tx) => {
        expect(
          await emitWebhookEvent(
            tx,
            { accountId: owner.tid, tenantId: onTenant.tenantId },
            'task.created',
            { task: { id: 'x' } },
          ),
        ).toBe(1);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await deliveriesOf(hook.id)).toEqual([]);
  });

  it('coalesces answers into one assessment.answer_added per assessment and window', async () => {
    const early = await newAssessment('Answered before the endpoint');
    await answer(early.id, 'Q1', 'yes');
    const r = await receiver();
    const hook = await endpoint(owner, r.url, ['assessment.answer_added']);
    r.state.secrets = [hook.secret];
    const a = await newAssessment('Coalesced');
    const b = await newAssessment('Other');
    await answer(a.id, 'Q1', 'yes');
    await answer(a.id, 'Q2', 3);
    await answer(a.id, 'Q1', 'no');
    await answer(b.id, 'Q1', 'yes');

    const first = later((WEBHOOK_LIMITS.answerWindowSeconds + 1) * 1000);
    expect(await dispatch(first)).toMatchObject({ gathered: 2, succeeded: 2 });
    const rows = await deliveriesOf(hook.id);
    expect(rows.map((x) => x.eventType)).toEqual([
      'assessment.answer_added',
      'assessment.answer_added',
    ]);
    const sent = r.received.map(
      (x) =>
        x.verified as {
          data: { assessment: { id: string; completion: number }; answersAdded: number };
        },
    );
    const forA = sent.find((s) => s.data.assessment.id === a.id)!;
    expect(forA.data.answersAdded).toBe(3);
    const [current] = await t.database.db
      .execute(sql`select completion, score from assessments where id = ${a.id}`)
      .then(
        (res) => (res as unknown as { rows: Array<{ completion: number; score: number }> }).rows,
      );
    expect(forA.data).toMatchObject({
      assessment: { id: a.id, completion: current!.completion, score: current!.score },
    });
    expect(sent.find((s) => s.data.assessment.id === b.id)?.data.answersAdded).toBe(1);
    expect(sent.some((s) => s.data.assessment.id === early.id)).toBe(false);

    // More answers within the window wait for it to pass: then one delivery for all of them.
    await answer(a.id, 'Q3', 'Documented');
    await answer(a.id, 'Q2', 4);
    expect(await dispatch(later(1000, first))).toMatchObject({ gathered: 0 });
    const next = later((WEBHOOK_LIMITS.answerWindowSeconds + 1) * 1000, first);
    expect(await dispatch(next)).toMatchObject({ gathered: 1, succeeded: 1 });
    const last = r.received.at(-1)!.verified as { data: { answersAdded: number } };
    expect(last.data.answersAdded).toBe(2);
    expect(await dispatch(later(120_000, next))).toMatchObject({ gathered: 0 });
  });
});

describe('backoff', () => {
  it('doubles from the base with ±20 % jitter', () => {
    const base = WEBHOOK_LIMITS.backoffSeconds * 1000;
    expect(backoffMs(1, 0)).toBe(0.8 * base);
    expect(backoffMs(1, 1)).toBe(1.2 * base);
    expect(backoffMs(3, 0.5)).toBe(4 * base);
  });
});

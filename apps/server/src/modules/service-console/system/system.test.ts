import {
  ServiceJobListSchema,
  ServiceJobSchema,
  ServiceOverviewSchema,
  ServiceSystemSchema,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, serverProcesses } from '../../../db/schema/index.ts';
import { createJobs, type Jobs } from '../../../lib/jobs/index.ts';
import { setupTestApp, type TestApp } from '../../../test/app.ts';
import { expectStatus } from '../../../test/http.ts';
import { createRecordingLogger, waitFor } from '../../../test/jobs.ts';
import { makeSystemAdmin, type Person, signUpPerson } from '../../../test/people.ts';
import { recordMailFailure } from './system.service.ts';
import { FAIL_ONCE_QUEUE, registerTestHooks } from './test-hooks.ts';

const SYSTEM = '/api/v1/service/system';
const JOBS = '/api/v1/service/system/jobs';

let t: TestApp;
let admin: Person;
// A real pg-boss queue on the test database beside the app's inline one: its tables are what
// the system tab reads, and its worker runs the retried job.
let queue: Jobs;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'system-admin');
  await makeSystemAdmin(t, admin);
  queue = createJobs({
    executeSql: t.database.executeSql,
    logger: createRecordingLogger(),
    pollingIntervalSeconds: 0.5,
  });
  await queue.start();
  await registerTestHooks(queue);
});
afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

async function failedJobs() {
  return ServiceJobListSchema.parse(await (await admin.client.get(`${JOBS}?state=failed`)).json());
}

describe('GET /api/v1/service/system', () => {
  it('states the version, database, queues, mail, webhooks, processes and configuration', async () => {
    await recordMailFailure(t.database.db, {
      recipient: 'j***@example.com',
      subject: 'Welcome',
      error: 'connect ECONNREFUSED',
    });
    await t.deps.processMonitor.beat(t.database.db, 3);
    const res = await admin.client.get(SYSTEM);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = ServiceSystemSchema.parse(await res.json());
    expect(body.database.kind).toBe(t.database.kind);
    expect(body.database.migrations.applied).toBeGreaterThan(20);
    expect(body.database.migrations.last).toMatch(/^\d{4}_/);
    expect(body.mail.mode).toBe('mailbox');
    expect(body.mail.failures24h).toBe(1);
    expect(body.mail.recentFailures[0]).toMatchObject({ subject: 'Welcome' });
    const me = body.processes.find((p) => p.id === t.deps.processMonitor.id);
    expect(me).toMatchObject({ liveConnections: 3, gone: false, pid: process.pid });
    expect(body.queues.map((q) => q.name)).toContain(FAIL_ONCE_QUEUE);
    // The allow-list only: no secret ever.
    const text = JSON.stringify(body.config);
    expect(text).not.toContain(t.deps.config.authSecret);
    expect(body.config.map((c) => c.key)).not.toContain('authSecret');
  });

  it('shows a process not seen for a minute as gone', async () => {
    await t.database.db
      .update(serverProcesses)
      .set({ lastSeen: new Date(Date.now() - 120_000) })
      .where(eq(serverProcesses.id, t.deps.processMonitor.id));
    const body = ServiceSystemSchema.parse(await (await admin.client.get(SYSTEM)).json());
    expect(body.processes.find((p) => p.id === t.deps.processMonitor.id)?.gone).toBe(true);
  });
});

describe('failed jobs', () => {
  it('lists a failed job with its error, retries it (audited) and it then succeeds', async () => {
    const jobId = await queue.send(FAIL_ONCE_QUEUE, {}, { retryLimit: 0 });
    expect(jobId).toBeTruthy();
    const failed = await waitFor(
      async () => (await failedJobs()).items.find((j) => j.id === jobId),
      15_000,
      'the job to fail',
    );
    expect(failed.queue).toBe(FAIL_ONCE_QUEUE);
    expect(failed.error).toContain('Failed on purpose');
    const overview = ServiceOverviewSchema.parse(
      await (await admin.client.get('/api/v1/service/overview')).json(),
    );
    expect(overview.failedJobs).toBeGreaterThanOrEqual(1);

    const retried = ServiceJobSchema.parse(
      await (await admin.client.post(`${JOBS}/${jobId}/retry`, {})).json(),
    );
    expect(retried.state).toBe('retry');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.job_retried'), eq(auditLog.targetId, jobId!)));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actorUserId).toBe(admin.uid);

    await waitFor(
      async () => {
        const done = ServiceJobListSchema.parse(
          await (await admin.client.get(`${JOBS}?state=completed&limit=100`)).json(),
        );
        return done.items.some((j) => j.id === jobId);
      },
      15_000,
      'the retried job to complete',
    );
    // A job that has not failed cannot be retried: 409 with its state.
    const again = await admin.client.post(`${JOBS}/${jobId}/retry`, {});
    expect(again.status).toBe(409);
    expect(
      ((await again.json()) as { error: { details?: { state?: string } } }).error.details?.state,
    ).toBe('completed');
  });

  it('deletes a job (audited); an unknown one is 404', async () => {
    const jobId = await queue.send(FAIL_ONCE_QUEUE, {}, { retryLimit: 0 });
    await waitFor(
      async () => (await failedJobs()).items.some((j) => j.id === jobId),
      15_000,
      'the job to fail',
    );
    await expectStatus(admin.client.request(`${JOBS}/${jobId}`, { method: 'DELETE' }), 204);
    expect((await failedJobs()).items.some((j) => j.id === jobId)).toBe(false);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.job_deleted'), eq(auditLog.targetId, jobId!)));
    expect(entries).toHaveLength(1);
    await expectStatus(admin.client.request(`${JOBS}/${jobId}`, { method: 'DELETE' }), 404);
    await expectStatus(admin.client.post(`${JOBS}/not-a-uuid/retry`, {}), 400);
  });

  it('pages with a cursor and refuses one of another state', async () => {
    for (let i = 0; i < 2; i++) await queue.send(FAIL_ONCE_QUEUE, {}, { retryLimit: 0 });
    await waitFor(async () => (await failedJobs()).items.length >= 2, 15_000, 'two failed jobs');
    const first = ServiceJobListSchema.parse(
      await (await admin.client.get(`${JOBS}?state=failed&limit=1`)).json(),
    );
    expect(first.nextCursor).not.toBeNull();
    const second = ServiceJobListSchema.parse(
      await (
        await admin.client.get(`${JOBS}?state=failed&limit=1&cursor=${first.nextCursor}`)
      ).json(),
    );
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    await expectStatus(admin.client.get(`${JOBS}?state=completed&cursor=${first.nextCursor}`), 400);
  });
});
